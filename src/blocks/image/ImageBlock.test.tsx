// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BlockData, BlockFields } from '../../content/models';
import { BlockDataContext } from '../../ui/block-data';
import { ImageBlock } from './ImageBlock';
import { Providers, fields } from '../../../testing/blocks';

describe('image block and the generic block fields', () => {
  const image = (over: Partial<BlockFields>, data: BlockData = { playlists: {} }) =>
    renderToStaticMarkup(
      <Providers>
        <BlockDataContext.Provider value={data}>
          <ImageBlock
            component={{
              kind: 'image',
              id: 'i',
              name: 'i',
              image: { src: 'https://m.example/a', alt: 'Alt' },
              fields: fields(over),
            }}
          />
        </BlockDataContext.Provider>
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

  it('gives the picture and its phone variant their own sizes when the server read them', () => {
    const mobile = { src: 'https://m.example/b', alt: 'Alt' };
    const sizes = { 'https://m.example/a': { width: 1200, height: 800 } };
    // Unknown sizes: the ratio hint on the image, none on the phone variant.
    const hinted = image({ imageMobile: mobile });
    expect(hinted).toMatch(/<source [^>]*srcSet="https:\/\/m.example\/b"(?![^>]*width)[^>]*\/>/);
    expect(hinted).toMatch(/<img [^>]*width="1600" height="600"/);
    const known = image(
      { imageMobile: mobile },
      { playlists: {}, imageSizes: { ...sizes, [mobile.src]: { width: 600, height: 800 } } },
    );
    expect(known).toMatch(/<source [^>]*width="600" height="800"/);
    expect(known).toMatch(/<img [^>]*width="1200" height="800"/);
  });
});
