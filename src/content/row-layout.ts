/**
 * A row's columns come from its layout, `disposition` (docs/content-contract.md "Components"):
 * one column per width, column K being the area `colonneK`. Magnolia creates every area a
 * template declares once a page is opened in its editor (docs/editing.md), so the areas that
 * exist say nothing of the layout: one beyond it is not shown, one missing within it is an empty
 * column.
 */
import { dispositionWidths, parseDisposition } from '../domain/layout';
import { childNodes, type Child, type RawNode } from './nodes';

interface RowLayout {
  widths: number[];
  /** The area name of each column, in order: `colonne0`, `colonne1`… */
  columns: string[];
}

/** The rank of a row's column area (`colonne3` → 3), undefined for any other name. */
export function columnRank(name: string): number | undefined {
  const rank = /^colonne(\d+)$/.exec(name)?.[1];
  return rank === undefined ? undefined : Number(rank);
}

/**
 * The layout of a row node whose `disposition` reads `disposition`. Without readable widths the
 * row has as many even columns as it takes to show every column area that holds something (an
 * empty area Magnolia created adds none).
 */
export function rowLayout(disposition: string | undefined, row: RawNode): RowLayout {
  let widths = dispositionWidths(disposition);
  if (widths.length === 0) {
    const count = childNodes(row).reduce((last, { name, node }) => {
      const rank = columnRank(name);
      return rank !== undefined && childNodes(node).length > 0 ? Math.max(last, rank + 1) : last;
    }, 0);
    widths = count === 0 ? [] : parseDisposition(undefined, count);
  }
  return { widths, columns: widths.map((_, k) => `colonne${k}`) };
}

/** The row's column areas that its layout leaves out. */
export function areasBeyond(layout: RowLayout, row: RawNode): Child[] {
  return childNodes(row).filter(({ name }) => {
    const rank = columnRank(name);
    return rank !== undefined && rank >= layout.columns.length;
  });
}
