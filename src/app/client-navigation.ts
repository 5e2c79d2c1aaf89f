/**
 * Loading the view of a new location: the client half of the server's loader. Its code comes
 * with the first navigation (RouteLoader), not with the page.
 */
import { resolveLocale } from '../domain/locale';
import { navigationDecision, SERVICE_ERROR_PATH } from '../domain/routes';
import { loadCatalogue } from '../i18n/catalogue';
import { checkLoadResult } from './answers';
import { refreshLogicalDate, saveLocale, storedLocale } from './client-session';
import { prepareView } from './prepare-view';
import { DATA_ENDPOINT, type LoadResult } from './state';
import type { AppStore } from './store';

// The head model only changes on a navigation: its code loads then, not with every page.
const loadHead = () => import('./head');

let inFlight: AbortController | undefined;

/**
 * Loads the view for a new location and swaps it in. `isCurrent` says whether the location is
 * still the latest: after each wait, a load that a newer location has overtaken stops there.
 */
export async function loadLocation(
  store: AppStore,
  target: string,
  navigateTo: (to: string, options: { replace: boolean }) => void,
  isCurrent: () => boolean = () => true,
): Promise<void> {
  if (!isCurrent()) return;
  const state = store.getState();
  const previous = state.path;
  if (target === previous) return;
  const targetPath = target.split('?')[0] ?? target;
  // Only the query changed (the winners modal clearing `?lot=`, say): same page, nothing to load.
  if (targetPath === (previous.split('?')[0] ?? previous)) {
    store.setState({ path: target });
    return;
  }
  switch (navigationDecision(previous.split('?')[0] ?? previous, targetPath)) {
    case 'reload':
      window.location.reload();
      return;
    case 'ignore': {
      // The betting widget navigates inside /sports/ itself; only the language may follow.
      const locale = resolveLocale({ path: targetPath, stored: storedLocale() });
      if (locale === 'en' || locale === 'fr') await loadCatalogue(locale).catch(() => undefined);
      if (!isCurrent()) return;
      store.setState({ path: target, ...(locale === 'en' || locale === 'fr' ? { locale } : {}) });
      if (store.getState().locale !== state.locale) {
        // A language switch inside the area: the document's lang and title follow it too.
        const { applyHead, buildHead } = await loadHead();
        if (!isCurrent()) return;
        applyHead(
          document,
          buildHead(store.getState(), store.getState().config, store.getState().origin),
        );
        saveLocale(store.getState().locale);
      }
      return;
    }
    case 'load':
      break;
  }
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  state.setLoading(true);
  // Overtaken by a move that loads nothing (back to the page on screen): no longer loading.
  const overtaken = () => {
    if (isCurrent()) return false;
    if (inFlight === controller) {
      inFlight = undefined;
      state.setLoading(false);
    }
    controller.abort();
    return true;
  };
  let result: LoadResult;
  let failed = false;
  try {
    const response = await fetch(`${DATA_ENDPOINT}?path=${encodeURIComponent(target)}`, {
      signal: controller.signal,
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const checked = checkLoadResult(await response.json());
    if (!checked.ok && checked.reason === 'format') {
      // A server of another release answered: the document comes from it, with its code.
      if (overtaken()) return;
      console.warn(
        `Page content for ${target} in another format (${checked.detail}): loading the page`,
      );
      window.location.assign(target);
      return;
    }
    if (!checked.ok) throw new Error(`not a page answer: ${checked.detail}`);
    result = checked.value;
  } catch (error) {
    if (controller.signal.aborted || overtaken()) return;
    console.warn(`Page content request failed for ${target}:`, error);
    // The 503 page is drawn here: fetching its view would meet the same failure.
    failed = true;
    result = {
      type: 'view',
      status: 503,
      state: { path: SERVICE_ERROR_PATH, locale: state.locale, view: { kind: 'error', code: 503 } },
    };
  }
  if (controller.signal.aborted || overtaken()) return;
  if (result.type === 'redirect') {
    state.setLoading(false);
    navigateTo(result.location, { replace: true });
    return;
  }
  // The new page's block chunks and the sanitizer, so that it renders whole in one go.
  let head: Awaited<ReturnType<typeof loadHead>>;
  try {
    [head] = await Promise.all([loadHead(), prepareView(result.state)]);
  } catch {
    if (overtaken()) return;
    // The site's own code did not load (network): the server renders the page instead.
    window.location.assign(result.state.path);
    return;
  }
  const { applyHead, buildHead } = head;
  // A newer navigation may have started meanwhile.
  if (inFlight !== controller || overtaken()) return;
  store.getState().setView(result.state);
  applyHead(document, buildHead(result.state, store.getState().config, store.getState().origin));
  saveLocale(result.state.locale);
  window.scrollTo(0, 0);
  void refreshLogicalDate(store);
  // The 503 page drawn for a failed load: the address follows (the store is already there, so
  // the move loads nothing).
  if (failed) navigateTo(SERVICE_ERROR_PATH, { replace: true });
}
