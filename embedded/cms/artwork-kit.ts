/**
 * The drawing kit of the demo artwork: the palette, a seeded generator, the sports' pictograms and
 * field markings, the brand's mark and a few decorations, shared by ./artwork.ts and
 * ./compositions.ts (docs/decisions/0033-demo-artwork.md).
 */

export const SPORTS = ['hockey', 'soccer', 'football', 'basketball', 'baseball', 'tennis'] as const;
export type Sport = (typeof SPORTS)[number];

/** The site's tokens (src/ui/styles/tokens.css) and a few tints of them. */
export const PALETTE = {
  navy: '#15232c',
  navy2: '#1f3441',
  deep: '#0b2545',
  steel: '#2f5d78',
  sky: '#5b8db0',
  yellow: '#f2b705',
  gold: '#d99a00',
  ice: '#e6eef3',
  white: '#ffffff',
} as const;

/** The colour of a sport's playing surface. */
export const SURFACE: Record<Sport, string> = {
  hockey: '#cfe0ea',
  soccer: '#2e7d4f',
  football: '#2f6b3a',
  baseball: '#3f7d3a',
  basketball: '#c98b4f',
  tennis: '#2f6fa8',
};

/** A 32-bit FNV-1a hash: a stable seed from any string. */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A small seeded generator (mulberry32): numbers in [0, 1). */
export function randomFrom(seed: string): () => number {
  let state = hashOf(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length) % items.length] as T;

/** Two decimals at most keeps the markup short. */
export const n = (value: number): string => String(Math.round(value * 100) / 100);

// Pictograms, drawn in a 100 × 100 box.

export function pictogram(sport: Sport, id: string): string {
  switch (sport) {
    case 'hockey':
      return [
        `<path d="M34 8 L58 74 Q60 80 66 80 L90 80" fill="none" stroke="${PALETTE.white}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`,
        `<path d="M34 8 L39 22" stroke="${PALETTE.yellow}" stroke-width="8" stroke-linecap="round"/>`,
        `<ellipse cx="32" cy="84" rx="15" ry="6" fill="${PALETTE.deep}" stroke="${PALETTE.white}" stroke-width="2.5"/>`,
        `<ellipse cx="32" cy="80.5" rx="15" ry="6" fill="#0e1820" stroke="${PALETTE.white}" stroke-width="2.5"/>`,
      ].join('');
    case 'soccer': {
      const centre = pentagon(50, 50, 15, -90);
      const spokes: string[] = [];
      const patches: string[] = [];
      for (let k = 0; k < 5; k++) {
        const angle = ((-90 + k * 72) * Math.PI) / 180;
        // The outer patches sit opposite the centre's sides, between its spokes.
        const between = Math.PI / 5;
        const x1 = 50 + Math.cos(angle) * 15;
        const y1 = 50 + Math.sin(angle) * 15;
        const x2 = 50 + Math.cos(angle) * 29;
        const y2 = 50 + Math.sin(angle) * 29;
        // From the spoke's end, a seam to each neighbouring outer patch.
        const side = (turn: number): string =>
          `M${n(x2)} ${n(y2)}L${n(50 + Math.cos(angle + turn) * 33)} ${n(50 + Math.sin(angle + turn) * 33)}`;
        spokes.push(`M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}${side(0.38)}${side(-0.38)}`);
        patches.push(
          `<polygon points="${pentagon(50 + Math.cos(angle + between) * 45, 50 + Math.sin(angle + between) * 45, 14, -90 + k * 72 + 216)}" fill="${PALETTE.navy}"/>`,
        );
      }
      return [
        `<clipPath id="${id}b"><circle cx="50" cy="50" r="40"/></clipPath>`,
        `<circle cx="50" cy="50" r="40" fill="${PALETTE.white}"/>`,
        `<g clip-path="url(#${id}b)">${patches.join('')}</g>`,
        `<polygon points="${centre}" fill="${PALETTE.navy}"/>`,
        `<path d="${spokes.join('')}" stroke="${PALETTE.navy}" stroke-width="2.5"/>`,
        `<circle cx="50" cy="50" r="40" fill="none" stroke="${PALETTE.navy}" stroke-width="2.5"/>`,
      ].join('');
    }
    case 'football':
      return [
        `<g transform="rotate(-35 50 50)">`,
        `<ellipse cx="50" cy="50" rx="42" ry="25" fill="#8a4a22" stroke="#5c2f14" stroke-width="2"/>`,
        `<path d="M20 33 Q14 50 20 67 M80 33 Q86 50 80 67" stroke="${PALETTE.white}" stroke-width="3.5" fill="none"/>`,
        `<path d="M34 42 H66" stroke="${PALETTE.white}" stroke-width="3" stroke-linecap="round"/>`,
        `<path d="M39 37 V47 M45 37 V47 M51 37 V47 M57 37 V47 M63 37 V47" stroke="${PALETTE.white}" stroke-width="2.5" stroke-linecap="round"/>`,
        `</g>`,
      ].join('');
    case 'basketball':
      return [
        `<circle cx="50" cy="50" r="40" fill="#e0731f"/>`,
        `<path d="M50 10 V90 M10 50 H90 M22 22 Q42 50 22 78 M78 22 Q58 50 78 78" stroke="${PALETTE.navy}" stroke-width="3" fill="none"/>`,
        `<circle cx="50" cy="50" r="40" fill="none" stroke="${PALETTE.navy}" stroke-width="3"/>`,
      ].join('');
    case 'baseball':
      return [
        `<path d="M82 6 L90 14 L40 70 L32 62 Z" fill="#c8955b" stroke="#8c6238" stroke-width="1.5" stroke-linejoin="round"/>`,
        `<circle cx="44" cy="60" r="30" fill="${PALETTE.white}" stroke="#c9d2d8" stroke-width="2"/>`,
        `<path d="M26 38 Q38 60 26 82 M62 38 Q50 60 62 82" stroke="#c8102e" stroke-width="2.5" fill="none" stroke-dasharray="3 3"/>`,
      ].join('');
    case 'tennis':
      return [
        `<g transform="rotate(-30 50 50)">`,
        `<ellipse cx="50" cy="34" rx="22" ry="28" fill="none" stroke="${PALETTE.white}" stroke-width="5"/>`,
        `<path d="M34 22 H66 M30 34 H70 M34 46 H66 M40 10 V58 M50 6 V62 M60 10 V58" stroke="${PALETTE.white}" stroke-width="1.3" opacity="0.7"/>`,
        `<path d="M50 62 V94" stroke="${PALETTE.yellow}" stroke-width="8" stroke-linecap="round"/>`,
        `</g>`,
        `<circle cx="78" cy="78" r="13" fill="#d9ec3c"/>`,
        `<path d="M67 71 Q78 78 70 88 M89 70 Q80 78 88 88" stroke="${PALETTE.white}" stroke-width="2" fill="none"/>`,
      ].join('');
  }
}

function pentagon(cx: number, cy: number, r: number, startDegrees: number): string {
  const points: string[] = [];
  for (let k = 0; k < 5; k++) {
    const angle = ((startDegrees + k * 72) * Math.PI) / 180;
    points.push(`${n(cx + Math.cos(angle) * r)},${n(cy + Math.sin(angle) * r)}`);
  }
  return points.join(' ');
}

/** Field markings of a sport, in white strokes over the given box. */
export function fieldLines(sport: Sport, x: number, y: number, w: number, h: number): string {
  const cx = x + w / 2;
  const cy = y + h / 2;
  const r = Math.min(w, h) * 0.16;
  const line = (d: string): string =>
    `<path d="${d}" fill="none" stroke="${PALETTE.white}" stroke-width="${n(Math.max(2, Math.min(w, h) / 160))}"/>`;
  switch (sport) {
    case 'hockey':
      return [
        `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(h * 0.3)}" fill="none" stroke="${PALETTE.white}" stroke-width="${n(Math.max(2, h / 160))}"/>`,
        line(`M${n(cx)} ${n(y)}V${n(y + h)}`),
        `<path d="M${n(x + w * 0.33)} ${n(y)}V${n(y + h)}M${n(x + w * 0.67)} ${n(y)}V${n(y + h)}" stroke="${PALETTE.sky}" stroke-width="${n(Math.max(3, h / 60))}"/>`,
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke="${PALETTE.white}" stroke-width="${n(Math.max(2, h / 160))}"/>`,
      ].join('');
    case 'soccer':
      return [
        line(
          `M${n(x)} ${n(y)}H${n(x + w)}V${n(y + h)}H${n(x)}ZM${n(cx)} ${n(y)}V${n(y + h)}M${n(x)} ${n(cy - h * 0.25)}H${n(x + w * 0.14)}V${n(cy + h * 0.25)}H${n(x)}M${n(x + w)} ${n(cy - h * 0.25)}H${n(x + w * 0.86)}V${n(cy + h * 0.25)}H${n(x + w)}`,
        ),
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke="${PALETTE.white}" stroke-width="${n(Math.max(2, Math.min(w, h) / 160))}"/>`,
      ].join('');
    case 'football': {
      let d = `M${n(x)} ${n(y)}H${n(x + w)}V${n(y + h)}H${n(x)}Z`;
      for (let k = 1; k < 10; k++) d += `M${n(x + (w * k) / 10)} ${n(y)}V${n(y + h)}`;
      return line(d);
    }
    case 'basketball':
      return line(
        `M${n(x)} ${n(y)}H${n(x + w)}V${n(y + h)}H${n(x)}ZM${n(cx)} ${n(y)}V${n(y + h)}M${n(x)} ${n(cy - h * 0.38)}A${n(h * 0.38)} ${n(h * 0.38)} 0 0 1 ${n(x)} ${n(cy + h * 0.38)}M${n(x + w)} ${n(cy - h * 0.38)}A${n(h * 0.38)} ${n(h * 0.38)} 0 0 0 ${n(x + w)} ${n(cy + h * 0.38)}M${n(cx + r)} ${n(cy)}A${n(r)} ${n(r)} 0 1 0 ${n(cx - r)} ${n(cy)}A${n(r)} ${n(r)} 0 1 0 ${n(cx + r)} ${n(cy)}`,
      );
    case 'baseball': {
      const s = Math.min(w, h) * 0.32;
      return line(
        `M${n(cx)} ${n(y + h - s * 0.2)}L${n(cx + s)} ${n(y + h - s * 1.2)}L${n(cx)} ${n(y + h - s * 2.2)}L${n(cx - s)} ${n(y + h - s * 1.2)}ZM${n(cx - s * 2.6)} ${n(y + h - s * 2.6)}Q${n(cx)} ${n(y - s * 1.2)} ${n(cx + s * 2.6)} ${n(y + h - s * 2.6)}`,
      );
    }
    case 'tennis':
      return line(
        `M${n(x)} ${n(y)}H${n(x + w)}V${n(y + h)}H${n(x)}ZM${n(x)} ${n(y + h * 0.12)}H${n(x + w)}M${n(x)} ${n(y + h * 0.88)}H${n(x + w)}M${n(x + w * 0.23)} ${n(y + h * 0.12)}V${n(y + h * 0.88)}M${n(x + w * 0.77)} ${n(y + h * 0.12)}V${n(y + h * 0.88)}M${n(x + w * 0.23)} ${n(cy)}H${n(x + w * 0.77)}M${n(cx)} ${n(y - h * 0.04)}V${n(y + h * 1.04)}`,
      );
  }
}

/** The brand's mark: three arcs of a northern light over a dot (no letters). */
export function auroraMark(cx: number, cy: number, size: number, colour: string): string {
  const r = size / 2;
  const arc = (radius: number, width: number): string =>
    `<path d="M${n(cx - radius)} ${n(cy + r * 0.25)}A${n(radius)} ${n(radius)} 0 0 1 ${n(cx + radius)} ${n(cy + r * 0.25)}" fill="none" stroke="${colour}" stroke-width="${n(width)}" stroke-linecap="round"/>`;
  return [
    arc(r * 0.95, size * 0.09),
    arc(r * 0.65, size * 0.09),
    arc(r * 0.35, size * 0.09),
    `<circle cx="${n(cx)}" cy="${n(cy + r * 0.25)}" r="${n(size * 0.07)}" fill="${colour}"/>`,
  ].join('');
}

export function open(width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`;
}

export function placeIcon(content: string, cx: number, cy: number, size: number): string {
  const scale = size / 100;
  return `<g transform="translate(${n(cx - size / 2)} ${n(cy - size / 2)}) scale(${n(scale)})">${content}</g>`;
}

/** Diagonal bands of the brand, leaning right, starting at x. */
export function bands(x: number, height: number, width: number, random: () => number): string {
  const out: string[] = [];
  const lean = height * 0.45;
  let at = x;
  for (let k = 0; k < 3; k++) {
    const bandWidth = width * (0.05 + random() * 0.05);
    const colour = k === 1 ? PALETTE.yellow : k === 0 ? PALETTE.steel : PALETTE.gold;
    const opacity = k === 1 ? 1 : 0.55;
    out.push(
      `<path d="M${n(at + lean)} 0H${n(at + lean + bandWidth)}L${n(at + bandWidth)} ${height}H${n(at)}Z" fill="${colour}" opacity="${opacity}"/>`,
    );
    at += bandWidth + width * 0.02;
  }
  return out.join('');
}

export function sparkles(
  width: number,
  height: number,
  random: () => number,
  count: number,
): string {
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    const r = Math.max(1.5, Math.min(width, height) * (0.004 + random() * 0.01));
    out.push(
      `<circle cx="${n(random() * width)}" cy="${n(random() * height)}" r="${n(r)}" fill="${random() < 0.5 ? PALETTE.yellow : PALETTE.white}" opacity="${n(0.25 + random() * 0.5)}"/>`,
    );
  }
  return out.join('');
}

export function starPoints(cx: number, cy: number, outer: number, inner: number): string {
  const points: string[] = [];
  for (let k = 0; k < 10; k++) {
    const r = k % 2 === 0 ? outer : inner;
    const angle = ((-90 + k * 36) * Math.PI) / 180;
    points.push(`${n(cx + Math.cos(angle) * r)},${n(cy + Math.sin(angle) * r)}`);
  }
  return points.join(' ');
}
