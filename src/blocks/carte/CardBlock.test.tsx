// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BlockFields } from '../../content/models';
import { CardBlock } from './CardBlock';
import { Providers, fields } from '../../../testing/blocks';

const card = (over: Partial<BlockFields>) =>
  renderToStaticMarkup(
    <Providers locale="en">
      <CardBlock component={{ kind: 'carte', id: 'c', name: 'c', fields: fields(over) }} />
    </Providers>,
  );

describe('card block and the generic block fields', () => {
  it('is in the page container unless fluid', () => {
    expect(card({})).toMatch(/^<div class="frame-contained /);
    expect(card({ fluid: true })).toMatch(/^<div class="frame-fluid /);
  });

  it('takes its background colour and paddings from the palette and spacing classes', () => {
    const out = card({ fondCouleur: 'bleu', tbpadding: '40', thpadding: '10' });
    expect(out).toMatch(/<article class="[^"]*bg-dark[^"]*pad-y-md[^"]*pad-x-sm/);
    expect(card({ fondCouleur: 'fuchsia' })).not.toContain('bg-');
  });

  it('shows over-title, title, sub-title, text, and its mobile image by screen size', () => {
    const out = card({
      overTitle: 'New',
      title: 'Hockey',
      subTitle: 'All season',
      texte: '<p>Every game</p>',
      image: { src: 'https://m.example/big', alt: 'Player' },
      imageMobile: { src: 'https://m.example/small', alt: '' },
    });
    expect(out).toContain('>New</p>');
    expect(out).toMatch(/<h2[^>]*>Hockey<\/h2>/);
    expect(out).toContain('>All season</p>');
    expect(out).toContain('Every game');
    expect(out).toContain('srcSet="https://m.example/small"');
    expect(out).toContain('alt="Player"');
  });

  it('opens its link in a new window when asked, and carries the analytics label', () => {
    const out = card({
      lien: 'https://apps.example/',
      texteLien: 'Learn more',
      nouvelleFenetre: true,
      labelStatsGA: 'card-app',
    });
    expect(out).toContain('target="_blank" rel="noopener noreferrer"');
    // One text for the screen reader's note: no separator between two text nodes.
    expect(out).toContain('<span class="visually-hidden"> (opens in a new window)</span>');
    expect(out.match(/data-stats-ga="card-app"/g)).toHaveLength(2);
  });
});
