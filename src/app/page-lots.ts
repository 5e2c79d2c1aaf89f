/**
 * Lots a page asks for after it has loaded: all those of its lists, where it holds only their
 * first blocks (docs/decisions/0041-lots-after-the-first-screen.md), or those a chronique's
 * `?lot=` deep link may open, as chronique pages carry none
 * (docs/decisions/0039-lots-packed-on-the-wire.md); and a chroniques list's cards past its first
 * block. A failure is logged and gives `null`.
 */
import type { ChronicleCard, Lot } from '../content/models';
import type { Locale } from '../domain/locale';
import type { LotCaller } from '../domain/lots';
import { checkChroniclesAnswer, checkLotsAnswer } from './answer-format';
import { CHRONICLES_ENDPOINT, LOTS_ENDPOINT } from './state';

/** The endpoint's address for these lists (none named: a deep link's lots). */
function lotsUrl(locale: Locale, lists: readonly LotCaller[]): string {
  const query = new URLSearchParams({ lang: locale });
  if (lists.length > 0) query.set('lists', lists.join(','));
  return `${LOTS_ENDPOINT}?${query.toString()}`;
}

export async function fetchPageLots(
  locale: Locale,
  lists: readonly LotCaller[] = [],
): Promise<Lot[] | null> {
  const what = lists.length > 0 ? `the lists' lots (${lists.join(', ')})` : 'the deep link lots';
  try {
    const response = await fetch(lotsUrl(locale, lists), {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const checked = checkLotsAnswer(await response.json());
    if (!checked.ok) throw new Error(`not a lots answer (${checked.reason}): ${checked.detail}`);
    if (checked.value === null) throw new Error('the content service failed');
    return checked.value;
  } catch (error) {
    console.warn(`${what} (${locale}) could not be loaded:`, error);
    return null;
  }
}

export async function fetchChronicles(locale: Locale): Promise<ChronicleCard[] | null> {
  try {
    const response = await fetch(`${CHRONICLES_ENDPOINT}?lang=${locale}`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const checked = checkChroniclesAnswer(await response.json());
    if (!checked.ok)
      throw new Error(`not a chroniques answer (${checked.reason}): ${checked.detail}`);
    if (checked.value === null) throw new Error('the content service failed');
    return checked.value;
  } catch (error) {
    console.warn(`The chroniques (${locale}) could not be loaded:`, error);
    return null;
  }
}
