/**
 * Where each history entry of this document was scrolled to, so that Back and Forward to a page
 * that client-side navigation draws again land where the visitor left it; a new page starts at
 * the top (docs/requirements.md §2, "Settled points"). The browser restores by itself within a
 * page and across documents, but a page the site swaps in comes after the browser's own
 * restoration.
 */

/** In each entry's state: its key here (the router's entries carry no state of their own). */
const KEY = 'scrollKey';

const positions = new Map<string, number>();
let current: string | undefined;
/** Where the entry that Back or Forward reached was; taken by the view it shows. */
let reached: number | undefined;

type State = Record<string, unknown>;

const asObject = (state: unknown): State =>
  typeof state === 'object' && state !== null ? (state as State) : {};

function keyOf(state: unknown): string | undefined {
  const key = asObject(state)[KEY];
  return typeof key === 'string' ? key : undefined;
}

/** The current entry's key, given one if it has none (or shares its parent's, copied over). */
function keyEntry(win: Window, parent?: string): string {
  const known = keyOf(win.history.state);
  if (known !== undefined && known !== parent) return known;
  const key = Math.random().toString(36).slice(2);
  win.history.replaceState({ ...asObject(win.history.state), [KEY]: key }, '');
  return key;
}

/** Starts keeping every entry's position; once, before the visitor can move. */
export function rememberScroll(win: Window): void {
  current = keyEntry(win);
  win.addEventListener(
    'scroll',
    () => {
      if (current !== undefined) positions.set(current, win.scrollY);
    },
    { passive: true },
  );
  // The router's pushState and replaceState are announced by its history patch.
  win.addEventListener('pushState', () => {
    if (current !== undefined) positions.set(current, win.scrollY);
    reached = undefined;
    current = keyEntry(win, current);
  });
  win.addEventListener('replaceState', () => {
    const key = keyOf(win.history.state);
    if (key !== undefined) current = key;
    // The same entry, given a state of its own: it keeps its key.
    else if (current !== undefined)
      win.history.replaceState({ ...asObject(win.history.state), [KEY]: current }, '');
  });
  win.addEventListener('popstate', () => {
    current = keyEntry(win);
    reached = positions.get(current);
  });
  // A fragment link makes an entry of the browser's own.
  win.addEventListener('hashchange', () => {
    current = keyEntry(win);
  });
}

/** Where a new view goes: back where its entry was left (Back, Forward), else the top. */
export function takeScrollPosition(): number {
  const y = reached ?? 0;
  reached = undefined;
  return y;
}
