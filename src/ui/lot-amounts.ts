/**
 * A lot's stake and gain, those it has, as its modal writes them and its details without script
 * do too (docs/decisions/0088-rough-edges-without-script-and-error-language.md).
 */
import type { Lot } from '../content/models';
import { formatLotAmount } from '../domain/money';
import { useLateT, useLocale } from './i18n';

export function useLotAmounts(lot: Lot): string[] {
  const t = useLateT();
  const locale = useLocale();
  const amounts: string[] = [];
  if (lot.montantMise !== undefined)
    amounts.push(
      t('lot.mise', { montant: formatLotAmount(lot.montantMise, 'stake', 'modal', locale) }),
    );
  if (lot.montantGain !== undefined)
    amounts.push(
      t('lot.gain', { montant: formatLotAmount(lot.montantGain, 'gain', 'modal', locale) }),
    );
  return amounts;
}
