/**
 * Demo media made on the fly: one SVG per media id or static asset path referenced by the
 * content (artwork chosen by where the image is used, drawn by ./artwork.ts, with no text),
 * and for OpenGraph images a JPEG of the page's scene (its sport and composition), drawn from the same artwork ahead of
 * time (scripts/generate-opengraph.ts; a raster needs a renderer, which the service has not).
 * Only media the content references exists; anything else is a 404.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cacheableReply, notFound, type Reply } from '../http';
import {
  SPORTS,
  artworkSvg,
  motifFor,
  sportFor,
  sportIn,
  type Artwork,
  type ProductGlyph,
  type SocialGlyph,
  type Sport,
  TICKET_PRODUCTS,
  type TicketProduct,
} from './artwork';
import type { JsonValue } from './content-schema';
import type { Content } from './load';
import { peopleCount } from './people';
import { isObject } from './wire';

type Shape = 'landscape' | 'square' | 'portrait' | 'photo' | 'mobile' | 'opengraph';

const SIZES: Record<Shape, { width: number; height: number }> = {
  landscape: { width: 1600, height: 600 },
  square: { width: 400, height: 400 },
  portrait: { width: 480, height: 800 },
  photo: { width: 640, height: 800 },
  mobile: { width: 750, height: 1000 },
  opengraph: { width: 1200, height: 630 },
};

/** Lists whose images are logos. */
const LOGO_CONTEXTS = new Set([
  'logos-medias-sociaux',
  'logos-corpo',
  'partenaires',
  'produit',
  'sports',
  'chroniqueur',
]);

interface MediaEntry {
  shape: Shape;
  art: Artwork;
}

export interface MediaCatalog {
  ids: ReadonlyMap<string, MediaEntry>;
  assets: ReadonlyMap<string, MediaEntry>;
  /** Where the OpenGraph pictures are, `{sport}.jpg` (the content's `opengraph/`). */
  openGraphDir: string;
}

function shapeFor(key: string, ancestors: readonly string[], assetPath?: string): Shape {
  if (key.includes('Billet')) return 'portrait';
  if (key.includes('Photo')) return 'photo';
  if (key.includes('Mobile')) return 'mobile';
  if (ancestors.some((name) => LOGO_CONTEXTS.has(name))) return 'square';
  if (assetPath?.startsWith('/logos/') === true) return 'square';
  if (assetPath?.includes('decoration') === true) return 'portrait';
  if (key === 'imageId' && ancestors.length === 0) return 'opengraph'; // a page's own image
  return 'landscape';
}

/** Every text of a node, both languages: what its image may be about. */
function textsOf(node: Record<string, JsonValue>): string {
  const texts: string[] = [];
  for (const value of Object.values(node)) {
    if (typeof value === 'string' && !value.startsWith('jcr:')) texts.push(value);
    else if (isObject(value))
      for (const inner of Object.values(value)) if (typeof inner === 'string') texts.push(inner);
  }
  return texts.join(' ');
}

const SOCIAL_BY_FILE: Record<string, SocialGlyph> = {
  facebook: 'facebook',
  instagram: 'instagram',
  youtube: 'youtube',
  x: 'x',
  '18-plus': 'adults-only',
};

const PRODUCT_BY_WORD: readonly [RegExp, ProductGlyph][] = [
  [/sélection|selection/i, 'star'],
  [/duel/i, 'duel'],
  [/combin/i, 'combo'],
];

/**
 * The artwork that suits where an image is used: the list it sits in, the field that holds
 * it, the sport its node speaks of (its texts, both languages) or, in a lot, the lot's first
 * sport, and the subject its texts name (a parlay, an arena: ./compositions.ts). The seed is the
 * media id.
 */
function artFor(
  key: string,
  ancestors: readonly string[],
  hint: string,
  seed: string,
  assetPath?: string,
  lot?: LotArt,
): Artwork {
  const lotSport = lot?.sports[0];
  const path = assetPath ?? '';
  const file =
    path
      .split('/')
      .at(-1)
      ?.replace(/\.svg$/, '') ?? '';
  const within = (name: string): boolean => ancestors.includes(name);
  const text = `${hint} ${path}`;
  if (key.includes('Billet') || path.startsWith('/billets/')) {
    const sport = lotSport ?? sportFor(text, seed);
    return { kind: 'ticket', sport, product: lot?.product, sports: lot?.sports };
  }
  if (key.includes('Photo') || path.startsWith('/gagnants/')) return { kind: 'portrait' };
  if (within('chroniqueur') || path.startsWith('/chroniqueurs/')) return { kind: 'columnist' };
  if (within('logos-medias-sociaux') || SOCIAL_BY_FILE[file])
    return { kind: 'social', glyph: SOCIAL_BY_FILE[file] ?? 'facebook' };
  if (within('produit') || path.startsWith('/logos/produit')) {
    const glyph = PRODUCT_BY_WORD.find(([words]) => words.test(text))?.[1] ?? 'aurora';
    return { kind: 'product', glyph };
  }
  if (within('logos-corpo') || within('partenaires') || path.startsWith('/logos/club'))
    return { kind: 'crest', sport: sportIn(text) };
  if (within('sports') || path.startsWith('/logos/')) {
    const sport = sportIn(text);
    return sport ? { kind: 'sport-badge', sport } : { kind: 'product', glyph: 'aurora' };
  }
  if (within('vignettes') || path.startsWith('/decoration/')) return { kind: 'tile' };
  // A scene's folder names the kind of page it belongs to (`/chroniques/`), not its subject.
  const subject = `${hint} ${file}`;
  return {
    kind: 'scene',
    sport: lotSport ?? sportFor(subject, seed),
    motif: motifFor(subject, seed),
  };
}

/** What a lot's pictures show: its sports (`sports[].name`, the first leading) and its product. */
interface LotArt {
  sports: Sport[];
  product?: TicketProduct;
}

function lotArtOf(node: Record<string, JsonValue>): LotArt | undefined {
  const sports = node.sports;
  if (!Array.isArray(sports)) return undefined;
  const names = sports.map((sport) => (isObject(sport) ? sport.name : undefined));
  const produit = isObject(node.produit) ? node.produit.name : undefined;
  return {
    sports: SPORTS.filter((sport) => names.includes(sport)).sort(
      (a, b) => names.indexOf(a) - names.indexOf(b),
    ),
    product: TICKET_PRODUCTS.find((product) => product === produit),
  };
}

/** The names a winner's node gives (`noms`, one text or one per language), both languages. */
function namesOf(node: Record<string, JsonValue>): string {
  const names = node.noms;
  if (typeof names === 'string') return names;
  return isObject(names)
    ? Object.values(names)
        .filter((name) => typeof name === 'string')
        .join(' ')
    : '';
}

/**
 * Each portrait its own people: the n-th person drawn is person n of ./people.ts, so no two
 * winners (nor a group's members, nor columnists) share a face.
 */
function numberPeople(): (art: Artwork, node: Record<string, JsonValue>) => Artwork {
  let winners = 0;
  let columnists = 0;
  return (art, node) => {
    if (art.kind === 'portrait') {
      const people = peopleCount(namesOf(node));
      winners += people;
      return { ...art, people, first: winners - people };
    }
    // Columnists count from far beyond any demo's winners.
    if (art.kind === 'columnist') return { ...art, person: 200 + columnists++ };
    return art;
  };
}

export function createMediaCatalog(content: Content): MediaCatalog {
  const ids = new Map<string, MediaEntry>();
  const assets = new Map<string, MediaEntry>();
  const numbered = numberPeople();

  const walk = (
    value: JsonValue,
    ancestors: readonly string[],
    parentContext: string,
    parentLot?: LotArt,
  ): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item, ancestors, parentContext, parentLot);
      return;
    }
    if (!isObject(value)) return;
    const context = typeof value.name === 'string' ? value.name : parentContext;
    // A chronique's pictures show its subject: every one is a column, which says nothing of it.
    const texts = `${context} ${textsOf(value)}`;
    const hint =
      value.type === 'chronique' ? texts.replace(/\b(chroniques?|columns?)\b/gi, '') : texts;
    const lot = lotArtOf(value) ?? parentLot;
    for (const [key, child] of Object.entries(value)) {
      if (key.startsWith('image') && typeof child === 'string' && child.startsWith('jcr:')) {
        if (!ids.has(child))
          ids.set(child, {
            shape: shapeFor(key, ancestors),
            art: numbered(artFor(key, ancestors, hint, child, undefined, lot), value),
          });
      } else if (isObject(child) && typeof child['@path'] === 'string') {
        const assetPath = child['@path'];
        if (!assets.has(assetPath)) {
          assets.set(assetPath, {
            shape: shapeFor(key, ancestors, assetPath),
            art: numbered(artFor(key, ancestors, hint, assetPath, assetPath, lot), value),
          });
        }
      } else {
        walk(child, [...ancestors, key], context, lot);
      }
    }
  };

  const json = (value: object): JsonValue => value as JsonValue;
  walk(json(content.site), [], 'site');
  for (const entry of content.pages) walk(json(entry.page), [], entry.page.URLfr);
  walk(json(content.lots.lots), ['lots'], 'lots');
  walk(json(content.tiles.vignettes), ['vignettes'], 'vignettes');
  return { ids, assets, openGraphDir: path.join(content.dir, 'opengraph') };
}

export type OpenGraphArt = Extract<Artwork, { kind: 'scene' }>;

/**
 * The file of a scene's OpenGraph picture in the content's `opengraph/`: `{sport}.jpg` for the
 * sport's emblem, `{sport}-{motif}.jpg` for a composition (scripts/generate-opengraph.ts).
 */
export function openGraphFile(art: OpenGraphArt): string {
  const motif = art.motif ?? 'emblem';
  return motif === 'emblem' ? `${art.sport}.jpg` : `${art.sport}-${motif}.jpg`;
}

/** Every scene a page of the demo shows as its OpenGraph picture, each once. */
export function openGraphScenes(catalog: MediaCatalog): OpenGraphArt[] {
  const scenes = new Map<string, OpenGraphArt>();
  for (const entry of catalog.ids.values()) {
    if (entry.shape === 'opengraph' && entry.art.kind === 'scene')
      scenes.set(openGraphFile(entry.art), entry.art);
  }
  return [...scenes.values()];
}

/** The artwork of a catalogued image at its shape's size: well-formed, script-free, text-free. */
function demoSvg(key: string, entry: MediaEntry): string {
  const { width, height } = SIZES[entry.shape];
  return artworkSvg(entry.art, key, width, height);
}

/**
 * Answers `/dam/{imageId}/{fileName}` and the static asset paths; `null` if not media. A width
 * parameter (MEDIA_WIDTH_PARAM) is taken without effect: the SVGs scale by themselves, and the
 * OpenGraph pictures have one size (share previews ask for no width).
 */
export function createMediaHandler(
  catalog: MediaCatalog,
): (pathname: string, query?: URLSearchParams) => Reply | null {
  const pictures = new Map<string, Buffer>();
  const picture = (art: OpenGraphArt): Buffer => {
    const file = openGraphFile(art);
    let jpeg = pictures.get(file);
    if (!jpeg) {
      const drawn = path.join(catalog.openGraphDir, file);
      // A scene the script has not drawn (a draft's, say) borrows its sport's emblem.
      jpeg = readFileSync(
        existsSync(drawn) ? drawn : path.join(catalog.openGraphDir, `${art.sport}.jpg`),
      );
      pictures.set(file, jpeg);
    }
    return jpeg;
  };
  return (pathname) => {
    const dam = /^\/dam\/([^/]+)\/([^/]+)$/.exec(pathname);
    if (dam) {
      let id: string;
      try {
        id = decodeURIComponent(dam[1] ?? '');
      } catch {
        return notFound();
      }
      const entry = catalog.ids.get(id);
      if (!entry) return notFound();
      if (dam[2] === 'opengraph.jpg') {
        // A page's image is a scene (artFor): its own composition. Any other use borrows a
        // sport's emblem by its seed.
        const art: OpenGraphArt =
          entry.art.kind === 'scene' ? entry.art : { kind: 'scene', sport: sportFor('', id) };
        return cacheableReply(picture(art), 'image/jpeg');
      }
      return cacheableReply(demoSvg(id, entry), 'image/svg+xml');
    }
    if (pathname.startsWith('/dam/')) return notFound();
    const asset = catalog.assets.get(pathname);
    return asset ? cacheableReply(demoSvg(pathname, asset), 'image/svg+xml') : null;
  };
}
