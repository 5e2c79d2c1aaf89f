/** Grid rules of docs/requirements.md §9: a 12-column grid; rows give their column widths as text. */
const GRID_COLUMNS = 12;

/**
 * Widths (px) where the layout changes (docs/requirements.md §9), as the CSS writes them: tablet from `sm`,
 * desktop from `md`, wide from `lg`. Code that speaks of a width uses these.
 */
export const BREAKPOINTS = { sm: 768, md: 992, lg: 1200 } as const;

/** The widths a row's `disposition` writes, `"4 4 4"` → [4, 4, 4]; none when it writes none. */
export function dispositionWidths(text: string | undefined): number[] {
  return (text ?? '')
    .trim()
    .split(/\s+/)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= GRID_COLUMNS);
}

/** Column widths of a row, `"4 4 4"` → [4, 4, 4]; unreadable widths fall back to an even split. */
export function parseDisposition(text: string | undefined, columnCount: number): number[] {
  const widths = dispositionWidths(text);
  if (widths.length > 0) return widths;
  const count = Math.max(1, columnCount);
  const even = Math.max(1, Math.floor(GRID_COLUMNS / count));
  return Array.from({ length: count }, () => even);
}

interface ColumnSpan {
  /** Phones: always the full width. */
  base: 12;
  /** From the md breakpoint: the width the editor chose. */
  md: number;
  /** From the lg breakpoint: 6 when the row has more than two columns (docs/requirements.md §9). */
  lg: number;
}

export function columnSpans(widths: readonly number[]): ColumnSpan[] {
  return widths.map((w) => ({ base: 12, md: w, lg: widths.length > 2 ? 6 : w }));
}

/** Offer column width: 12 divided by the configured column count for a screen size. */
export function offerColumnWidth(count: number | undefined): number {
  const n = count && Number.isFinite(count) && count >= 1 ? Math.floor(count) : 1;
  return Math.max(1, Math.floor(GRID_COLUMNS / Math.min(n, GRID_COLUMNS)));
}

/** Heading level = base level + nesting depth, kept within h1..h6. */
export function headingLevel(base: number, depth: number): 1 | 2 | 3 | 4 | 5 | 6 {
  const level = Math.min(6, Math.max(1, Math.round(base + depth)));
  return level as 1 | 2 | 3 | 4 | 5 | 6;
}
