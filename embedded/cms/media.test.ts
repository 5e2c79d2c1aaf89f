import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Artwork } from './artwork';
import type { JsonValue } from './content-schema';
import { defaultContentDir, loadContent } from './load';
import { createMediaCatalog, createMediaHandler, openGraphFile, type MediaCatalog } from './media';
import { isObject } from './wire';

/** The first node of a content tree with that name, depth first. */
function nodeNamed(value: JsonValue, name: string): Record<string, JsonValue> | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = nodeNamed(item, name);
      if (found) return found;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  if (value.name === name) return value;
  for (const child of Object.values(value)) {
    const found = nodeNamed(child, name);
    if (found) return found;
  }
  return undefined;
}

const catalog: MediaCatalog = {
  ids: new Map([
    ['jcr:abc', { shape: 'landscape' as const, art: { kind: 'scene', sport: 'hockey' } }],
  ]),
  assets: new Map(),
  openGraphDir: path.join(defaultContentDir(), 'opengraph'),
};
const handle = createMediaHandler(catalog);

/** Width and height from a JPEG's start-of-frame segment. */
const jpegSize = (body: string | Buffer) => {
  const bytes = Buffer.from(body);
  expect(bytes.readUInt16BE(0)).toBe(0xffd8);
  for (let at = 2; at + 9 <= bytes.length; at += 2 + bytes.readUInt16BE(at + 2)) {
    const marker = bytes.readUInt16BE(at);
    // SOF0..SOF15 but DHT (c4), JPG (c8) and DAC (cc).
    if (marker >= 0xffc0 && marker <= 0xffcf && ![0xffc4, 0xffc8, 0xffcc].includes(marker)) {
      return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
    }
  }
  return undefined;
};

describe('media stand-in and the width parameter (MEDIA_WIDTH_PARAM)', () => {
  it('serves the OpenGraph picture at its own size, with or without a width', () => {
    for (const query of ['', 'w=640', 'width=320', 'w=abc']) {
      const reply = handle('/dam/jcr:abc/opengraph.jpg', new URLSearchParams(query));
      expect(reply?.status).toBe(200);
      expect(jpegSize(reply?.body ?? '')).toEqual({ width: 1200, height: 630 });
    }
  });

  it('accepts it for SVG images, which scale by themselves', () => {
    const plain = handle('/dam/jcr:abc/image');
    const sized = handle('/dam/jcr:abc/image', new URLSearchParams('w=320'));
    expect(sized?.status).toBe(200);
    expect(sized?.body).toEqual(plain?.body);
  });
});

describe('demo media: artwork, never labels', () => {
  const demo = createMediaCatalog(loadContent());
  const serve = createMediaHandler(demo);
  const served = [
    ...[...demo.ids.keys()].map((id) => `/dam/${encodeURIComponent(id)}/image`),
    ...demo.assets.keys(),
  ];

  it('serves every image the demo content references as a text-free SVG', () => {
    expect(served.length).toBeGreaterThan(100);
    for (const path of served) {
      const reply = serve(path);
      expect(reply?.status, path).toBe(200);
      const svg = String(reply?.body);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), path).toBe(true);
      expect(svg, path).not.toMatch(/<text|<tspan|aria-label/);
      // Neither ids, field names nor file names: nothing in it comes from the content.
      expect(svg, path).not.toMatch(/jcr:|image[A-Z]\w*Id|imageId|lot-20|\.svg|chroniques\//);
    }
  });

  it('chooses the artwork by use: tickets, winners, columnist, logos, tiles, scenes', () => {
    const kinds = new Set([...demo.ids.values(), ...demo.assets.values()].map((e) => e.art.kind));
    for (const kind of ['ticket', 'portrait', 'columnist', 'product', 'social', 'tile', 'scene'])
      expect(kinds, kind).toContain(kind);
    expect(demo.assets.get('/billets/lot-2026-011.svg')?.art.kind).toBe('ticket');
    expect(demo.assets.get('/gagnants/lot-2026-011.svg')?.art.kind).toBe('portrait');
    expect(demo.assets.get('/chroniqueurs/marc-andre-levesque.svg')?.art.kind).toBe('columnist');
    expect(demo.assets.get('/logos/youtube.svg')?.art).toEqual({
      kind: 'social',
      glyph: 'youtube',
    });
    expect(demo.assets.get('/logos/hockey.svg')?.art).toEqual({
      kind: 'sport-badge',
      sport: 'hockey',
    });
  });

  it("gives a page's OpenGraph image the scene of its sport, drawn ahead of time", () => {
    const bySport = new Map<string, Buffer>();
    for (const [id, entry] of demo.ids) {
      if (entry.shape !== 'opengraph') continue;
      const reply = serve(`/dam/${encodeURIComponent(id)}/opengraph.jpg`);
      expect(reply?.headers['content-type'], id).toBe('image/jpeg');
      if (entry.art.kind === 'scene') bySport.set(entry.art.sport, Buffer.from(reply?.body ?? ''));
    }
    expect(bySport.size).toBeGreaterThan(2);
    for (const [sport, body] of bySport) {
      // The committed picture itself, small enough for a share preview.
      expect(body.length, sport).toBeLessThan(60_000);
      expect(jpegSize(body), sport).toEqual({ width: 1200, height: 630 });
      // Not the former flat block with a band (a few KB): a scene with its detail.
      expect(body.length, sport).toBeGreaterThan(20_000);
    }
  });

  it("gives each page its own scene's composition, not its sport's emblem (issue 33)", () => {
    const emblems = new Set<string>();
    for (const [id, entry] of demo.ids) {
      if (entry.shape !== 'opengraph' || entry.art.kind !== 'scene') continue;
      // Drawn by scripts/generate-opengraph.ts: run it again when this fails.
      const file = path.join(demo.openGraphDir, openGraphFile(entry.art));
      expect(existsSync(file), `${id}: ${file}`).toBe(true);
      const body = Buffer.from(serve(`/dam/${encodeURIComponent(id)}/opengraph.jpg`)?.body ?? '');
      expect(body.equals(readFileSync(file)), id).toBe(true);
      const emblem = readFileSync(path.join(demo.openGraphDir, `${entry.art.sport}.jpg`));
      if ((entry.art.motif ?? 'emblem') !== 'emblem') expect(body.equals(emblem), id).toBe(false);
      else emblems.add(id);
    }
    // Most pages show a composition (an arena, a trophy, a column…), as their header does; two
    // chroniques show their sport's emblem because their text alternative says so (issue 45).
    expect(emblems.size).toBeLessThan(4);
  });

  const content = loadContent();
  const json = (value: object): JsonValue => value as JsonValue;
  const page = (url: string): JsonValue =>
    json(content.pages.find((entry) => entry.page.URLfr === url)?.page ?? {});
  const artOf = (node: Record<string, JsonValue> | undefined, key: string): Artwork | undefined => {
    const value = node?.[key];
    if (typeof value === 'string') return demo.ids.get(value)?.art;
    const path = isObject(value) ? value['@path'] : undefined;
    return typeof path === 'string' ? demo.assets.get(path)?.art : undefined;
  };

  it('never serves two images the same picture', () => {
    const bodies = served.map((path) => String(serve(path)?.body));
    expect(new Set(bodies).size).toBe(bodies.length);
  });

  it("prints a lot's ticket with the lot's own sport: the Montréal hockey lot's is a hockey one", () => {
    const montreal = nodeNamed(json(content.lots.lots), 'lot-2026-001');
    const ticket = isObject(montreal?.billet) ? montreal.billet : undefined;
    expect(artOf(ticket, 'imageBilletId')).toMatchObject({ kind: 'ticket', sport: 'hockey' });
    for (const lot of content.lots.lots) {
      const node = json(lot);
      if (!isObject(node) || !isObject(node.billet) || !Array.isArray(node.sports)) continue;
      const first = node.sports[0];
      const art = artOf(node.billet, 'imageBilletId') ?? artOf(node.billet, 'imageBillet');
      const sport = isObject(first) ? first.name : undefined;
      if (sport === 'multisport') continue;
      expect(art, lot.name).toMatchObject({ kind: 'ticket', sport });
    }
  });

  it('pictures what each promotion and offer is about, no two home offers alike', () => {
    const combine = nodeNamed(page('promotions'), 'promo-combine');
    for (const key of ['imageGaucheId', 'imageDroiteId', 'imageMobileId'])
      expect(artOf(combine, key), key).toMatchObject({ kind: 'scene', motif: 'parlay' });
    const home = page('accueil');
    expect(artOf(nodeNamed(home, 'image-stade'), 'imageId')).toMatchObject({ motif: 'arena' });
    expect(artOf(nodeNamed(home, 'promo-hockey'), 'imageGaucheId')).toMatchObject({
      sport: 'hockey',
      motif: 'refund',
    });
    const offers = nodeNamed(home, 'offres-accueil')?.offres;
    const motifs = (Array.isArray(offers) ? offers.slice(0, 6) : []).map((offer) => {
      const art = isObject(offer) ? artOf(offer, 'imageId') : undefined;
      return art?.kind === 'scene' ? art.motif : undefined;
    });
    expect(motifs).toEqual(['refund', 'boost', 'parlay', 'live', 'phone', 'limits']);
  });
});
