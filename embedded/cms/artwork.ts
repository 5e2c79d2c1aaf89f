/**
 * Demo artwork drawn by code: small vector illustrations in the brand's colours (navy and
 * yellow, the site's tokens), one per use (sports scenes, winning tickets, winners'
 * portraits, logos, columnists, decorative tiles, video thumbnails). Pure and deterministic:
 * the same request always gives the same SVG. No image carries any text, so none can show a
 * field name or a word of the wrong language (docs/decisions/0033-demo-artwork.md).
 */

import { compositionSvg, type Motif } from './compositions';
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

export const SOCIAL_GLYPHS = ['facebook', 'instagram', 'youtube', 'x', 'adults-only'] as const;
export type SocialGlyph = (typeof SOCIAL_GLYPHS)[number];

export const PRODUCT_GLYPHS = ['star', 'duel', 'combo', 'aurora'] as const;
export type ProductGlyph = (typeof PRODUCT_GLYPHS)[number];

export type Artwork =
  | { kind: 'scene'; sport: Sport; motif?: Motif }
  | { kind: 'thumbnail'; sport: Sport; motif?: Motif }
  | { kind: 'ticket'; sport: Sport }
  | { kind: 'portrait' }
  | { kind: 'columnist' }
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

function ticket(sport: Sport, seed: string, width: number, height: number): string {
  const random = randomFrom(seed);
  const m = width * 0.06;
  const w = width - 2 * m;
  const h = height - 2 * m;
  const notchY = m + h * 0.72;
  const out: string[] = [open(width, height)];
  // The paper, with a notch on each side at the tear line.
  out.push(
    `<path d="M${n(m + 12)} ${n(m)}H${n(m + w - 12)}Q${n(m + w)} ${n(m)} ${n(m + w)} ${n(m + 12)}V${n(notchY - 16)}A16 16 0 0 0 ${n(m + w)} ${n(notchY + 16)}V${n(m + h - 12)}Q${n(m + w)} ${n(m + h)} ${n(m + w - 12)} ${n(m + h)}H${n(m + 12)}Q${n(m)} ${n(m + h)} ${n(m)} ${n(m + h - 12)}V${n(notchY + 16)}A16 16 0 0 0 ${n(m)} ${n(notchY - 16)}V${n(m + 12)}Q${n(m)} ${n(m)} ${n(m + 12)} ${n(m)}Z" fill="#fbfaf5" stroke="#d5d9dc" stroke-width="2"/>`,
  );
  // Header band: the brand's mark and the sport.
  const bandH = h * 0.17;
  out.push(
    `<path d="M${n(m)} ${n(m + 12)}Q${n(m)} ${n(m)} ${n(m + 12)} ${n(m)}H${n(m + w - 12)}Q${n(m + w)} ${n(m)} ${n(m + w)} ${n(m + 12)}V${n(m + bandH)}H${n(m)}Z" fill="${PALETTE.navy}"/>`,
    `<path d="M${n(m)} ${n(m + bandH)}H${n(m + w)}V${n(m + bandH + 8)}H${n(m)}Z" fill="${PALETTE.yellow}"/>`,
    auroraMark(m + bandH * 0.6, m + bandH * 0.45, bandH * 0.6, PALETTE.yellow),
    placeIcon(pictogram(sport, 't'), m + w - bandH * 0.6, m + bandH * 0.5, bandH * 0.75),
  );
  // Lines standing for printed selections: a bar, and a pick box per row.
  const rows = 6;
  const top = m + bandH + 30;
  const rowH = (notchY - 30 - top) / rows;
  for (let k = 0; k < rows; k++) {
    const y = top + k * rowH;
    const barW = w * (0.35 + random() * 0.3);
    out.push(
      `<rect x="${n(m + 24)}" y="${n(y + rowH * 0.3)}" width="${n(barW)}" height="${n(rowH * 0.22)}" rx="${n(rowH * 0.11)}" fill="#c9d2d8"/>`,
    );
    const picked = Math.floor(random() * 3);
    for (let c = 0; c < 3; c++) {
      const bx = m + w - 24 - (3 - c) * rowH * 0.62;
      out.push(
        `<rect x="${n(bx)}" y="${n(y + rowH * 0.18)}" width="${n(rowH * 0.48)}" height="${n(rowH * 0.48)}" rx="4" fill="${c === picked ? PALETTE.yellow : 'none'}" stroke="${c === picked ? PALETTE.gold : '#9aa7b0'}" stroke-width="2"/>`,
      );
    }
  }
  // Tear line, then a barcode.
  out.push(
    `<path d="M${n(m + 20)} ${n(notchY)}H${n(m + w - 20)}" stroke="#9aa7b0" stroke-width="2" stroke-dasharray="8 6"/>`,
  );
  let x = m + 30;
  const codeTop = notchY + 30;
  const codeH = m + h - 30 - codeTop;
  const bars: string[] = [];
  // Bars in a unit of the ticket's width, so a ticket has about as many at any size.
  const unit = w / 200;
  while (x < m + w - 34) {
    const barW = unit * (1 + Math.floor(random() * 4));
    bars.push(`M${n(x)} ${n(codeTop)}h${n(barW)}v${n(codeH)}h${n(-barW)}Z`);
    x += barW + unit * (1 + Math.floor(random() * 3));
  }
  out.push(`<path d="${bars.join('')}" fill="${PALETTE.navy}"/>`);
  // The winner's stamp, a little askew.
  const sx = m + w * 0.7;
  const sy = m + bandH + h * 0.36;
  const sr = w * 0.2;
  out.push(
    `<g transform="rotate(${n(-18 + random() * 12)} ${n(sx)} ${n(sy)})" opacity="0.92">`,
    `<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(sr)}" fill="${PALETTE.yellow}" stroke="${PALETTE.gold}" stroke-width="5"/>`,
    `<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(sr * 0.8)}" fill="none" stroke="${PALETTE.navy}" stroke-width="3" stroke-dasharray="6 5"/>`,
    `<path d="M${n(sx - sr * 0.42)} ${n(sy)}L${n(sx - sr * 0.1)} ${n(sy + sr * 0.32)}L${n(sx + sr * 0.45)} ${n(sy - sr * 0.3)}" fill="none" stroke="${PALETTE.navy}" stroke-width="${n(sr * 0.16)}" stroke-linecap="round" stroke-linejoin="round"/>`,
    '</g>',
    '</svg>',
  );
  return out.join('');
}

const BACKDROPS = [
  [PALETTE.steel, PALETTE.deep],
  [PALETTE.sky, PALETTE.navy2],
  ['#c98f00', '#6b4b00'],
  ['#3e6f5c', '#163328'],
  ['#7a4e8c', '#2f1f3a'],
] as const;
const JERSEYS = [PALETTE.yellow, '#c8102e', PALETTE.white, '#2d7dd2', '#1b998b'] as const;

/** Head and shoulders seen from the front, in a 100 × 100 box, with a hair style and a jersey. */
function bust(random: () => number, skin: string, jersey: string): string {
  const hair = pick(random, ['short', 'long', 'cap', 'bun'] as const);
  const hairColour = pick(random, ['#1b1410', '#4a2c17', '#8c5a2b', '#2a2a2a', '#b9b1a6']);
  const parts: string[] = [];
  if (hair === 'long')
    parts.push(`<path d="M30 40 Q30 14 50 14 Q70 14 70 40 V66 H30 Z" fill="${hairColour}"/>`);
  parts.push(
    `<path d="M12 160 V100 Q14 70 40 66 H60 Q86 70 88 100 V160 Z" fill="${jersey}"/>`,
    `<path d="M40 66 L50 78 L60 66" fill="none" stroke="${PALETTE.navy}" stroke-width="3" opacity="0.5"/>`,
    `<rect x="43" y="52" width="14" height="16" rx="4" fill="${skin}"/>`,
    `<ellipse cx="50" cy="38" rx="16" ry="19" fill="${skin}"/>`,
  );
  if (hair === 'short')
    parts.push(
      `<path d="M34 36 Q33 18 50 18 Q67 18 66 36 Q60 26 50 27 Q40 26 34 36 Z" fill="${hairColour}"/>`,
    );
  if (hair === 'long')
    parts.push(
      `<path d="M34 38 Q34 19 50 19 Q66 19 66 38 Q58 27 48 28 Q40 30 34 38 Z" fill="${hairColour}"/>`,
    );
  if (hair === 'bun')
    parts.push(
      `<circle cx="50" cy="15" r="7" fill="${hairColour}"/><path d="M34 36 Q33 19 50 19 Q67 19 66 36 Q58 27 50 27 Q42 27 34 36 Z" fill="${hairColour}"/>`,
    );
  if (hair === 'cap')
    parts.push(
      `<path d="M33 33 Q33 16 50 16 Q67 16 67 33 Z" fill="${PALETTE.navy}"/><path d="M50 31 H76 Q74 36 64 36 H50 Z" fill="${PALETTE.navy}"/>`,
      auroraMark(50, 24, 9, PALETTE.yellow),
    );
  // A calm smile and eyes keep the figure friendly without a face to recognise.
  parts.push(
    `<circle cx="44" cy="39" r="1.8" fill="${PALETTE.navy}"/><circle cx="56" cy="39" r="1.8" fill="${PALETTE.navy}"/>`,
    `<path d="M44 47 Q50 52 56 47" fill="none" stroke="${PALETTE.navy}" stroke-width="1.8" stroke-linecap="round"/>`,
  );
  return parts.join('');
}

const SKINS = ['#f1c7a5', '#e0a97f', '#c68a5e', '#9c6441', '#6e4329', '#f6d7c0'] as const;

function portrait(seed: string, width: number, height: number): string {
  const random = randomFrom(seed);
  const [light, dark] = pick(random, BACKDROPS);
  const size = Math.min(width, height) * 0.78;
  const confetti: string[] = [];
  for (let k = 0; k < 22; k++) {
    const x = random() * width;
    const y = random() * height * 0.6;
    const colour = pick(random, [PALETTE.yellow, PALETTE.white, PALETTE.sky]);
    confetti.push(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(width * 0.018)}" height="${n(width * 0.03)}" fill="${colour}" transform="rotate(${n(random() * 180)} ${n(x)} ${n(y)})" opacity="0.85"/>`,
    );
  }
  return [
    open(width, height),
    `<defs><radialGradient id="g" cx="0.5" cy="0.35" r="0.75"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></radialGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    sparkles(width, height * 0.5, random, 10),
    confetti.join(''),
    placeIcon(
      bust(random, pick(random, SKINS), pick(random, JERSEYS)),
      width / 2,
      height - size / 2,
      size,
    ),
    '</svg>',
  ].join('');
}

function columnist(seed: string, width: number, height: number): string {
  const random = randomFrom(seed);
  const size = Math.min(width, height);
  const r = size / 2;
  return [
    open(width, height),
    `<clipPath id="c"><circle cx="${n(width / 2)}" cy="${n(height / 2)}" r="${n(r)}"/></clipPath>`,
    `<g clip-path="url(#c)">`,
    `<rect width="${width}" height="${height}" fill="${PALETTE.yellow}"/>`,
    `<path d="M0 ${n(height * 0.8)}L${width} ${n(height * 0.35)}V${height}H0Z" fill="${PALETTE.gold}" opacity="0.5"/>`,
    placeIcon(
      bust(random, pick(random, SKINS), PALETTE.navy),
      width / 2,
      height / 2 + size * 0.06,
      size * 0.92,
    ),
    // A headset microphone: the columnist's trade.
    `<path d="M${n(width / 2 + size * 0.14)} ${n(height / 2 + size * 0.02)} q${n(size * 0.02)} ${n(size * 0.12)} ${n(-size * 0.1)} ${n(size * 0.14)}" fill="none" stroke="${PALETTE.navy}" stroke-width="${n(size * 0.018)}" stroke-linecap="round"/>`,
    '</g>',
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
      return ticket(art.sport, seed, width, height);
    case 'portrait':
      return portrait(seed, width, height);
    case 'columnist':
      return columnist(seed, width, height);
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
