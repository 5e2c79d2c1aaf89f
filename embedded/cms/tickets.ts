/**
 * Winning tickets of the demo: each shows its sport (the header in the sport's colour over a
 * strip of its playing surface and markings) and its product (a Sélection's starred picks, a
 * Duel's two sides, a Combiné's linked legs of the lot's sports), so that two tickets of
 * different sports or products never read as one drawing
 * (docs/decisions/0090-pictures-per-subject.md).
 */
import {
  PALETTE,
  SPORTS,
  SURFACE,
  auroraMark,
  fieldLines,
  n,
  open,
  pictogram,
  placeIcon,
  randomFrom,
  starPoints,
  type Sport,
} from './artwork-kit';

export const TICKET_PRODUCTS = ['selection', 'duel', 'combine'] as const;
export type TicketProduct = (typeof TICKET_PRODUCTS)[number];

/** The ink of a sport's ticket header: dark enough for the white marks on it. */
const INK: Record<Sport, string> = {
  hockey: '#1f5f8b',
  soccer: '#1e6b45',
  football: '#6b3a1e',
  basketball: '#b2541a',
  baseball: '#8c1c2b',
  tennis: '#4b3f8f',
};

interface Slip {
  m: number;
  w: number;
  top: number;
  bottom: number;
  random: () => number;
}

const check = (x: number, y: number, r: number): string =>
  `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${PALETTE.yellow}"/><path d="M${n(x - r * 0.45)} ${n(y)}l${n(r * 0.35)} ${n(r * 0.38)}l${n(r * 0.6)} ${n(-r * 0.75)}" fill="none" stroke="${PALETTE.navy}" stroke-width="${n(r * 0.28)}" stroke-linecap="round" stroke-linejoin="round"/>`;

const bar = (x: number, y: number, width: number, height: number): string =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" rx="${n(height / 2)}" fill="#c9d2d8"/>`;

/** The product's mark, in a 100 box: a star, two facing chevrons, or three linked rings. */
function productMark(product: TicketProduct): string {
  switch (product) {
    case 'selection':
      return `<polygon points="${starPoints(50, 52, 40, 17)}" fill="${PALETTE.yellow}"/>`;
    case 'duel':
      return `<path d="M12 22L44 50L12 78M88 22L56 50L88 78" fill="none" stroke="${PALETTE.yellow}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>`;
    case 'combine':
      return `<g fill="none" stroke="${PALETTE.yellow}" stroke-width="9"><circle cx="24" cy="50" r="16"/><circle cx="50" cy="50" r="16"/><circle cx="76" cy="50" r="16"/></g>`;
  }
}

/** A Sélection: three picks, each starred and checked. */
function selections(slip: Slip): string {
  const { m, w, top, bottom, random } = slip;
  const rowH = (bottom - top) / 3;
  const out: string[] = [];
  for (let k = 0; k < 3; k++) {
    const y = top + k * rowH + rowH / 2;
    out.push(
      `<polygon points="${starPoints(m + w * 0.1, y, rowH * 0.22, rowH * 0.1)}" fill="${PALETTE.gold}"/>`,
      bar(m + w * 0.2, y - rowH * 0.16, w * (0.4 + random() * 0.2), rowH * 0.12),
      bar(m + w * 0.2, y + rowH * 0.06, w * (0.2 + random() * 0.15), rowH * 0.1),
      check(m + w * 0.86, y, rowH * 0.2),
    );
  }
  return out.join('');
}

/** A Duel: two sides' shields facing over a spark, and the side picked. */
function duel(slip: Slip, sport: Sport): string {
  const { m, w, top, bottom } = slip;
  const cy = top + (bottom - top) * 0.42;
  const s = Math.min(w * 0.3, (bottom - top) * 0.5);
  const shield = (cx: number, fill: string): string =>
    `<path d="M${n(cx)} ${n(cy - s / 2)}L${n(cx + s * 0.4)} ${n(cy - s * 0.38)}V${n(cy)}Q${n(cx + s * 0.4)} ${n(cy + s * 0.36)} ${n(cx)} ${n(cy + s / 2)}Q${n(cx - s * 0.4)} ${n(cy + s * 0.36)} ${n(cx - s * 0.4)} ${n(cy)}V${n(cy - s * 0.38)}Z" fill="${fill}" stroke="${PALETTE.navy}" stroke-width="3"/>`;
  return [
    shield(m + w * 0.24, INK[sport]),
    shield(m + w * 0.76, PALETTE.steel),
    `<path d="M${n(m + w * 0.53)} ${n(cy - s * 0.4)}L${n(m + w * 0.45)} ${n(cy + s * 0.05)}H${n(m + w * 0.53)}L${n(m + w * 0.47)} ${n(cy + s * 0.4)}L${n(m + w * 0.57)} ${n(cy - s * 0.08)}H${n(m + w * 0.49)}Z" fill="${PALETTE.yellow}" stroke="${PALETTE.gold}" stroke-width="2"/>`,
    check(m + w * 0.24, cy + s * 0.55, s * 0.16),
    bar(m + w * 0.1, bottom - (bottom - top) * 0.14, w * 0.8, (bottom - top) * 0.06),
  ].join('');
}

/** A Combiné: the lot's sports as legs, each with its sport's mark, linked by one line. */
function legs(slip: Slip, sports: readonly Sport[]): string {
  const { m, w, top, bottom, random } = slip;
  const count = Math.max(3, Math.min(4, sports.length));
  const rowH = (bottom - top) / count;
  const x = m + w * 0.14;
  const out: string[] = [
    `<path d="M${n(x)} ${n(top + rowH / 2)}V${n(bottom - rowH / 2)}" stroke="${PALETTE.gold}" stroke-width="${n(rowH * 0.08)}"/>`,
  ];
  for (let k = 0; k < count; k++) {
    const sport = sports[k % sports.length] ?? 'hockey';
    const y = top + k * rowH + rowH / 2;
    out.push(
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(rowH * 0.34)}" fill="${INK[sport]}"/>`,
      placeIcon(pictogram(sport, `l${k}`), x, y, rowH * 0.5),
      bar(m + w * 0.28, y - rowH * 0.1, w * (0.3 + random() * 0.25), rowH * 0.16),
      check(m + w * 0.86, y, rowH * 0.18),
    );
  }
  return out.join('');
}

/** The paper's outline, rounded, with a notch on each side at the tear line. */
function paper(m: number, w: number, h: number, notchY: number): string {
  return `<path d="M${n(m + 12)} ${n(m)}H${n(m + w - 12)}Q${n(m + w)} ${n(m)} ${n(m + w)} ${n(m + 12)}V${n(notchY - 16)}A16 16 0 0 0 ${n(m + w)} ${n(notchY + 16)}V${n(m + h - 12)}Q${n(m + w)} ${n(m + h)} ${n(m + w - 12)} ${n(m + h)}H${n(m + 12)}Q${n(m)} ${n(m + h)} ${n(m)} ${n(m + h - 12)}V${n(notchY + 16)}A16 16 0 0 0 ${n(m)} ${n(notchY - 16)}V${n(m + 12)}Q${n(m)} ${n(m)} ${n(m + 12)} ${n(m)}Z" fill="#fbfaf5" stroke="#d5d9dc" stroke-width="2"/>`;
}

/** The stub under the tear line: a barcode, in a unit of the width so any size has as many bars. */
function barcode(m: number, w: number, top: number, bottom: number, random: () => number): string {
  const bars: string[] = [];
  const unit = w / 120;
  for (let x = m + 30; x < m + w - 34;) {
    const barW = unit * (1 + Math.floor(random() * 3));
    bars.push(`M${n(x)} ${n(top)}h${n(barW)}v${n(bottom - top)}h${n(-barW)}Z`);
    x += barW + unit * (1 + Math.floor(random() * 2));
  }
  return `<path d="${bars.join('')}" fill="${PALETTE.navy}"/>`;
}

/**
 * A winning ticket of a sport and product; a Combiné lists `sports` (the lot's), else the sport
 * and others chosen by the seed.
 */
export function ticketSvg(
  sport: Sport,
  product: TicketProduct,
  sports: readonly Sport[],
  seed: string,
  width: number,
  height: number,
): string {
  const random = randomFrom(seed);
  const m = width * 0.06;
  const w = width - 2 * m;
  const h = height - 2 * m;
  const notchY = m + h * 0.8;
  const bandH = h * 0.12;
  const fieldTop = m + bandH;
  const fieldH = h * 0.2;
  const slip: Slip = { m, w, top: fieldTop + fieldH + h * 0.03, bottom: notchY - h * 0.03, random };
  // A Combiné has three legs at least: the lot's sports, then others.
  const listed = sports.length > 0 ? sports : [sport];
  const picked = [...listed, ...SPORTS.filter((other) => !listed.includes(other))].slice(
    0,
    Math.max(3, listed.length),
  );
  return [
    open(width, height),
    `<defs><clipPath id="f"><rect x="${n(m)}" y="${n(fieldTop)}" width="${n(w)}" height="${n(fieldH)}"/></clipPath></defs>`,
    paper(m, w, h, notchY),
    `<path d="M${n(m)} ${n(fieldTop)}V${n(m + 12)}Q${n(m)} ${n(m)} ${n(m + 12)} ${n(m)}H${n(m + w - 12)}Q${n(m + w)} ${n(m)} ${n(m + w)} ${n(m + 12)}V${n(fieldTop)}Z" fill="${INK[sport]}"/>`,
    auroraMark(m + bandH * 0.7, m + bandH * 0.45, bandH * 0.62, PALETTE.white),
    placeIcon(productMark(product), m + w - bandH * 0.7, m + bandH * 0.5, bandH * 0.62),
    // The sport's playing surface and markings, its mark in the middle.
    `<g clip-path="url(#f)"><rect x="${n(m)}" y="${n(fieldTop)}" width="${n(w)}" height="${n(fieldH)}" fill="${SURFACE[sport]}"/><g opacity="0.55">${fieldLines(sport, m + w * 0.05, fieldTop + fieldH * 0.12, w * 0.9, fieldH * 0.76)}</g></g>`,
    `<circle cx="${n(m + w * 0.5)}" cy="${n(fieldTop + fieldH / 2)}" r="${n(fieldH * 0.4)}" fill="${INK[sport]}" stroke="${PALETTE.white}" stroke-width="3"/>`,
    placeIcon(pictogram(sport, 't'), m + w * 0.5, fieldTop + fieldH / 2, fieldH * 0.6),
    `<path d="M${n(m)} ${n(fieldTop + fieldH)}H${n(m + w)}" stroke="${PALETTE.yellow}" stroke-width="6"/>`,
    product === 'selection' ? selections(slip) : '',
    product === 'duel' ? duel(slip, sport) : '',
    product === 'combine' ? legs(slip, picked) : '',
    `<path d="M${n(m + 20)} ${n(notchY)}H${n(m + w - 20)}" stroke="#9aa7b0" stroke-width="2" stroke-dasharray="8 6"/>`,
    barcode(m, w, notchY + h * 0.04, m + h - h * 0.05, random),
    '</svg>',
  ].join('');
}
