import { parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import {
  MOTIFS,
  PRODUCT_GLYPHS,
  SOCIAL_GLYPHS,
  SPORTS,
  artworkSvg,
  motifIn,
  sportFor,
  sportIn,
  type Artwork,
} from './artwork';

/** One artwork of every kind (and every sport and glyph). */
const EVERY_ARTWORK: readonly Artwork[] = [
  ...SPORTS.flatMap((sport): Artwork[] => [
    { kind: 'scene', sport },
    { kind: 'thumbnail', sport },
    { kind: 'ticket', sport },
    { kind: 'sport-badge', sport },
    { kind: 'crest', sport },
  ]),
  ...MOTIFS.flatMap((motif): Artwork[] => [
    { kind: 'scene', sport: 'hockey', motif },
    { kind: 'thumbnail', sport: 'soccer', motif },
  ]),
  { kind: 'crest' },
  { kind: 'portrait' },
  { kind: 'columnist' },
  { kind: 'tile' },
  ...PRODUCT_GLYPHS.map((glyph): Artwork => ({ kind: 'product', glyph })),
  ...SOCIAL_GLYPHS.map((glyph): Artwork => ({ kind: 'social', glyph })),
];

const SIZES = [
  [1600, 600],
  [750, 1000],
  [480, 800],
  [400, 400],
  [120, 90],
] as const;

interface Element {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Element[];
}

/** Every element of a parsed fragment, depth first. */
function elementsOf(node: Element): Element[] {
  return [node, ...(node.childNodes ?? []).flatMap(elementsOf)];
}

describe('demo artwork', () => {
  it('gives the same SVG for the same seed and a different one for another seed', () => {
    for (const art of EVERY_ARTWORK) {
      expect(artworkSvg(art, 'jcr:one', 640, 800)).toBe(artworkSvg(art, 'jcr:one', 640, 800));
    }
    const seeded: Artwork[] = [
      { kind: 'scene', sport: 'hockey' },
      { kind: 'ticket', sport: 'soccer' },
      { kind: 'portrait' },
      { kind: 'tile' },
    ];
    for (const art of seeded) {
      expect(artworkSvg(art, 'jcr:one', 640, 800)).not.toBe(artworkSvg(art, 'jcr:two', 640, 800));
    }
  });

  it('is well-formed SVG of the asked size, with no text, script, link or foreign object', () => {
    for (const art of EVERY_ARTWORK) {
      for (const [width, height] of SIZES) {
        const svg = artworkSvg(art, `seed ${art.kind}`, width, height);
        expect(svg).toMatch(
          new RegExp(
            `^<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">.*</svg>$`,
          ),
        );
        // Balanced tags: every element opened is closed (or self-closed).
        const opened = svg.match(/<[a-zA-Z][^>]*[^/]>/g)?.length ?? 0;
        const closed = svg.match(/<\/[a-zA-Z]+>/g)?.length ?? 0;
        expect(opened, `${art.kind} ${width}×${height}`).toBe(closed);
        expect(svg).not.toMatch(/NaN|undefined|Infinity/);
        const elements = elementsOf(parseFragment(svg));
        const names = new Set(elements.map((element) => element.nodeName));
        for (const banned of ['text', 'tspan', 'script', 'a', 'foreignObject', 'image', 'use'])
          expect(names.has(banned), `${art.kind} has <${banned}>`).toBe(false);
        const attributes = elements.flatMap((element) => element.attrs ?? []);
        expect(attributes.filter((attr) => /^on|href$/i.test(attr.name))).toEqual([]);
      }
    }
  });

  it('draws nothing of the seed: an id or a field name never appears in the image', () => {
    const seed = 'lot-2026-012 · imagePhotoId';
    for (const art of EVERY_ARTWORK) {
      const svg = artworkSvg(art, seed, 640, 800);
      expect(svg).not.toContain('lot-2026');
      expect(svg).not.toContain('imagePhotoId');
    }
  });

  it('stays small: a few kilobytes per image', () => {
    for (const art of EVERY_ARTWORK) {
      expect(artworkSvg(art, 'jcr:size', 1600, 600).length, art.kind).toBeLessThan(8_000);
    }
  });

  it('reads the sport from French or English words, else picks one by the seed', () => {
    expect(sportIn('Les gardiens en forme')).toBe('hockey');
    expect(sportIn('Soirée panier')).toBe('basketball');
    expect(sportIn('The European derby')).toBe('soccer');
    expect(sportIn('Football playoffs')).toBe('football');
    expect(sportIn('Nouvelle saison')).toBeUndefined();
    expect(SPORTS).toContain(sportFor('Nouvelle saison', 'jcr:x'));
    expect(sportFor('Nouvelle saison', 'jcr:x')).toBe(sportFor('New season', 'jcr:x'));
  });

  it('draws each subject in a composition of its own, not one icon in a ring for all', () => {
    // The skeleton of a picture: its elements in order, without coordinates or colours.
    const skeleton = (svg: string): string =>
      elementsOf(parseFragment(svg))
        .map((element) => element.nodeName)
        .filter((name) => !name.startsWith('#'))
        .join(' ');
    for (const sport of SPORTS) {
      const shapes = MOTIFS.map((motif) =>
        skeleton(artworkSvg({ kind: 'scene', sport, motif }, 'jcr:same', 1600, 600)),
      );
      expect(new Set(shapes).size, sport).toBe(MOTIFS.length);
    }
  });

  it('reads the subject from French or English words', () => {
    expect(motifIn('Combinés · Combiné bonifié')).toBe('parlay');
    expect(motifIn('Parlay boost')).toBe('parlay');
    expect(motifIn('Un aréna plein un soir de match')).toBe('arena');
    expect(motifIn('A packed arena on game night')).toBe('arena');
    expect(motifIn('Paris en direct')).toBe('live');
    expect(motifIn('Live betting')).toBe('live');
    expect(motifIn('Mise remboursée')).toBe('refund');
    expect(motifIn('Cote bonifiée')).toBe('boost');
    expect(motifIn('Des partisans')).toBe('crowd');
    expect(motifIn('Nouvelle saison')).toBe('calendar');
    expect(motifIn('Bonjour')).toBeUndefined();
  });
});
