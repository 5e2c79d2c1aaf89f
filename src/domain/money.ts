/** Money formats of docs/requirements.md §5 and docs/requirements.md, "Settled points", all through Intl. */
import { intlTag, type Locale } from './locale';

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: Locale, decimals: 0 | 2): Intl.NumberFormat {
  const key = `${locale}${decimals}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlTag(locale), {
      style: 'currency',
      currency: 'CAD',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(key, f);
  }
  return f;
}

/** `1 234,56 $` / `$1,234.56`. */
export function formatMoney(amount: number, locale: Locale): string {
  return formatter(locale, 2).format(amount);
}

/**
 * A stake as it was placed, never rounded (docs/requirements.md, "Settled points"): no decimals
 * when whole, its cents otherwise: `2 $` / `$2`, `7,50 $` / `$7.50`.
 */
export function formatStake(amount: number, locale: Locale): string {
  const whole = Math.round(amount * 100) % 100 === 0;
  return formatter(locale, whole ? 0 : 2).format(amount);
}

/** The default formatter: whole dollars, `1 235 $` / `$1,235` (winnings are rounded). */
export function formatMoneyWhole(amount: number, locale: Locale): string {
  return formatter(locale, 0).format(Math.round(amount));
}

/**
 * A lot's amount as the site writes it wherever it shows (issue 45: the cards wrote a whole stake
 * `100,00 $`): the stake as placed everywhere (formatStake); the gain with its cents on the
 * cards and lists (docs/requirements.md §5), in whole dollars in the winners modal.
 */
export function formatLotAmount(
  amount: number,
  which: 'stake' | 'gain',
  place: 'card' | 'modal',
  locale: Locale,
): string {
  if (which === 'stake') return formatStake(amount, locale);
  return place === 'card' ? formatMoney(amount, locale) : formatMoneyWhole(amount, locale);
}
