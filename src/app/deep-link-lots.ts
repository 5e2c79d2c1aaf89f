/**
 * The lots a chronique page's `?lot=` deep link may open, asked for only when such a link is
 * followed: chronique pages have no list, so their state carries no lots
 * (docs/decisions/0039-lots-packed-on-the-wire.md). A failure is logged and opens nothing.
 */
import type { Lot } from '../content/models';
import type { Locale } from '../domain/locale';
import { checkLotsAnswer } from './answers';
import { LOTS_ENDPOINT } from './state';

export async function fetchDeepLinkLots(locale: Locale): Promise<Lot[] | null> {
  try {
    const response = await fetch(`${LOTS_ENDPOINT}?lang=${locale}`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const checked = checkLotsAnswer(await response.json());
    if (!checked.ok) throw new Error(`not a lots answer (${checked.reason}): ${checked.detail}`);
    if (checked.value === null) throw new Error('the content service failed');
    return checked.value;
  } catch (error) {
    console.warn(`The lots for the deep link (${locale}) could not be loaded:`, error);
    return null;
  }
}
