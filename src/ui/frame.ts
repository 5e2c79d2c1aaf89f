/** Generic block fields that shape a block's frame: width, colour, spacing (docs/requirements.md §3). */
import type { BlockFields } from '../content/models';

const PALETTE: Record<string, string> = {
  dark: 'dark',
  fonce: 'dark',
  foncé: 'dark',
  sombre: 'dark',
  bleu: 'dark',
  marine: 'dark',
  '#15232c': 'dark',
  light: 'light',
  pale: 'light',
  clair: 'light',
  gris: 'light',
  grey: 'light',
  gray: 'light',
  '#e6e6e6': 'light',
  white: 'white',
  blanc: 'white',
  '#fff': 'white',
  '#ffffff': 'white',
  accent: 'accent',
  or: 'accent',
  gold: 'accent',
};

/** A background colour from the content mapped onto the brand palette (unknown: none). */
export function paletteName(value: string | undefined): string | undefined {
  return value ? PALETTE[value.trim().toLowerCase()] : undefined;
}

/** Spacing from the content (`20`, `20px`, `md`...) onto the spacing scale. */
export function spacingStep(value: string | undefined): 'none' | 'sm' | 'md' | 'lg' | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'none' || v === 'sm' || v === 'md' || v === 'lg') return v;
  const n = Number.parseFloat(v);
  if (Number.isNaN(n)) return undefined;
  if (n <= 0) return 'none';
  if (n <= 16) return 'sm';
  if (n <= 40) return 'md';
  return 'lg';
}

/** Class names of the frame: a block is fluid (full width) or in the page container. */
export function frameClasses(fields: BlockFields): string {
  const classes = [fields.fluid ? 'frame-fluid' : 'frame-contained'];
  const bg = paletteName(fields.fondCouleur);
  if (bg) classes.push(`bg-${bg}`);
  const tb = spacingStep(fields.tbpadding);
  if (tb) classes.push(`pad-y-${tb}`);
  const th = spacingStep(fields.thpadding);
  if (th) classes.push(`pad-x-${th}`);
  return classes.join(' ');
}

export function statsData(fields: BlockFields): Record<string, string> {
  return fields.labelStatsGA ? { 'data-stats-ga': fields.labelStatsGA } : {};
}
