/**
 * Demo artwork drawn by code: small vector illustrations in the brand's colours (navy and
 * yellow, the site's tokens), one per use (sports scenes, winning tickets, winners'
 * portraits, logos, columnists, decorative tiles, video thumbnails). Pure and deterministic:
 * the same request always gives the same SVG. No image carries any text, so none can show a
 * field name or a word of the wrong language (docs/decisions/0033-demo-artwork.md).
 */

import { compositionSvg, type Motif } from './compositions';
import { columnistPerson, peopleSvg } from './people';
import { ticketSvg, type TicketProduct } from './tickets';
import {
  PALETTE,
  SPORTS,
  auroraMark,
  bands,
  fieldLines,
  hashOf,
  n,
  open,
  pick,
  pictogram,
  placeIcon,
  randomFrom,
  sparkles,
  starPoints,
  type Sport,
} from './artwork-kit';

export { PALETTE, SPORTS, type Sport };
export { MOTIFS, motifFor, motifIn, type Motif } from './compositions';
export { TICKET_PRODUCTS, type TicketProduct } from './tickets';

export const SOCIAL_GLYPHS = ['facebook', 'instagram', 'youtube', 'x', 'adults-only'] as const;
export type SocialGlyph = (typeof SOCIAL_GLYPHS)[number];

export const PRODUCT_GLYPHS = ['star', 'duel', 'combo', 'aurora'] as const;
export type ProductGlyph = (typeof PRODUCT_GLYPHS)[number];

export type Artwork =
  | { kind: 'scene'; sport: Sport; motif?: Motif }
  | { kind: 'thumbnail'; sport: Sport; motif?: Motif }
  | { kind: 'ticket'; sport: Sport; product?: TicketProduct; sports?: readonly Sport[] }
  | { kind: 'portrait'; people?: number; first?: number }
  | { kind: 'columnist'; person?: number }
  | { kind: 'tile' }
  | { kind: 'sport-badge'; sport: Sport }
  | { kind: 'crest'; sport?: Sport }
  | { kind: 'product'; glyph: ProductGlyph }
  | { kind: 'social'; glyph: SocialGlyph };

/** A sport's own name wins over the words that only hint at one ("playoffs"). */
const SPORT_NAMES: readonly [Sport, RegExp][] = [
  ['hockey', /hockey/i],
  ['basketball', /basket/i],
  ['baseball', /baseball/i],
  ['tennis', /tennis/i],
  ['football', /football/i],
  ['soccer', /soccer/i],
];
const SPORT_HINTS: readonly [Sport, RegExp][] = [
  ['hockey', /gardien|goalie|patinoire|rink|rondelle|puck|séries|playoff/i],
  ['basketball', /panier|hoop/i],
  ['baseball', /marbre|home run|circuit/i],
  ['tennis', /raquette|racket/i],
  ['football', /touché|touchdown|quart-arrière|quarterback/i],
  ['soccer', /ballon|derby|européen|european|coupe|cup|\bbut\b|goal\b/i],
];

/** The sport a text speaks of, if any. */
export function sportIn(text: string): Sport | undefined {
  return (
    SPORT_NAMES.find(([, words]) => words.test(text))?.[0] ??
    SPORT_HINTS.find(([, words]) => words.test(text))?.[0]
  );
}

/** The sport a text speaks of, else one chosen by the seed. */
export function sportFor(text: string, seed: string): Sport {
  return sportIn(text) ?? pick(randomFrom(`sport ${seed}`), SPORTS);
}

// ---------------------------------------------------------------------------------------------
// The kinds of artwork.

function scene(sport: Sport, seed: string, width: number, height: number, play: boolean): string {
  const random = randomFrom(seed);
  const wide = width / height > 1.2;
  // The subject stays right of the middle (a header's title sits bottom left) and within the
  // middle two thirds, so that a 16:9 crop of a wide image on a phone keeps it whole.
  const cx = wide ? width * 0.64 : width / 2;
  const cy = wide ? height / 2 : height * 0.46;
  const size = wide ? height * 0.62 : width * 0.62;
  const fieldW = wide ? width * 0.9 : width * 1.3;
  const fieldH = wide ? height * 0.8 : width * 0.75;
  return [
    open(width, height),
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${PALETTE.deep}"/><stop offset="1" stop-color="${PALETTE.navy2}"/></linearGradient>`,
    `<radialGradient id="l" cx="${n(cx / width)}" cy="${n(cy / height)}" r="0.5"><stop offset="0" stop-color="${PALETTE.sky}" stop-opacity="0.55"/><stop offset="1" stop-color="${PALETTE.sky}" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    `<g opacity="0.14">${fieldLines(sport, (width - fieldW) / 2, (height - fieldH) / 2, fieldW, fieldH)}</g>`,
    `<rect width="${width}" height="${height}" fill="url(#l)"/>`,
    bands(wide ? width * (0.8 + random() * 0.04) : width * 0.62, height, width, random),
    sparkles(width, height, random, 14),
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(size * 0.56)}" fill="${PALETTE.navy}" stroke="${PALETTE.yellow}" stroke-width="${n(size * 0.035)}"/>`,
    placeIcon(pictogram(sport, 'p'), cx, cy, size * 0.8),
    play
      ? `<circle cx="${n(width / 2)}" cy="${n(height / 2)}" r="${n(height * 0.16)}" fill="${PALETTE.yellow}"/><path d="M${n(width / 2 - height * 0.05)} ${n(height / 2 - height * 0.08)}V${n(height / 2 + height * 0.08)}L${n(width / 2 + height * 0.08)} ${n(height / 2)}Z" fill="${PALETTE.navy}"/>`
      : '',
    '</svg>',
  ].join('');
}

const BACKDROPS = [
  [PALETTE.steel, PALETTE.deep],
  [PALETTE.sky, PALETTE.navy2],
  ['#c98f00', '#6b4b00'],
  ['#3e6f5c', '#163328'],
  ['#7a4e8c', '#2f1f3a'],
] as const;

/** People who have numbers of their own unless the content gave them some (./people.ts). */
const PEOPLE_NUMBERS = 385;

function portrait(
  art: Extract<Artwork, { kind: 'portrait' }>,
  seed: string,
  width: number,
  height: number,
): string {
  const random = randomFrom(seed);
  const [light, dark] = pick(random, BACKDROPS);
  const confetti: string[] = [];
  for (let k = 0; k < 14; k++) {
    const x = random() * width;
    const y = random() * height * 0.3;
    const colour = pick(random, [PALETTE.yellow, PALETTE.white, PALETTE.sky]);
    confetti.push(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(width * 0.018)}" height="${n(width * 0.03)}" fill="${colour}" transform="rotate(${n(random() * 180)} ${n(x)} ${n(y)})" opacity="0.85"/>`,
    );
  }
  return [
    open(width, height),
    `<defs><radialGradient id="g" cx="0.5" cy="0.35" r="0.75"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></radialGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    sparkles(width, height * 0.3, random, 10),
    confetti.join(''),
    peopleSvg(art.people ?? 1, art.first ?? hashOf(seed) % PEOPLE_NUMBERS, width, height),
    '</svg>',
  ].join('');
}

function columnist(
  person: number | undefined,
  seed: string,
  width: number,
  height: number,
): string {
  const size = Math.min(width, height);
  const r = size / 2;
  const x = (width - size) / 2;
  const y = (height - size) / 2;
  return [
    open(width, height),
    `<clipPath id="c"><circle cx="${n(width / 2)}" cy="${n(height / 2)}" r="${n(r)}"/></clipPath>`,
    `<g clip-path="url(#c)">`,
    `<rect width="${width}" height="${height}" fill="${PALETTE.yellow}"/>`,
    `<path d="M0 ${n(height * 0.8)}L${width} ${n(height * 0.35)}V${height}H0Z" fill="${PALETTE.gold}" opacity="0.5"/>`,
    `<g transform="translate(${n(x)} ${n(y)})">`,
    columnistPerson(person ?? hashOf(seed) % PEOPLE_NUMBERS, size),
    // A headset microphone: the columnist's trade.
    `<path d="M${n(size * 0.66)} ${n(size * 0.5)}q${n(size * 0.02)} ${n(size * 0.12)} ${n(-size * 0.12)} ${n(size * 0.13)}" fill="none" stroke="${PALETTE.navy}" stroke-width="${n(size * 0.018)}" stroke-linecap="round"/>`,
    '</g></g>',
    '</svg>',
  ].join('');
}

function tile(seed: string, width: number, height: number): string {
  const random = randomFrom(seed);
  const style = pick(random, ['chevrons', 'dots', 'waves', 'stripes'] as const);
  const base = pick(random, [PALETTE.navy, PALETTE.deep, PALETTE.navy2]);
  const step = Math.min(width, height) / (6 + Math.floor(random() * 4));
  const out: string[] = [
    open(width, height),
    `<rect width="${width}" height="${height}" fill="${base}"/>`,
  ];
  if (style === 'chevrons') {
    let d = '';
    for (let y = -step; y < height + step; y += step) {
      for (let x = 0; x < width + step; x += step * 2)
        d += `M${n(x)} ${n(y)}l${n(step)} ${n(step * 0.6)}l${n(step)} ${n(-step * 0.6)}`;
    }
    out.push(
      `<path d="${d}" fill="none" stroke="${PALETTE.yellow}" stroke-width="${n(step * 0.12)}" opacity="0.8"/>`,
    );
  } else if (style === 'dots') {
    const dots: string[] = [];
    for (let y = step / 2; y < height; y += step)
      for (let x = step / 2; x < width; x += step)
        dots.push(
          `M${n(x)} ${n(y)}m-${n(step * 0.16)} 0a${n(step * 0.16)} ${n(step * 0.16)} 0 1 0 ${n(step * 0.32)} 0a${n(step * 0.16)} ${n(step * 0.16)} 0 1 0 -${n(step * 0.32)} 0`,
        );
    out.push(`<path d="${dots.join('')}" fill="${PALETTE.yellow}" opacity="0.75"/>`);
  } else if (style === 'waves') {
    let d = '';
    for (let y = step / 2; y < height + step; y += step * 0.8) {
      d += `M0 ${n(y)}`;
      for (let x = 0; x < width; x += step * 2)
        d += `q${n(step / 2)} ${n(-step / 2)} ${n(step)} 0t${n(step)} 0`;
    }
    out.push(
      `<path d="${d}" fill="none" stroke="${PALETTE.sky}" stroke-width="${n(step * 0.1)}" opacity="0.7"/>`,
    );
    out.push(auroraMark(width / 2, height / 2, Math.min(width, height) * 0.5, PALETTE.yellow));
  } else {
    out.push(
      bands(width * 0.2, height, width * 2, random),
      bands(width * 0.65, height, width * 1.4, random),
    );
  }
  out.push('</svg>');
  return out.join('');
}

function badge(inner: string, width: number, height: number, fill: string, ring: string): string {
  const size = Math.min(width, height);
  return [
    open(width, height),
    `<circle cx="${n(width / 2)}" cy="${n(height / 2)}" r="${n(size * 0.47)}" fill="${fill}" stroke="${ring}" stroke-width="${n(size * 0.04)}"/>`,
    placeIcon(inner, width / 2, height / 2, size * 0.62),
    '</svg>',
  ].join('');
}

function crest(sport: Sport | undefined, seed: string, width: number, height: number): string {
  const random = randomFrom(seed);
  const size = Math.min(width, height);
  const fill = pick(random, [PALETTE.navy, PALETTE.deep, PALETTE.steel]);
  const inner = sport
    ? placeIcon(pictogram(sport, 'c'), 50, 54, 52)
    : `<path d="M50 72 C20 52 28 30 42 32 Q48 33 50 40 Q52 33 58 32 C72 30 80 52 50 72 Z" fill="${PALETTE.yellow}"/>`;
  return [
    open(width, height),
    placeIcon(
      [
        `<path d="M50 4 L90 16 V46 Q90 78 50 96 Q10 78 10 46 V16 Z" fill="${fill}" stroke="${PALETTE.yellow}" stroke-width="4" stroke-linejoin="round"/>`,
        `<path d="M18 22 L50 12 L82 22" fill="none" stroke="${PALETTE.yellow}" stroke-width="3"/>`,
        inner,
      ].join(''),
      width / 2,
      height / 2,
      size * 0.92,
    ),
    '</svg>',
  ].join('');
}

function productGlyph(glyph: ProductGlyph): string {
  switch (glyph) {
    case 'star':
      return `<polygon points="${starPoints(50, 52, 40, 17)}" fill="${PALETTE.yellow}"/>`;
    case 'duel':
      return `<path d="M12 28 L44 50 L12 72 Z" fill="${PALETTE.yellow}"/><path d="M88 28 L56 50 L88 72 Z" fill="${PALETTE.white}"/>`;
    case 'combo':
      return `<g fill="none" stroke-width="8"><circle cx="30" cy="50" r="18" stroke="${PALETTE.yellow}"/><circle cx="50" cy="50" r="18" stroke="${PALETTE.white}"/><circle cx="70" cy="50" r="18" stroke="${PALETTE.yellow}"/></g>`;
    case 'aurora':
      return auroraMark(50, 46, 80, PALETTE.yellow);
  }
}

function product(glyph: ProductGlyph, width: number, height: number): string {
  const size = Math.min(width, height);
  const x = (width - size) / 2;
  const y = (height - size) / 2;
  return [
    open(width, height),
    `<rect x="${n(x + size * 0.04)}" y="${n(y + size * 0.04)}" width="${n(size * 0.92)}" height="${n(size * 0.92)}" rx="${n(size * 0.2)}" fill="${PALETTE.navy}"/>`,
    `<path d="M${n(x + size * 0.04)} ${n(y + size * 0.78)}H${n(x + size * 0.96)}V${n(y + size * 0.76 + size * 0.0)}" stroke="${PALETTE.yellow}" stroke-width="${n(size * 0.03)}"/>`,
    placeIcon(productGlyph(glyph), width / 2, height / 2 - size * 0.05, size * 0.62),
    '</svg>',
  ].join('');
}

/** Generic marks of the social networks and the age limit, white on a dark round. */
function socialGlyph(glyph: SocialGlyph): string {
  const white = PALETTE.white;
  switch (glyph) {
    case 'facebook':
      return `<path d="M56 92 V56 H68 L70 42 H56 V33 Q56 27 62 27 H70 V15 Q64 14 58 14 Q42 14 42 31 V42 H30 V56 H42 V92 Z" fill="${white}"/>`;
    case 'instagram':
      return `<rect x="14" y="14" width="72" height="72" rx="20" fill="none" stroke="${white}" stroke-width="8"/><circle cx="50" cy="50" r="16" fill="none" stroke="${white}" stroke-width="8"/><circle cx="71" cy="29" r="5" fill="${white}"/>`;
    case 'youtube':
      return `<rect x="8" y="22" width="84" height="56" rx="16" fill="${white}"/><path d="M42 36 V64 L66 50 Z" fill="${PALETTE.navy}"/>`;
    case 'x':
      return `<path d="M18 16 H38 L82 84 H62 Z" fill="${white}"/><path d="M76 16 L54 42 M46 58 L24 84" stroke="${white}" stroke-width="7" stroke-linecap="round"/>`;
    case 'adults-only':
      // "18+" drawn in strokes: a figure every language reads the same.
      return `<g fill="none" stroke="${white}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"><path d="M14 36 L24 30 V72"/><ellipse cx="46" cy="40" rx="10" ry="10"/><ellipse cx="46" cy="61" rx="12" ry="11"/><path d="M68 51 H90 M79 40 V62"/></g>`;
  }
}

/** One SVG document for an artwork at the given pixel size. */
function drawn(art: Artwork, seed: string, width: number, height: number): string {
  switch (art.kind) {
    case 'scene':
    case 'thumbnail': {
      const play = art.kind === 'thumbnail';
      const composed = compositionSvg(art.motif ?? 'emblem', art.sport, seed, width, height, play);
      return composed ?? scene(art.sport, seed, width, height, play);
    }
    case 'ticket':
      return ticketSvg(
        art.sport,
        art.product ?? 'selection',
        art.sports ?? [],
        seed,
        width,
        height,
      );
    case 'portrait':
      return portrait(art, seed, width, height);
    case 'columnist':
      return columnist(art.person, seed, width, height);
    case 'tile':
      return tile(seed, width, height);
    case 'sport-badge':
      return badge(pictogram(art.sport, 's'), width, height, PALETTE.navy, PALETTE.yellow);
    case 'crest':
      return crest(art.sport, seed, width, height);
    case 'product':
      return product(art.glyph, width, height);
    case 'social':
      return badge(socialGlyph(art.glyph), width, height, PALETTE.navy2, PALETTE.navy2);
  }
}

/**
 * One SVG document for an artwork at the given pixel size. Its ids (gradients, clips) take a
 * prefix of the seed, so that SVGs the site inlines side by side in one page never clash.
 */
export function artworkSvg(art: Artwork, seed: string, width: number, height: number): string {
  const prefix = `a${hashOf(`${art.kind} ${seed}`).toString(36)}`;
  return drawn(art, seed, width, height)
    .replace(/ id="(\w+)"/g, ` id="${prefix}$1"`)
    .replace(/url\(#(\w+)\)/g, `url(#${prefix}$1)`);
}
