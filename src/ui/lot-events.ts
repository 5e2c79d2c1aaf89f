/**
 * The winners / tickets modal is opened by an event carrying the list of lots and the caller
 * (SPEC.md §2): any list on the page, or a deep link, can open it without knowing where it lives.
 */
import type { Lot } from '../content/models';
import type { LotCaller } from '../domain/lots';

export const OPEN_LOTS_EVENT = 'site:open-lots';

export interface OpenLotsDetail {
  /** The lots the modal browses, in list order. */
  lots: Lot[];
  /** The lot shown first. */
  index: number;
  caller: LotCaller;
}

export function openLots(detail: OpenLotsDetail): void {
  window.dispatchEvent(new CustomEvent<OpenLotsDetail>(OPEN_LOTS_EVENT, { detail }));
}

/** The query parameter that opens a lot's modal (`?lot=<name>`). */
export const LOT_QUERY = 'lot';
