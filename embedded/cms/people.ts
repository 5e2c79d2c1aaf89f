/**
 * The people of the demo's pictures: winners and columnists. Each is a person of their own, not
 * one head recoloured: a person's number picks a face shape, skin tone, hair, clothes, accessory
 * and expression by steps through lists of lengths prime to one another, so that the first 385
 * numbers give 385 different faces (shape, skin and hair together), and the demo's content,
 * which hands each portrait its own numbers, never shows one face twice
 * (docs/decisions/0090-pictures-per-subject.md).
 */
import { PALETTE, auroraMark, n, placeIcon } from './artwork-kit';

const FACES = ['oval', 'round', 'long', 'square', 'heart'] as const;
const SKINS = ['#f6d7c0', '#eebd98', '#d9a27a', '#c08158', '#99613f', '#74472c', '#4f2f1d'];
const HAIRS = [
  'short',
  'long',
  'bun',
  'curly',
  'bob',
  'ponytail',
  'bald',
  'wavy',
  'crop',
  'side',
  'spiky',
];
const HAIR_COLOURS = [
  '#1b1410',
  '#5a3a22',
  '#b5651d',
  '#2a2a2a',
  '#d9b36c',
  '#8c5a2b',
  '#a9a9a9',
  '#3b2314',
  '#e8d5a8',
  '#7a3b1e',
  '#121212',
  '#c9c2b8',
  '#6b4226',
];
const CLOTHES = ['jersey', 'hoodie', 'collar', 'scarf', 'tee', 'blazer'] as const;
const TOPS = [
  '#c8102e',
  '#2d7dd2',
  '#1b998b',
  PALETTE.yellow,
  '#7a4e8c',
  '#e07a1f',
  '#3e6f5c',
  '#d9467a',
];
const EXTRAS = [
  'none',
  'glasses',
  'toque',
  'earrings',
  'cap',
  'headband',
  'freckles',
  'none',
  'glasses',
] as const;
const MOODS = ['smile', 'grin', 'laugh'] as const;

type Face = (typeof FACES)[number];
type Clothes = (typeof CLOTHES)[number];
type Extra = (typeof EXTRAS)[number];

interface Person {
  face: Face;
  skin: string;
  hair: string;
  hairColour: string;
  clothes: Clothes;
  top: string;
  extra: Extra;
  mood: (typeof MOODS)[number];
}

/** The k-th item of a list, stepping by a stride prime to its length so neighbours differ. */
const nth = <T>(items: readonly T[], number: number, stride: number, offset: number): T =>
  items[(number * stride + offset) % items.length] as T;

/**
 * The person of a number. The lists' lengths are prime to one another (5 faces, 7 skins, 11
 * hairs, 13 hair colours, 8 tops, 9 accessories): below 385 no two numbers share face, skin and
 * hair, and two numbers share skin and top only 56 apart, so neighbours never look alike.
 */
function personOf(number: number): Person {
  return {
    face: nth(FACES, number, 2, 0),
    skin: nth(SKINS, number, 3, 2),
    hair: nth(HAIRS, number, 4, 1),
    hairColour: nth(HAIR_COLOURS, number, 5, 3),
    clothes: nth(CLOTHES, number, 1, 0),
    top: nth(TOPS, number, 3, 4),
    extra: nth(EXTRAS, number, 2, 0),
    mood: nth(MOODS, number, 1, 2),
  };
}

/** Half the face's width and where its chin is, by shape. */
const HALF_WIDTH: Record<Face, number> = {
  oval: 15,
  round: 17,
  long: 13.5,
  square: 15.5,
  heart: 16,
};

function faceShape(face: Face, skin: string): string {
  switch (face) {
    case 'oval':
      return `<ellipse cx="50" cy="38" rx="15" ry="19" fill="${skin}"/>`;
    case 'round':
      return `<ellipse cx="50" cy="39" rx="17" ry="17.5" fill="${skin}"/>`;
    case 'long':
      return `<ellipse cx="50" cy="37.5" rx="13.5" ry="20.5" fill="${skin}"/>`;
    case 'square':
      return `<path d="M34.5 27Q34.5 19 42 19H58Q65.5 19 65.5 27V46Q65.5 57 50 58Q34.5 57 34.5 46Z" fill="${skin}"/>`;
    case 'heart':
      return `<path d="M34 31Q34 19 50 19Q66 19 66 31Q66 46 50 57.5Q34 46 34 31Z" fill="${skin}"/>`;
  }
}

/** Hair that falls behind the head and shoulders, drawn before the body. */
function hairBehind(style: string, colour: string, w: number): string {
  const l = n(50 - w - 4);
  const r = n(50 + w + 4);
  switch (style) {
    case 'long':
      return `<path d="M${l} 36Q${l} 12 50 12Q${r} 12 ${r} 36V74Q50 80 ${l} 74Z" fill="${colour}"/>`;
    case 'wavy':
      return `<path d="M${l} 34Q${l} 11 50 11Q${r} 11 ${r} 34Q${n(50 + w + 9)} 46 ${r} 56Q${n(50 + w + 8)} 66 ${n(50 + w)} 70H${n(50 - w)}Q${n(50 - w - 8)} 66 ${l} 56Q${n(50 - w - 9)} 46 ${l} 34Z" fill="${colour}"/>`;
    case 'bob':
      return `<path d="M${l} 34Q${l} 13 50 13Q${r} 13 ${r} 34V55Q${r} 58 ${n(50 + w)} 58H${n(50 - w)}Q${l} 58 ${l} 55Z" fill="${colour}"/>`;
    case 'curly': {
      const curls: string[] = [];
      for (let k = 0; k < 9; k++) {
        const angle = Math.PI * (0.95 + (k / 8) * 1.1);
        curls.push(
          `<circle cx="${n(50 + Math.cos(angle) * (w + 5))}" cy="${n(33 + Math.sin(angle) * 19)}" r="7.5" fill="${colour}"/>`,
        );
      }
      return `<ellipse cx="50" cy="32" rx="${n(w + 7)}" ry="20" fill="${colour}"/>${curls.join('')}`;
    }
    case 'ponytail':
      return `<path d="M62 24Q80 24 78 44Q77 56 70 62Q73 46 62 36Z" fill="${colour}"/>`;
    default:
      return '';
  }
}

/** Hair over the top of the head, drawn after the face. */
function hairOver(style: string, colour: string, w: number): string {
  const l = n(50 - w - 1);
  const r = n(50 + w + 1);
  switch (style) {
    case 'short':
      return `<path d="M${l} 36Q${l} 16 50 16Q${r} 16 ${r} 36Q60 25 50 26Q40 25 ${l} 36Z" fill="${colour}"/>`;
    case 'crop':
      return `<path d="M${l} 31Q${l} 17 50 17Q${r} 17 ${r} 31Q50 23 ${l} 31Z" fill="${colour}"/>`;
    case 'side':
      return `<path d="M${l} 38Q${n(50 - w - 2)} 14 52 14Q${n(50 + w + 3)} 15 ${r} 34Q66 22 44 24Q40 30 ${l} 38Z" fill="${colour}"/>`;
    case 'long':
    case 'wavy':
      return `<path d="M${l} 40Q${l} 17 50 17Q${r} 17 ${r} 40Q${r} 24 54 24Q46 30 ${l} 40Z" fill="${colour}"/>`;
    case 'bob':
      return `<path d="M${l} 35Q${l} 17 50 17Q${r} 17 ${r} 35V31H${l}Z" fill="${colour}"/>`;
    case 'bun':
      return `<circle cx="50" cy="13" r="7" fill="${colour}"/><path d="M${l} 35Q${l} 18 50 18Q${r} 18 ${r} 35Q58 25 50 26Q42 25 ${l} 35Z" fill="${colour}"/>`;
    case 'ponytail':
      return `<path d="M${l} 34Q${l} 17 50 17Q${r} 17 ${r} 34Q60 24 50 25Q40 24 ${l} 34Z" fill="${colour}"/>`;
    case 'curly':
      return `<path d="M${l} 32Q50 20 ${r} 32Q50 24 ${l} 32Z" fill="${colour}"/>`;
    case 'spiky':
      return `<path d="M${l} 34L${n(50 - w)} 20L${n(50 - w / 2)} 22L44 13L49 20L55 12L58 20L${n(50 + w / 2 + 2)} 15L${n(50 + w - 1)} 22L${r} 34Q58 24 ${l} 34Z" fill="${colour}"/>`;
    case 'bald':
      return `<path d="M${l} 40Q${l} 31 ${n(50 - w + 3)} 28M${r} 40Q${r} 31 ${n(50 + w - 3)} 28" fill="none" stroke="${colour}" stroke-width="3.5" stroke-linecap="round"/>`;
    default:
      return '';
  }
}

/** The body and its clothes, from the shoulders down past the frame. */
function clothes(kind: Clothes, top: string, skin: string): string {
  const torso = `<path d="M8 140V98Q10 72 38 67H62Q90 72 92 98V140Z" fill="${top}"/>`;
  const neck = `<path d="M43 50H57V68Q50 74 43 68Z" fill="${skin}"/><path d="M43 60Q50 64 57 60V56H43Z" fill="#000" opacity="0.12"/>`;
  switch (kind) {
    case 'jersey':
      return `${torso}${neck}<path d="M41 67L50 79L59 67" fill="none" stroke="${PALETTE.white}" stroke-width="3"/><path d="M12 104H26M74 104H88" stroke="${PALETTE.white}" stroke-width="4"/>${auroraMark(64, 92, 10, PALETTE.white)}`;
    case 'hoodie':
      return `${torso}<path d="M30 70Q50 88 70 70Q66 62 50 62Q34 62 30 70Z" fill="#000" opacity="0.25"/>${neck}<path d="M45 78V94M55 78V94" stroke="${PALETTE.white}" stroke-width="1.8" stroke-linecap="round"/>`;
    case 'collar':
      return `${torso}${neck}<path d="M40 66L50 76L46 84L36 70ZM60 66L50 76L54 84L64 70Z" fill="${PALETTE.white}"/><path d="M50 78V120" stroke="#000" stroke-width="1" opacity="0.3"/><circle cx="50" cy="90" r="1.3" fill="${PALETTE.white}"/><circle cx="50" cy="102" r="1.3" fill="${PALETTE.white}"/>`;
    case 'scarf':
      return `${torso}${neck}<path d="M38 64Q50 74 62 64L64 72Q50 82 36 72Z" fill="${PALETTE.yellow}"/><path d="M56 74L60 100L52 102Z" fill="${PALETTE.yellow}"/><path d="M55 86L59 85M56 92L60 91" stroke="${PALETTE.navy}" stroke-width="2"/>`;
    case 'tee':
      return `${torso}${neck}<path d="M41 67Q50 74 59 67" fill="none" stroke="#000" stroke-width="2.5" opacity="0.25"/>`;
    case 'blazer':
      return `${torso.replace(top, PALETTE.navy2)}${neck}<path d="M42 67L50 80L58 67Z" fill="${top}"/><path d="M38 67L50 96L44 74ZM62 67L50 96L56 74Z" fill="#000" opacity="0.3"/>`;
  }
}

/** Eyes, brows and mouth: one of a few happy expressions. */
function expression(mood: Person['mood'], brow: string): string {
  const brows = `<path d="M40 31.5Q44 29.5 47 31M53 31Q56 29.5 60 31.5" fill="none" stroke="${brow}" stroke-width="1.8" stroke-linecap="round"/>`;
  const eyes =
    mood === 'laugh'
      ? `<path d="M41.5 38.5Q44 35.5 46.5 38.5M53.5 38.5Q56 35.5 58.5 38.5" fill="none" stroke="${PALETTE.navy}" stroke-width="1.8" stroke-linecap="round"/>`
      : `<circle cx="44" cy="38" r="1.9" fill="${PALETTE.navy}"/><circle cx="56" cy="38" r="1.9" fill="${PALETTE.navy}"/>`;
  const mouth =
    mood === 'smile'
      ? `<path d="M44 47Q50 52 56 47" fill="none" stroke="${PALETTE.navy}" stroke-width="1.8" stroke-linecap="round"/>`
      : `<path d="M43 46Q50 ${mood === 'laugh' ? 56 : 53} 57 46Z" fill="${PALETTE.navy}"/><path d="M44.5 46.6H55.5L55 48H45Z" fill="${PALETTE.white}"/>`;
  return `${brows}${eyes}${mouth}<ellipse cx="40" cy="45" rx="3" ry="1.8" fill="#e0736b" opacity="0.25"/><ellipse cx="60" cy="45" rx="3" ry="1.8" fill="#e0736b" opacity="0.25"/>`;
}

/** What a person wears on the head or face, over the hair. */
function accessory(extra: Extra, person: Person, w: number): string {
  switch (extra) {
    case 'glasses':
      return `<g fill="none" stroke="${PALETTE.navy}" stroke-width="1.6"><circle cx="44" cy="38" r="4.6"/><circle cx="56" cy="38" r="4.6"/><path d="M48.6 38H51.4M39.4 37L${n(50 - w)} 36M60.6 37L${n(50 + w)} 36"/></g>`;
    case 'toque':
      // The knitted tuque of a Quebec winter, in the brand's navy, with a ribbed band and pompom.
      return `<path d="M${n(50 - w - 2)} 30Q${n(50 - w)} 8 50 8Q${n(50 + w)} 8 ${n(50 + w + 2)} 30Z" fill="${PALETTE.deep}"/><rect x="${n(50 - w - 3)}" y="23" width="${n(2 * w + 6)}" height="9" rx="3" fill="${PALETTE.yellow}"/><path d="M${n(50 - w)} 25V30M${n(50 - w / 2)} 25V30M50 25V30M${n(50 + w / 2)} 25V30M${n(50 + w)} 25V30" stroke="${PALETTE.gold}" stroke-width="1.4"/><circle cx="50" cy="7" r="5" fill="${PALETTE.yellow}"/>`;
    case 'earrings':
      return `<circle cx="${n(50 - w - 0.5)}" cy="46" r="1.8" fill="${PALETTE.yellow}"/><circle cx="${n(50 + w + 0.5)}" cy="46" r="1.8" fill="${PALETTE.yellow}"/>`;
    case 'cap':
      return `<path d="M${n(50 - w - 1)} 29Q${n(50 - w - 1)} 13 50 13Q${n(50 + w + 1)} 13 ${n(50 + w + 1)} 29Z" fill="${PALETTE.navy}"/><path d="M50 27H${n(50 + w + 13)}Q${n(50 + w + 11)} 32 ${n(50 + w + 1)} 32H50Z" fill="${PALETTE.navy}"/>${auroraMark(50, 20, 9, PALETTE.yellow)}`;
    case 'headband':
      return `<path d="M${n(50 - w - 0.5)} 27Q50 21 ${n(50 + w + 0.5)} 27V31Q50 25 ${n(50 - w - 0.5)} 31Z" fill="${PALETTE.white}"/>`;
    case 'freckles':
      return `<g fill="#8c5a2b" opacity="0.55"><circle cx="39" cy="43" r="0.9"/><circle cx="42" cy="45" r="0.9"/><circle cx="38.5" cy="46.5" r="0.9"/><circle cx="61" cy="43" r="0.9"/><circle cx="58" cy="45" r="0.9"/><circle cx="61.5" cy="46.5" r="0.9"/></g>`;
    case 'none':
      return '';
  }
}

/** One person, head and shoulders, in a 100-wide box: the whole head within 6–60. */
function personSvg(person: Person): string {
  const w = HALF_WIDTH[person.face];
  const covered = person.extra === 'toque' || person.extra === 'cap';
  return [
    hairBehind(person.hair, person.hairColour, w),
    clothes(person.clothes, person.top, person.skin),
    `<circle cx="${n(50 - w)}" cy="40" r="3.6" fill="${person.skin}"/><circle cx="${n(50 + w)}" cy="40" r="3.6" fill="${person.skin}"/>`,
    faceShape(person.face, person.skin),
    covered && person.hair !== 'long' && person.hair !== 'wavy'
      ? ''
      : hairOver(person.hair, person.hairColour, w),
    expression(person.mood, person.hair === 'bald' ? '#4a3a30' : person.hairColour),
    accessory(person.extra, person, w),
  ].join('');
}

/** Where each of a picture's people stands, as [centre x, top y, size] in fractions of the width. */
const LINE_UPS: Record<number, readonly (readonly [number, number, number])[]> = {
  1: [[0.5, 0.24, 0.72]],
  2: [
    [0.31, 0.26, 0.6],
    [0.7, 0.3, 0.6],
  ],
  // A group photo: a back row between the heads of the front row.
  5: [
    [0.34, 0.2, 0.44],
    [0.66, 0.2, 0.44],
    [0.16, 0.42, 0.44],
    [0.5, 0.44, 0.44],
    [0.84, 0.42, 0.44],
  ],
};

/**
 * People standing in a picture of the given size: one, two or a group, numbered from `first`.
 * Each person is a `<g>` of its own inside the group whose id is `people`.
 */
export function peopleSvg(count: number, first: number, width: number, height: number): string {
  const lineUp = LINE_UPS[count] ?? LINE_UPS[1] ?? [];
  const placed = lineUp.map(([x, top, size], k) => {
    const s = size * width;
    // placeIcon centres a 100-box; the box's top sits at `top` of the height.
    return placeIcon(
      `<g class="person">${personSvg(personOf(first + k))}</g>`,
      x * width,
      top * height + s / 2,
      s,
    );
  });
  return `<g id="people">${placed.join('')}</g>`;
}

/** How many people a picture shows: a group, a pair, or one person, from the names given. */
export function peopleCount(names: string): number {
  if (/groupe|group|pool|bureau|office|collègues|colleagues|famille|family/i.test(names)) return 5;
  if (/\s(et|and|&)\s/i.test(names)) return 2;
  return 1;
}

/** A columnist's round portrait: one person, head and shoulders, on the brand's yellow. */
export function columnistPerson(number: number, size: number): string {
  return placeIcon(
    `<g class="person">${personSvg(personOf(number))}</g>`,
    size / 2,
    size * 0.56,
    size * 0.95,
  );
}
