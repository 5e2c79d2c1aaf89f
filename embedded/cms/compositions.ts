/**
 * The compositions of the demo's pictures: what an image shows follows its subject (a parlay
 * promotion shows a slip of linked selections, an arena a stadium at night, an app a phone), so
 * that no two kinds of subject share one layout. Each is drawn, text-free, from the kit
 * (docs/decisions/0033-demo-artwork.md).
 */
import {
  PALETTE,
  SPORTS,
  auroraMark,
  bands,
  fieldLines,
  n,
  open,
  pick,
  pictogram,
  placeIcon,
  randomFrom,
  sparkles,
  starPoints,
  SURFACE,
  type Sport,
} from './artwork-kit';

/** Compositions, each for a kind of subject; `emblem` is the sport's pictogram in a ring. */
export const MOTIFS = [
  'emblem',
  'action',
  'arena',
  'crowd',
  'parlay',
  'boost',
  'refund',
  'live',
  'phone',
  'trophy',
  'limits',
  'gift',
  'calendar',
  'column',
  'stats',
] as const;
export type Motif = (typeof MOTIFS)[number];

/**
 * Words of a subject, in either language, and the composition that shows it (first wins). A
 * picture's alternative text that names what it shows ("the sport's emblem", "a shot") wins over
 * the broader words of its page ("season").
 */
const MOTIF_WORDS: readonly [Motif, RegExp][] = [
  ['emblem', /emblème|emblem/i],
  ['parlay', /combin|parlay/i],
  ['refund', /rembours|stake back|bet back|assurance|insurance/i],
  ['boost', /bonifi|boost/i],
  ['gift', /gratuit|free bet|cadeau|gift/i],
  ['limits', /limite|limits?\b|jeu responsable|responsible|sablier|hourglass/i],
  ['live', /en direct|\blive\b|en-jeux|in-play|pointage|scoreboard/i],
  ['phone', /application|\bapp\b|téléphone|phone|alerte|alert/i],
  ['trophy', /gagnant|winner|troph|ont gagné|they won|défi|challenge|concours|contest/i],
  ['crowd', /partisans|\bfans\b|foule|crowd/i],
  ['arena', /aréna|arena|stade|stadium/i],
  ['stats', /statisti|\bstats\b|données|\bdata\b|tableau|chart/i],
  ['column', /chroniq|column|analyse|analysis|repêchage|draft/i],
  [
    'action',
    /mise au jeu|face-off|frappeur|batter|lancer|shot|touché|touchdown|arrêt|\bsave\b|balle de match|match point|premier but|first goal|buteur|scorer/i,
  ],
  ['calendar', /calendrier|calendar|schedule|saison|season|bientôt|coming soon/i],
];

/** The composition a subject's texts call for, if they call for one. */
export function motifIn(text: string): Motif | undefined {
  return MOTIF_WORDS.find(([, words]) => words.test(text))?.[0];
}

/** Subjects with no word of their own still vary: one of the general compositions, by seed. */
export function motifFor(text: string, seed: string): Motif {
  return motifIn(text) ?? pick(randomFrom(`motif ${seed}`), ['emblem', 'action', 'arena'] as const);
}

interface Stage {
  width: number;
  height: number;
  cx: number;
  cy: number;
  size: number;
  random: () => number;
  sport: Sport;
}

/**
 * Where a subject stands: right of the middle on a wide picture (a header's title sits bottom
 * left) and within its middle two thirds, so a phone's 16:9 crop keeps it whole.
 */
function stageOf(sport: Sport, seed: string, width: number, height: number): Stage {
  const wide = width / height > 1.2;
  return {
    width,
    height,
    cx: wide ? width * 0.64 : width / 2,
    cy: wide ? height / 2 : height * 0.48,
    size: wide ? height * 0.86 : Math.min(width * 0.8, height * 0.8),
    random: randomFrom(seed),
    sport,
  };
}

const GRADIENTS: readonly [string, string][] = [
  [PALETTE.deep, PALETTE.steel],
  [PALETTE.navy, PALETTE.navy2],
  ['#163328', '#3e6f5c'],
  ['#2f1f3a', '#7a4e8c'],
  ['#6b4b00', '#c98f00'],
  [PALETTE.navy2, PALETTE.sky],
];

/** A gradient ground and a decoration that differs from one composition to the next. */
function backdrop(stage: Stage, motif: Motif): string {
  const { width, height, random } = stage;
  const index = MOTIFS.indexOf(motif);
  const [from, to] = GRADIENTS[index % GRADIENTS.length] ?? GRADIENTS[0] ?? ['#000', '#000'];
  const out = [
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#b)"/>`,
  ];
  const decor = index % 3;
  if (decor === 0) out.push(bands(width * (0.78 + random() * 0.06), height, width, random));
  else if (decor === 1) {
    const rings: string[] = [];
    for (let k = 1; k <= 5; k++)
      rings.push(
        `<circle cx="${n(stage.cx)}" cy="${n(stage.cy)}" r="${n(stage.size * 0.16 * k)}" fill="none" stroke="${PALETTE.white}" stroke-opacity="${n(0.14 - k * 0.02)}" stroke-width="${n(stage.size * 0.02)}"/>`,
      );
    out.push(rings.join(''));
  } else {
    let d = '';
    const step = Math.max(width, height) / 14;
    for (let x = -height; x < width; x += step) d += `M${n(x)} ${height}L${n(x + height)} 0`;
    out.push(
      `<path d="${d}" stroke="${PALETTE.white}" stroke-opacity="0.06" stroke-width="${n(step * 0.3)}"/>`,
    );
  }
  out.push(sparkles(width, height, random, 12));
  return out.join('');
}

/** Another sport than the subject's, for the other legs of a parlay. */
function otherSports(sport: Sport, random: () => number): Sport[] {
  const others = SPORTS.filter((s) => s !== sport);
  const start = Math.floor(random() * others.length);
  return [0, 1, 2].map((k) => others[(start + k * 2) % others.length] ?? sport);
}

const check = (x: number, y: number, r: number): string =>
  `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${PALETTE.yellow}"/><path d="M${n(x - r * 0.45)} ${n(y)}l${n(r * 0.35)} ${n(r * 0.38)}l${n(r * 0.6)} ${n(-r * 0.75)}" fill="none" stroke="${PALETTE.navy}" stroke-width="${n(r * 0.28)}" stroke-linecap="round" stroke-linejoin="round"/>`;

/** A bet slip of four selections of different sports, linked, and the multiplier's burst. */
function parlay(stage: Stage): string {
  const legs = [stage.sport, ...otherSports(stage.sport, stage.random)];
  const rows = legs.map((sport, k) => {
    const y = 28 + k * 15;
    return [
      `<rect x="22" y="${y - 6}" width="56" height="12" rx="3" fill="${k % 2 === 0 ? '#eef2f5' : PALETTE.white}"/>`,
      placeIcon(pictogram(sport, `l${k}`), 29, y, 10),
      `<rect x="37" y="${y - 2.5}" width="${n(18 + stage.random() * 10)}" height="2.4" rx="1.2" fill="#9aa7b0"/>`,
    ].join('');
  });
  return [
    `<g transform="rotate(-7 50 50)">`,
    `<rect x="18" y="6" width="64" height="88" rx="6" fill="${PALETTE.white}" stroke="#d5d9dc" stroke-width="1.5"/>`,
    `<path d="M18 12Q18 6 24 6H76Q82 6 82 12V16H18Z" fill="${PALETTE.navy}"/>`,
    auroraMark(27, 10.5, 8, PALETTE.yellow),
    ...rows,
    `<path d="M72 28V73" stroke="${PALETTE.gold}" stroke-width="2" stroke-dasharray="3 2"/>`,
    ...legs.map((_, k) => check(72, 28 + k * 15, 4.2)),
    `<path d="M22 84H78" stroke="${PALETTE.navy}" stroke-width="2.5"/>`,
    '</g>',
    `<polygon points="${starPoints(84, 84, 15, 9)}" fill="${PALETTE.yellow}" stroke="${PALETTE.gold}" stroke-width="1.5"/>`,
    `<path d="M79 79L89 89M89 79L79 89" stroke="${PALETTE.navy}" stroke-width="3" stroke-linecap="round"/>`,
  ].join('');
}

/** Rising bars and an arrow shooting up: better odds. */
function boost(stage: Stage): string {
  const heights = [18, 30, 44, 62].map((h) => h + stage.random() * 6);
  const bars = heights.map(
    (h, k) =>
      `<rect x="${12 + k * 17}" y="${n(90 - h)}" width="12" height="${n(h)}" rx="2" fill="${k === 3 ? PALETTE.yellow : k % 2 === 0 ? PALETTE.sky : PALETTE.steel}"/>`,
  );
  return [
    `<path d="M8 90H92" stroke="${PALETTE.white}" stroke-width="2" opacity="0.6"/>`,
    ...bars,
    `<path d="M10 74L34 60L48 66L84 22" fill="none" stroke="${PALETTE.white}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<polygon points="92,12 90,32 72,20" fill="${PALETTE.white}"/>`,
    `<circle cx="22" cy="22" r="14" fill="${PALETTE.navy}" stroke="${PALETTE.yellow}" stroke-width="2.5"/>`,
    placeIcon(pictogram(stage.sport, 'o'), 22, 22, 20),
  ].join('');
}

/** A returning arrow around the sport's object: the stake comes back. */
function refund(stage: Stage): string {
  const r = 36;
  const at = (deg: number): [number, number] => [
    50 + Math.cos((deg * Math.PI) / 180) * r,
    50 + Math.sin((deg * Math.PI) / 180) * r,
  ];
  const [x0, y0] = at(-60);
  const [x1, y1] = at(200);
  return [
    `<circle cx="50" cy="50" r="30" fill="${PALETTE.navy}" opacity="0.85"/>`,
    `<path d="M${n(x0)} ${n(y0)}A${r} ${r} 0 1 1 ${n(x1)} ${n(y1)}" fill="none" stroke="${PALETTE.yellow}" stroke-width="7" stroke-linecap="round"/>`,
    `<polygon points="${n(x1 - 9)},${n(y1 + 2)} ${n(x1 + 9)},${n(y1 + 4)} ${n(x1 + 1)},${n(y1 - 12)}" fill="${PALETTE.yellow}" transform="rotate(-20 ${n(x1)} ${n(y1)})"/>`,
    placeIcon(pictogram(stage.sport, 'r'), 50, 50, 38),
    `<path d="M74 70L88 74V84Q88 92 78 96Q68 92 68 84V74Z" fill="${PALETTE.white}" stroke="${PALETTE.navy}" stroke-width="1.5"/>`,
    check(78, 83, 5),
  ].join('');
}

/** A screen showing the game, a red on-air dot and its waves. */
function live(stage: Stage): string {
  const ball = 30 + stage.random() * 36;
  return [
    `<rect x="6" y="14" width="88" height="60" rx="6" fill="${PALETTE.navy}" stroke="${PALETTE.white}" stroke-width="2.5"/>`,
    `<rect x="11" y="19" width="78" height="50" rx="2" fill="${SURFACE[stage.sport]}"/>`,
    `<g opacity="0.7">${fieldLines(stage.sport, 15, 23, 70, 42)}</g>`,
    placeIcon(pictogram(stage.sport, 'v'), ball, 44, 16),
    `<path d="M${n(ball - 18)} 38h10M${n(ball - 20)} 44h10M${n(ball - 18)} 50h10" stroke="${PALETTE.white}" stroke-width="1.6" stroke-linecap="round" opacity="0.8"/>`,
    `<path d="M42 74L38 88H62L58 74Z" fill="${PALETTE.steel}"/><rect x="30" y="86" width="40" height="4" rx="2" fill="${PALETTE.steel}"/>`,
    `<circle cx="84" cy="10" r="5" fill="#e03131"/>`,
    `<path d="M92 3Q97 10 92 17M76 3Q71 10 76 17" fill="none" stroke="#e03131" stroke-width="1.8" stroke-linecap="round"/>`,
  ].join('');
}

/** A phone with the app's cards and an alert popping out of it. */
function phone(stage: Stage): string {
  const cards = [16, 36, 56].map(
    (y, k) =>
      `<rect x="36" y="${y}" width="28" height="16" rx="2.5" fill="${PALETTE.white}"/><rect x="39" y="${y + 10}" width="${n(8 + stage.random() * 10)}" height="3" rx="1.5" fill="${k === 0 ? PALETTE.yellow : '#c9d2d8'}"/>`,
  );
  return [
    `<rect x="30" y="4" width="40" height="92" rx="8" fill="${PALETTE.navy}" stroke="${PALETTE.white}" stroke-width="2"/>`,
    `<rect x="33" y="11" width="34" height="78" rx="3" fill="${PALETTE.ice}"/>`,
    ...cards,
    placeIcon(pictogram(stage.sport, 'f'), 57, 22, 9),
    `<rect x="44" y="90.5" width="12" height="2" rx="1" fill="${PALETTE.white}"/>`,
    `<rect x="54" y="24" width="42" height="18" rx="9" fill="${PALETTE.yellow}" stroke="${PALETTE.gold}" stroke-width="1.2"/>`,
    `<path d="M63 37Q63 29 68 28Q73 29 73 37ZM66.5 38.5a1.6 1.6 0 0 0 3 0" fill="${PALETTE.navy}"/>`,
    `<rect x="77" y="30" width="14" height="2.6" rx="1.3" fill="${PALETTE.navy}"/><rect x="77" y="35" width="9" height="2.6" rx="1.3" fill="${PALETTE.navy}" opacity="0.6"/>`,
  ].join('');
}

/** A cup with handles on a stepped base, a star on it. */
function trophy(): string {
  return [
    `<path d="M30 14H70V30Q70 56 50 62Q30 56 30 30Z" fill="${PALETTE.yellow}" stroke="${PALETTE.gold}" stroke-width="2"/>`,
    `<path d="M30 20H20Q16 36 32 44M70 20H80Q84 36 68 44" fill="none" stroke="${PALETTE.gold}" stroke-width="4" stroke-linecap="round"/>`,
    `<path d="M46 62H54V74H46Z" fill="${PALETTE.gold}"/>`,
    `<path d="M36 74H64V82H36ZM30 82H70V92H30Z" fill="${PALETTE.navy}" stroke="${PALETTE.gold}" stroke-width="1.5"/>`,
    `<polygon points="${starPoints(50, 34, 10, 4.2)}" fill="${PALETTE.white}"/>`,
    `<path d="M36 18Q36 40 46 52" fill="none" stroke="${PALETTE.white}" stroke-width="2" opacity="0.5"/>`,
  ].join('');
}

/** An hourglass and a shield: time and money kept in hand. */
function limits(stage: Stage): string {
  const sand = 0.35 + stage.random() * 0.3;
  return [
    `<path d="M24 8H66M24 92H66" stroke="${PALETTE.white}" stroke-width="5" stroke-linecap="round"/>`,
    `<path d="M30 10Q30 38 45 50Q30 62 30 90H60Q60 62 45 50Q60 38 60 10Z" fill="${PALETTE.ice}" fill-opacity="0.25" stroke="${PALETTE.white}" stroke-width="2.5"/>`,
    `<path d="M${n(45 - 12 * (1 - sand))} ${n(20 + 24 * sand)}Q45 ${n(30 + 20 * sand)} ${n(45 + 12 * (1 - sand))} ${n(20 + 24 * sand)}L45 48Z" fill="${PALETTE.yellow}"/>`,
    `<path d="M45 50V78" stroke="${PALETTE.yellow}" stroke-width="1.5"/>`,
    `<path d="M33 88Q45 ${n(88 - 22 * sand)} 57 88Z" fill="${PALETTE.yellow}"/>`,
    `<path d="M68 52L90 60V74Q90 88 76 96Q62 88 62 74V60Z" fill="${PALETTE.navy}" stroke="${PALETTE.yellow}" stroke-width="2.5"/>`,
    check(76, 74, 7),
  ].join('');
}

/** A wrapped present: a free bet. */
function gift(stage: Stage): string {
  return [
    `<rect x="18" y="44" width="64" height="48" rx="3" fill="${PALETTE.yellow}"/>`,
    `<rect x="14" y="32" width="72" height="14" rx="3" fill="${PALETTE.gold}"/>`,
    `<rect x="45" y="32" width="10" height="60" fill="${PALETTE.navy}"/>`,
    `<path d="M50 32Q30 10 26 22Q24 32 50 32ZM50 32Q70 10 74 22Q76 32 50 32Z" fill="none" stroke="${PALETTE.navy}" stroke-width="5" stroke-linejoin="round"/>`,
    `<circle cx="32" cy="${n(64 + stage.random() * 12)}" r="9" fill="${PALETTE.navy}"/>`,
    placeIcon(pictogram(stage.sport, 'g'), 32, 70, 16),
  ].join('');
}

/** A month's page with game days marked by the sport. */
function calendar(stage: Stage): string {
  const cells: string[] = [];
  const marked = new Set([Math.floor(stage.random() * 20), Math.floor(stage.random() * 20)]);
  const today = Math.floor(stage.random() * 20);
  for (let k = 0; k < 20; k++) {
    const x = 14 + (k % 5) * 15;
    const y = 34 + Math.floor(k / 5) * 14;
    const fill = k === today ? PALETTE.yellow : '#e6eef3';
    cells.push(`<rect x="${x}" y="${y}" width="12" height="11" rx="1.5" fill="${fill}"/>`);
    if (marked.has(k) && k !== today)
      cells.push(placeIcon(pictogram(stage.sport, `c${k}`), x + 6, y + 5.5, 10));
  }
  return [
    `<rect x="8" y="14" width="84" height="80" rx="5" fill="${PALETTE.white}"/>`,
    `<path d="M8 19Q8 14 13 14H87Q92 14 92 19V28H8Z" fill="${PALETTE.navy}"/>`,
    `<rect x="24" y="8" width="5" height="12" rx="2.5" fill="${PALETTE.yellow}"/><rect x="71" y="8" width="5" height="12" rx="2.5" fill="${PALETTE.yellow}"/>`,
    ...cells,
  ].join('');
}

/** An analyst's page: lines of text as bars, a chart and the sport, and a pen. */
function column(stage: Stage): string {
  const lines: string[] = [];
  for (let k = 0; k < 6; k++)
    lines.push(
      `<rect x="18" y="${46 + k * 7}" width="${n(28 + stage.random() * 30)}" height="2.6" rx="1.3" fill="#9aa7b0"/>`,
    );
  const points = [0, 1, 2, 3, 4].map((k) => `${20 + k * 8},${n(38 - stage.random() * 16)}`);
  return [
    `<rect x="10" y="8" width="70" height="86" rx="4" fill="${PALETTE.white}"/>`,
    `<rect x="16" y="14" width="40" height="26" rx="2" fill="#eef2f5"/>`,
    `<polyline points="${points.join(' ')}" fill="none" stroke="${PALETTE.steel}" stroke-width="2.2" stroke-linejoin="round"/>`,
    placeIcon(pictogram(stage.sport, 'k'), 68, 26, 18),
    ...lines,
    `<g transform="rotate(35 80 70)"><rect x="76" y="40" width="8" height="44" rx="2" fill="${PALETTE.yellow}"/><path d="M76 84L80 94L84 84Z" fill="${PALETTE.navy}"/></g>`,
  ].join('');
}

/** A board of figures: a ring chart, bars of a comparison side by side, and the sport's mark. */
function stats(stage: Stage): string {
  const bars: string[] = [];
  for (let k = 0; k < 4; k++) {
    const y = 50 + k * 10;
    const home = 10 + stage.random() * 20;
    bars.push(
      `<rect x="${n(70 - home)}" y="${y}" width="${n(home)}" height="6" rx="1.5" fill="${PALETTE.yellow}"/>`,
      `<rect x="72" y="${y}" width="${n(8 + stage.random() * 12)}" height="6" rx="1.5" fill="${PALETTE.sky}"/>`,
    );
  }
  const share = 0.55 + stage.random() * 0.2;
  const ring = 2 * Math.PI * 14;
  return [
    `<rect x="6" y="10" width="88" height="84" rx="6" fill="${PALETTE.navy}" stroke="${PALETTE.yellow}" stroke-width="2"/>`,
    `<circle cx="28" cy="32" r="14" fill="none" stroke="${PALETTE.sky}" stroke-width="7"/>`,
    `<circle cx="28" cy="32" r="14" fill="none" stroke="${PALETTE.yellow}" stroke-width="7" stroke-dasharray="${n(ring * share)} ${n(ring)}" transform="rotate(-90 28 32)"/>`,
    placeIcon(pictogram(stage.sport, 'k'), 70, 30, 24),
    `<path d="M71 46V90" stroke="${PALETTE.white}" stroke-width="1" opacity="0.5"/>`,
    ...bars,
  ].join('');
}

/** Subjects drawn in a 100 × 100 box over a backdrop. */
const IN_A_BOX: Partial<Record<Motif, (stage: Stage) => string>> = {
  parlay,
  boost,
  refund,
  live,
  phone,
  trophy,
  limits,
  gift,
  calendar,
  column,
  stats,
};

/** The playing surface across the picture, the object in motion towards the goal. */
function action(stage: Stage): string {
  const { width, height, size, random, sport } = stage;
  // Each play its own: where the object is, and where it came from.
  const cx = stage.cx + (random() - 0.5) * size * 0.35;
  const cy = stage.cy + (random() - 0.5) * size * 0.3;
  const ball = size * (0.28 + random() * 0.1);
  const fromX = width * (0.06 + random() * 0.2);
  const fromY = height * (random() < 0.5 ? 0.85 : 0.15);
  const trails: string[] = [];
  for (let k = -1; k <= 1; k++)
    trails.push(
      `M${n(cx - ball * 0.7)} ${n(cy + k * ball * 0.22)}h${n(-ball * (1.1 - Math.abs(k) * 0.4))}`,
    );
  const goalX = Math.min(width - size * 0.12, cx + size * 0.55);
  return [
    `<rect width="${width}" height="${height}" fill="${SURFACE[sport]}"/>`,
    `<g opacity="0.55">${fieldLines(sport, width * 0.04, height * 0.08, width * 0.92, height * 0.84)}</g>`,
    `<rect width="${width}" height="${height}" fill="${PALETTE.navy}" opacity="0.18"/>`,
    `<rect x="${n(goalX)}" y="${n(cy - size * 0.3)}" width="${n(size * 0.14)}" height="${n(size * 0.6)}" fill="none" stroke="${PALETTE.white}" stroke-width="${n(size * 0.02)}"/>`,
    `<path d="M${n(goalX)} ${n(cy - size * 0.15)}h${n(size * 0.14)}M${n(goalX)} ${n(cy)}h${n(size * 0.14)}M${n(goalX)} ${n(cy + size * 0.15)}h${n(size * 0.14)}" stroke="${PALETTE.white}" stroke-width="${n(size * 0.008)}" opacity="0.8"/>`,
    `<path d="M${n(fromX)} ${n(fromY)}Q${n((fromX + cx) / 2)} ${n(height * (0.05 + random() * 0.9))} ${n(cx - ball * 0.5)} ${n(cy)}" fill="none" stroke="${PALETTE.yellow}" stroke-width="${n(size * 0.018)}" stroke-dasharray="${n(size * 0.04)} ${n(size * 0.03)}"/>`,
    `<path d="${trails.join('')}" stroke="${PALETTE.white}" stroke-width="${n(size * 0.022)}" stroke-linecap="round" opacity="0.85"/>`,
    placeIcon(pictogram(sport, 'a'), cx, cy, ball),
    sparkles(width, height, random, 8),
  ].join('');
}

/** A stadium at night: floodlights, tiers of spectators, the lit field. */
function arena(stage: Stage): string {
  const { width, height, random, sport } = stage;
  const out = [
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#050d1a"/><stop offset="1" stop-color="${PALETTE.deep}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#s)"/>`,
  ];
  for (const x of [width * 0.12, width * 0.88]) {
    out.push(
      `<path d="M${n(x)} ${n(height * 0.12)}L${n(width / 2 + (x - width / 2) * 0.2)} ${n(height * 0.8)}L${n(width / 2 + (x - width / 2) * 0.6)} ${n(height * 0.8)}Z" fill="${PALETTE.white}" opacity="0.08"/>`,
      `<rect x="${n(x - width * 0.03)}" y="${n(height * 0.08)}" width="${n(width * 0.06)}" height="${n(height * 0.05)}" rx="2" fill="${PALETTE.ice}"/>`,
    );
  }
  // Tiers of spectators: rows of heads, one pattern per shade (a few hundred dots, few bytes).
  const r = Math.max(1.5, height * 0.012);
  for (const [k, colour] of [PALETTE.sky, PALETTE.steel].entries()) {
    out.push(
      `<defs><pattern id="t${k}" width="${n(r * 3.2)}" height="${n(height * 0.08)}" patternUnits="userSpaceOnUse" x="${n(random() * r * 3)}"><circle cx="${n(r * 1.6)}" cy="${n(r * 1.2)}" r="${n(r)}" fill="${colour}"/></pattern></defs>`,
    );
  }
  for (let row = 0; row < 4; row++) {
    const y = height * (0.34 + row * 0.08) - r * 1.2;
    out.push(
      `<rect x="0" y="${n(y)}" width="${width}" height="${n(r * 2.6)}" fill="url(#t${row % 2})" opacity="${n(0.45 + row * 0.1)}"/>`,
    );
  }
  const top = height * 0.66;
  out.push(
    `<path d="M${n(width * 0.18)} ${n(top)}H${n(width * 0.82)}L${width} ${height}H0Z" fill="${SURFACE[sport]}"/>`,
    `<g opacity="0.6">${fieldLines(sport, width * 0.3, top + height * 0.04, width * 0.4, height * 0.26)}</g>`,
    `<path d="M0 ${n(top - height * 0.02)}H${width}" stroke="${PALETTE.yellow}" stroke-width="${n(height * 0.012)}"/>`,
    sparkles(width, height * 0.3, random, 10),
  );
  return out.join('');
}

/** Fans seen from behind, scarves up, under the lights. */
function crowd(stage: Stage): string {
  const { width, height, random } = stage;
  const out = [
    `<defs><radialGradient id="c" cx="0.5" cy="0.1" r="0.9"><stop offset="0" stop-color="${PALETTE.sky}"/><stop offset="1" stop-color="${PALETTE.deep}"/></radialGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#c)"/>`,
    sparkles(width, height * 0.4, random, 14),
  ];
  const rows = 3;
  for (let row = 0; row < rows; row++) {
    const r = height * (0.07 + row * 0.025);
    const baseY = height * (0.62 + row * 0.14);
    const colour = [PALETTE.steel, PALETTE.navy2, PALETTE.navy][row] ?? PALETTE.navy;
    let d = '';
    const scarves: string[] = [];
    for (let x = -r + random() * r; x < width + r; x += r * 2.3) {
      const y = baseY + (random() - 0.5) * r * 0.4;
      d += `M${n(x - r)} ${n(height)}V${n(y + r * 1.2)}Q${n(x - r)} ${n(y + r * 0.8)} ${n(x - r * 0.4)} ${n(y + r * 0.8)}a${n(r * 0.55)} ${n(r * 0.55)} 0 1 1 ${n(r * 0.8)} 0Q${n(x + r)} ${n(y + r * 0.8)} ${n(x + r)} ${n(y + r * 1.2)}V${n(height)}Z`;
      if (row === rows - 1 && random() < 0.35)
        scarves.push(
          `<path d="M${n(x - r * 1.4)} ${n(y - r * 0.4)}L${n(x + r * 1.4)} ${n(y - r * 0.9)}" stroke="${PALETTE.yellow}" stroke-width="${n(r * 0.35)}" stroke-linecap="round"/>`,
        );
    }
    out.push(`<path d="${d}" fill="${colour}"/>`, ...scarves);
  }
  return out.join('');
}

/**
 * One picture of a subject: a full-bleed composition (action, arena, crowd) or a subject in a box
 * over its own backdrop; `undefined` for the emblem, which ./artwork.ts draws. With `play`, a
 * video thumbnail's button over it.
 */
export function compositionSvg(
  motif: Motif,
  sport: Sport,
  seed: string,
  width: number,
  height: number,
  play: boolean,
): string | undefined {
  const stage = stageOf(sport, seed, width, height);
  let body: string;
  if (motif === 'action') body = action(stage);
  else if (motif === 'arena') body = arena(stage);
  else if (motif === 'crowd') body = crowd(stage);
  else {
    const draw = IN_A_BOX[motif];
    if (!draw) return undefined;
    body =
      backdrop(stage, motif) +
      (motif === 'trophy' ? confetti(stage) : '') +
      placeIcon(draw(stage), stage.cx, stage.cy, stage.size);
  }
  return [open(width, height), body, play ? playButton(width, height) : '', '</svg>'].join('');
}

function confetti(stage: Stage): string {
  const out: string[] = [];
  for (let k = 0; k < 18; k++) {
    const x = stage.cx + (stage.random() - 0.5) * stage.size * 1.4;
    const y = stage.cy + (stage.random() - 0.7) * stage.size;
    out.push(
      `<rect x="${n(x)}" y="${n(y)}" width="${n(stage.size * 0.03)}" height="${n(stage.size * 0.05)}" fill="${pick(stage.random, [PALETTE.yellow, PALETTE.white, PALETTE.sky])}" transform="rotate(${n(stage.random() * 180)} ${n(x)} ${n(y)})"/>`,
    );
  }
  return out.join('');
}

function playButton(width: number, height: number): string {
  const r = height * 0.16;
  return `<circle cx="${n(width / 2)}" cy="${n(height / 2)}" r="${n(r)}" fill="${PALETTE.yellow}"/><path d="M${n(width / 2 - r * 0.32)} ${n(height / 2 - r * 0.5)}V${n(height / 2 + r * 0.5)}L${n(width / 2 + r * 0.5)} ${n(height / 2)}Z" fill="${PALETTE.navy}"/>`;
}
