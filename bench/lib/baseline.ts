/**
 * Page weight as it travels, against a recorded baseline (issue 32 item 8): each page type's
 * HTML and hydration state, gzip and brotli, stay within 5 % of the figures in
 * bench/baseline.json, written by `npm run bench -- --only=bytes --write-baseline`.
 */
import type { BytesRow, DocumentWeight, Sizes } from './bytes';

export const BASELINE_FILE = 'bench/baseline.json';
/** How much a compressed figure may grow over the baseline. */
export const TOLERANCE = 0.05;

export interface Baseline {
  /** When and from which commit the figures were measured. */
  recordedAt: string;
  commit: string;
  pages: ({ path: string } & DocumentWeight)[];
}

export function baselineOf(rows: BytesRow[], commit: string, recordedAt: string): Baseline {
  return {
    recordedAt,
    commit,
    pages: rows
      .filter((row) => row.status !== null)
      .map((row) => ({ path: row.path, ...row.html })),
  };
}

/** The figures judged against the baseline. */
export const JUDGED = [
  { name: 'HTML gzip', part: 'html', encoding: 'gzip' },
  { name: 'HTML brotli', part: 'html', encoding: 'brotli' },
  { name: 'state gzip', part: 'state', encoding: 'gzip' },
  { name: 'state brotli', part: 'state', encoding: 'brotli' },
] as const satisfies readonly {
  name: string;
  part: keyof DocumentWeight;
  encoding: keyof Sizes;
}[];

export type Judged = (typeof JUDGED)[number]['name'];

/**
 * A page's change against the baseline per judged figure, as a fraction (0.05 = 5 % more), or
 * null when the baseline has no such page or the figure was 0 there.
 */
export function changes(
  weight: DocumentWeight,
  path: string,
  baseline: Baseline | null,
): Record<Judged, number | null> {
  const before = baseline?.pages.find((page) => page.path === path);
  const entries = JUDGED.map(({ name, part, encoding }) => {
    const was = before?.[part][encoding];
    const change = was ? weight[part][encoding] / was - 1 : null;
    return [name, change] as const;
  });
  return Object.fromEntries(entries) as Record<Judged, number | null>;
}

/** "+1.2 %", and a "!" when over the tolerance. */
export function formatChange(change: number | null): string {
  if (change === null) return 'n/a';
  const sign = change > 0 ? '+' : '';
  return `${sign}${(change * 100).toFixed(1)} %${change > TOLERANCE ? ' !' : ''}`;
}
