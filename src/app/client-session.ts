/**
 * Browser-side effects shared by the roots: the logical date, the saved locale, the site node
 * of a new language. Loading the view of a new location is client-navigation.ts.
 */
import { LOCALE_STORAGE_KEY, intlTag, type Locale } from '../domain/locale';
import { loadFooterBody } from '../features/site-footer/FooterBodyOnDemand';
import { MESSAGES_DISMISSED_COOKIE } from './state';
import type { AppStore } from './store';

const LOGICAL_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
const DATE_WARNING = 'Impossible de mettre à jour la date logique.';

/** Fetches `GET /date`; on failure the date already held stays (docs/requirements.md §8). */
export async function refreshLogicalDate(store: AppStore): Promise<void> {
  // A preview is drawn at the editor's date, not the site's (docs/preview.md).
  if (store.getState().preview) return;
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

/** The header and the footer call the site node again when the language changes (docs/requirements.md §7). */
export function followLanguage(store: AppStore): () => void {
  return store.subscribe((state, previous) => {
    if (state.locale === previous.locale || state.site.locale === state.locale) return;
    const locale = state.locale;
    // Its code comes with the first change.
    void import('./site-refresh').then(async ({ fetchSite }) => {
      // The footer's body is drawn from it (its code comes now, docs/decisions/0042).
      const [site] = await Promise.all([fetchSite(locale), loadFooterBody().catch(() => null)]);
      // A later change of language wins over an answer that arrives late.
      if (store.getState().locale === locale) store.getState().setSite(site);
    });
  });
}

/** Closes the header messages for the rest of the visit: a session cookie the server reads too. */
export function dismissMessagesForVisit(store: AppStore): void {
  document.cookie = `${MESSAGES_DISMISSED_COOKIE}=1; Path=/; SameSite=Lax`;
  store.getState().dismissMessages();
}

let cookiesRefused: boolean | undefined;

/**
 * Cookies refused by the browser (docs/requirements.md §8): the header shows how to allow them. Probed once
 * per page: the answer does not change while the page lives.
 */
export function cookiesDisabled(): boolean {
  if (cookiesRefused === undefined) {
    if (!navigator.cookieEnabled) {
      cookiesRefused = true;
    } else {
      const probe = 'cookieProbe=1';
      document.cookie = `${probe}; Path=/; SameSite=Lax`;
      cookiesRefused = !document.cookie.includes(probe);
      document.cookie = `${probe}; Path=/; Max-Age=0; SameSite=Lax`;
    }
  }
  return cookiesRefused;
}
