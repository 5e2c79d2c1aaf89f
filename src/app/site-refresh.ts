/**
 * The header and footer content of another language, fetched when the visitor switches language
 * (docs/requirements.md §7). Its own module, which client-session asks for on the first switch, so the session
 * helpers and client-side navigation do not import each other.
 */
import type { Locale } from '../domain/locale';
import { checkSiteState } from './answers';
import { SITE_ENDPOINT, type SiteState } from './state';

/** Fetches the header and footer content of a language; a failure is kept as a failure. */
export async function fetchSite(locale: Locale): Promise<SiteState> {
  try {
    const response = await fetch(`${SITE_ENDPOINT}?lang=${locale}`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    // A proxy's error page or another release's answer is a failure like any other.
    const checked = checkSiteState(await response.json(), locale);
    if (!checked.ok) throw new Error(`not a site answer (${checked.reason}): ${checked.detail}`);
    return checked.value;
  } catch (error) {
    console.warn(`Header and footer content (${locale}) could not be loaded:`, error);
    return { locale, status: 'error' };
  }
}
