// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BlockFields } from '../../content/models';
import { ImageBlock } from './ImageBlock';
import { Providers, fields } from '../../../testing/blocks';

describe('image block and the generic block fields', () => {
  const image = (over: Partial<BlockFields>) =>
    renderToStaticMarkup(
      <Providers>
        <ImageBlock
          component={{
            kind: 'image',
            id: 'i',
            name: 'i',
            image: { src: 'https://m.example/a', alt: 'Alt' },
            fields: fields(over),
          }}
        />
      </Providers>,
    );

  it('takes the frame classes and the analytics label', () => {
    const out = image({ fluid: true, fondCouleur: 'gris', tbpadding: 'lg', labelStatsGA: 'img' });
    expect(out).toMatch(/<figure class="frame-fluid bg-light pad-y-lg /);
    expect(out).toContain('data-stats-ga="img"');
  });

  it('links in a new window when asked', () => {
    const out = image({ lien: '/fr/promotions', nouvelleFenetre: true });
    expect(out).toContain('href="/fr/promotions"');
    expect(out).toContain('target="_blank"');
  });
});
