/**
 * The open lot in the address (docs/requirements.md, "Settled points"): while the modal is open
 * the address names its lot (`?lot=<name>`), on a history entry of its own above the page's, so
 * that the address can be shared and Back closes the modal instead of leaving the page. Closed,
 * the lot's entry goes and the page's address holds no `?lot=`: a `?lot=` link that opened the
 * page is cleared from it.
 */
import { LOT_QUERY } from '../../ui/lot-events';

interface Place {
  pathname: string;
  search: string;
  hash: string;
}

/** Marks the entries this document pushed for a lot; a reload's or another tab's are not its own. */
const LOT_ENTRY = 'lotEntry';
const documentMark = Math.random().toString(36).slice(2);

function withQuery(place: Place, edit: (params: URLSearchParams) => void): string {
  const params = new URLSearchParams(place.search);
  edit(params);
  const search = params.toString();
  return `${place.pathname}${search ? `?${search}` : ''}${place.hash}`;
}

/** The URL without `?lot=` (other parameters and the hash kept), for `history.replaceState`. */
export function withoutLotQuery(place: Place): string {
  return withQuery(place, (params) => params.delete(LOT_QUERY));
}

/** The URL naming a lot, other parameters and the hash kept. */
export function withLotQuery(place: Place, name: string): string {
  return withQuery(place, (params) => params.set(LOT_QUERY, name));
}

function here(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** Whether the current entry is a lot's entry that this document pushed (Back stays on the page). */
function onOwnLotEntry(): boolean {
  const state: unknown = window.history.state;
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Record<string, unknown>)[LOT_ENTRY] === documentMark
  );
}

/** The lot now shown goes into the address: a new entry for the first, the same for the next. */
export function showLotInAddress(name: string): void {
  const url = withLotQuery(window.location, name);
  if (onOwnLotEntry()) {
    if (url !== here()) window.history.replaceState(window.history.state, '', url);
    return;
  }
  // A `?lot=` link that opened the page: the page's own entry loses it, the lot gets its own.
  clearLotFromAddress();
  window.history.pushState({ [LOT_ENTRY]: documentMark }, '', url);
}

/** The lot the address names, if any. */
export function lotInAddress(): string | null {
  return new URLSearchParams(window.location.search).get(LOT_QUERY);
}

/** `?lot=` goes from the current entry, which stays (a lot that is not there: no reload). */
export function clearLotFromAddress(): void {
  const page = withoutLotQuery(window.location);
  if (page !== here()) window.history.replaceState(window.history.state, '', page);
}

/**
 * The visitor closed the modal: back to the page's entry, or (no entry of ours) `?lot=` goes.
 * Settles once the address has: a Back is over when its `popstate` comes.
 */
export function leaveLotInAddress(): Promise<void> {
  if (!onOwnLotEntry()) {
    clearLotFromAddress();
    return Promise.resolve();
  }
  const settled = new Promise<void>((resolve) => {
    window.addEventListener('popstate', () => resolve(), { once: true });
  });
  window.history.back();
  return settled;
}
