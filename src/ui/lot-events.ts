/**
 * The winners / tickets modal is opened by an event carrying the list of lots and the caller
 * (docs/requirements.md §2): any list on the page, or a deep link, can open it without knowing where it lives.
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

/** A request that no host took (its code was still on its way), with the page it was made on. */
let waiting: { detail: OpenLotsDetail; path: string } | null = null;

/** Asks the page's modal host to open; a host takes the event by cancelling it. */
export function openLots(detail: OpenLotsDetail): void {
  const event = new CustomEvent<OpenLotsDetail>(OPEN_LOTS_EVENT, { detail, cancelable: true });
  const taken = !window.dispatchEvent(event);
  waiting = taken ? null : { detail, path: window.location.pathname };
}

/** For a host that has just arrived: the request made on this page before it could listen. */
export function takeWaitingLots(): OpenLotsDetail | null {
  const request = waiting;
  waiting = null;
  return request && request.path === window.location.pathname ? request.detail : null;
}

/** The query parameter that opens a lot's modal (`?lot=<name>`). */
export const LOT_QUERY = 'lot';

/**
 * On the button of a list's card that opens a lot: which lot, for which caller. A modal that no
 * click opened (a `?lot=` address, Forward) gives focus back to the card of its lot.
 */
const LOT_OPENER_ATTRIBUTE = 'data-opens-lot';

export function lotOpener(caller: LotCaller, name: string): Record<string, string> {
  return { [LOT_OPENER_ATTRIBUTE]: `${caller} ${name}` };
}

/** The shown card's button that opens this lot, if the list shows it. */
export function findLotOpener(caller: LotCaller, name: string): HTMLElement | null {
  const value = `${caller} ${name}`;
  // Compared as strings: a lot's name is content, never part of a selector.
  for (const element of document.querySelectorAll<HTMLElement>(`[${LOT_OPENER_ATTRIBUTE}]`)) {
    if (element.getAttribute(LOT_OPENER_ATTRIBUTE) === value) return element;
  }
  return null;
}
