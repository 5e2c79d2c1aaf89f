/**
 * Browser-side effects shared by the roots: the logical date, the saved locale, and loading the
 * view of each new location.
 */
import { LOCALE_STORAGE_KEY, intlTag, resolveLocale, type Locale } from '../domain/locale';
import { navigationDecision, SERVICE_ERROR_PATH } from '../domain/routes';
import { applyHead, buildHead } from './head';
import { DATA_ENDPOINT, type LoadResult } from './state';
import type { AppStore } from './store';

const LOGICAL_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
export const DATE_WARNING = 'Impossible de mettre à jour la date logique.';

/** Fetches `GET /date`; on failure the date already held stays (SPEC.md §8). */
export async function refreshLogicalDate(store: AppStore): Promise<void> {
  try {
    const response = await fetch('/date', { cache: 'no-store' });
    const text = (await response.text()).trim();
    if (!response.ok || !LOGICAL_DATE.test(text)) throw new Error(`bad answer ${response.status}`);
    store.getState().setLogicalDate(text);
  } catch {
    console.warn(DATE_WARNING);
  }
}

/** Saves the chosen locale (local storage, mirrored in a cookie for the server). */
export function saveLocale(locale: Locale): void {
  const value = intlTag(locale);
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, value);
  } catch {
    // Storage can be disabled; the cookie still carries the choice.
  }
  document.cookie = `${LOCALE_STORAGE_KEY}=${value}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export function storedLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

let inFlight: AbortController | undefined;

/** Loads the view for a new location and swaps it in: the client half of the server's loader. */
export async function loadLocation(
  store: AppStore,
  target: string,
  navigateTo: (to: string, options: { replace: boolean }) => void,
): Promise<void> {
  const state = store.getState();
  const previous = state.path;
  if (target === previous) return;
  const targetPath = target.split('?')[0] ?? target;
  switch (navigationDecision(previous.split('?')[0] ?? previous, targetPath)) {
    case 'reload':
      window.location.reload();
      return;
    case 'ignore': {
      // The betting widget navigates inside /sports/ itself; only the language may follow.
      const locale = resolveLocale({ path: targetPath, stored: storedLocale() });
      store.setState({ path: target, ...(locale === 'en' || locale === 'fr' ? { locale } : {}) });
      return;
    }
    case 'load':
      break;
  }
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  state.setLoading(true);
  let result: LoadResult;
  try {
    const response = await fetch(`${DATA_ENDPOINT}?path=${encodeURIComponent(target)}`, {
      signal: controller.signal,
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    result = (await response.json()) as LoadResult;
  } catch (error) {
    if (controller.signal.aborted) return;
    console.warn(`Page content request failed for ${target}:`, error);
    result = { type: 'redirect', location: SERVICE_ERROR_PATH, status: 302 };
  }
  if (controller.signal.aborted) return;
  if (result.type === 'redirect') {
    state.setLoading(false);
    navigateTo(result.location, { replace: true });
    return;
  }
  store.getState().setView(result.state);
  applyHead(document, buildHead(result.state, store.getState().config));
  saveLocale(result.state.locale);
  window.scrollTo(0, 0);
  void refreshLogicalDate(store);
}
