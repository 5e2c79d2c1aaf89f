/**
 * Loading the view of a new location: the client half of the server's loader. Its code comes
 * with the first navigation (RouteLoader), not with the page.
 */
import { flushSync } from 'react-dom';
import { isLocale, resolveLocale } from '../domain/locale';
import { errorPageLocale, navigationDecision, serviceErrorPath } from '../domain/routes';
import { loadCatalogue } from '../i18n/catalogue';
import { checkLoadResult } from './answers';
import { refreshLogicalDate, saveLocale, storedLocale } from './client-session';
import { prepareView } from './prepare-view';
import { takeScrollPosition } from './scroll-memory';
import { DATA_ENDPOINT, type LoadResult, type ViewState } from './state';
import type { AppStore } from './store';

// The head model only changes on a navigation: its code loads then, not with every page.
const loadHead = () => import('./head');

let inFlight: AbortController | undefined;

type Navigate = (to: string, options: { replace: boolean }) => void;

/**
 * Loads the view for a new location and swaps it in. `isCurrent` says whether the location is
 * still the latest: after each wait, a load that a newer location has overtaken stops there.
 */
export async function loadLocation(
  store: AppStore,
  target: string,
  navigateTo: Navigate,
  isCurrent: () => boolean = () => true,
): Promise<void> {
  if (!isCurrent()) return;
  const previous = store.getState().path;
  if (target === previous) return;
  const targetPath = pathOf(target);
  // Only the query changed (the winners modal clearing `?lot=`, say): same page, nothing to load.
  if (targetPath === pathOf(previous)) {
    store.setState({ path: target });
    return;
  }
  switch (navigationDecision(pathOf(previous), targetPath)) {
    case 'reload':
      window.location.reload();
      return;
    case 'ignore':
      return followInsideSports(store, target, isCurrent);
    case 'load':
      return loadView(store, target, navigateTo, isCurrent);
  }
}

const pathOf = (location: string) => location.split('?')[0] ?? location;

/** The betting widget navigates inside /sports/ itself; only the language may follow. */
async function followInsideSports(
  store: AppStore,
  target: string,
  isCurrent: () => boolean,
): Promise<void> {
  const before = store.getState().locale;
  const locale = resolveLocale({ path: pathOf(target), stored: storedLocale() });
  const known = locale === 'en' || locale === 'fr' ? locale : undefined;
  if (known) await loadCatalogue(known).catch(() => undefined);
  if (!isCurrent()) return;
  store.setState({ path: target, ...(known ? { locale: known } : {}) });
  if (store.getState().locale === before) return;
  // A language switch inside the area: the document's lang and title follow it too.
  const { applyHead, buildHead } = await loadHead();
  if (!isCurrent()) return;
  const now = store.getState();
  applyHead(document, buildHead(now, now.config, now.origin));
  saveLocale(now.locale);
}

/** What the navigation answer gave: a page or a redirect, another release, or a failure. */
type Fetched =
  | { kind: 'result'; result: LoadResult }
  | { kind: 'other-release'; detail: string }
  | { kind: 'failed'; error: unknown };

async function fetchView(target: string, signal: AbortSignal): Promise<Fetched> {
  try {
    const response = await fetch(`${DATA_ENDPOINT}?path=${encodeURIComponent(target)}`, {
      signal,
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const checked = checkLoadResult(await response.json());
    if (checked.ok) return { kind: 'result', result: checked.value };
    // A server of another release answered: the document comes from it, with its code.
    if (checked.reason === 'format') return { kind: 'other-release', detail: checked.detail };
    throw new Error(`not a page answer: ${checked.detail}`);
  } catch (error) {
    return { kind: 'failed', error };
  }
}

const withPath = (result: LoadResult, path: string): LoadResult =>
  result.type === 'view' ? { ...result, state: { ...result.state, path } } : result;

/**
 * The 503 page, drawn here: fetching its view would meet the same failure. In the language of
 * the address that failed, not of the page left (issue 45), and its address says so.
 */
function serviceErrorView(target: string): LoadResult {
  const asked =
    errorPageLocale(target) ?? resolveLocale({ path: pathOf(target), stored: storedLocale() });
  // An unsupported language answers in French, as the server's does (src/server/loader.ts).
  const locale = isLocale(asked) ? asked : 'fr';
  return {
    type: 'view',
    status: 503,
    state: { path: serviceErrorPath(locale), locale, view: { kind: 'error', code: 503 } },
  };
}

/**
 * A load that owns the page's loading state until it ends or is overtaken: `overtaken()` says
 * whether a newer location has taken over, and if so leaves the loading state to it (or clears
 * it when the move loads nothing, back to the page on screen) and aborts this load.
 */
function startLoad(store: AppStore, isCurrent: () => boolean) {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  store.getState().setLoading(true);
  const overtaken = () => {
    if (isCurrent()) return false;
    if (inFlight === controller) {
      inFlight = undefined;
      store.getState().setLoading(false);
    }
    controller.abort();
    return true;
  };
  return {
    signal: controller.signal,
    /** Stopped: aborted or overtaken. */
    stopped: () => controller.signal.aborted || overtaken(),
    overtaken,
    /** Still the latest load, not overtaken. */
    latest: () => inFlight === controller && !overtaken(),
  };
}

/**
 * Swaps the new view and its head in, as one change, then scrolls: to the top for a new page, back
 * where it was left for one that Back or Forward reached (scroll-memory.ts). The view is drawn
 * first (flushSync), so that the page is long enough to get there.
 */
function showView(store: AppStore, view: ViewState, head: Awaited<ReturnType<typeof loadHead>>) {
  flushSync(() => store.getState().setView(view));
  const { config, origin } = store.getState();
  head.applyHead(document, head.buildHead(view, config, origin));
  saveLocale(view.locale);
  window.scrollTo(0, takeScrollPosition());
  void refreshLogicalDate(store);
}

/** Fetches the new location's view, its code and its head, then swaps them in at once. */
async function loadView(
  store: AppStore,
  target: string,
  navigateTo: Navigate,
  isCurrent: () => boolean,
): Promise<void> {
  const load = startLoad(store, isCurrent);
  const fetched = await fetchView(target, load.signal);
  if (load.stopped()) return;
  if (fetched.kind === 'other-release') {
    console.warn(
      `Page content for ${target} in another format (${fetched.detail}): loading the page`,
    );
    window.location.assign(target);
    return;
  }
  if (fetched.kind === 'failed') {
    console.warn(`Page content request failed for ${target}:`, fetched.error);
  }
  // A view answer is the same for every query and sports path of its page (the server caches it
  // once, docs/decisions/0062): the store keeps the address asked for.
  const result =
    fetched.kind === 'result' ? withPath(fetched.result, target) : serviceErrorView(target);
  if (result.type === 'redirect') {
    store.getState().setLoading(false);
    navigateTo(result.location, { replace: true });
    return;
  }
  // The new page's block chunks and the sanitizer, so that it renders whole in one go.
  let head: Awaited<ReturnType<typeof loadHead>>;
  try {
    [head] = await Promise.all([loadHead(), prepareView(result.state)]);
  } catch {
    if (load.overtaken()) return;
    // The site's own code did not load (network): the server renders the page instead.
    window.location.assign(result.state.path);
    return;
  }
  // A newer navigation may have started meanwhile.
  if (!load.latest()) return;
  showView(store, result.state, head);
  // The 503 page drawn for a failed load: the address follows (the store is already there, so
  // the move loads nothing).
  if (fetched.kind === 'failed') navigateTo(result.state.path, { replace: true });
}
