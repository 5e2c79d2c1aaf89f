/**
 * The card of a lot, shared by the ticket and winner lists (docs/requirements.md §5, §9): its
 * media with the "new" badge, a heading with the product's logo, the amounts, the date it was
 * won, and the card's action. Each list says what goes in each place; the layout and the common
 * styles are here (LotCard.module.css).
 */
import type { HTMLAttributes, ReactNode } from 'react';
import type { Lot } from '../../content/models';
import { formatMonthYear, parseIsoInstant } from '../../domain/dates';
import { formatLotAmount } from '../../domain/money';
import { useLocale } from '../../ui/i18n';
import { useTimeZone } from '../../ui/now';
import { NewBadge, ProductLogo } from './lot-list';
import styles from './LotCard.module.css';

export { styles as cardStyles };

/** The date a lot was won, as the cards write it ("novembre 2026"); empty when unknown. */
export function useWonDate(dateGain: string | undefined): string {
  const locale = useLocale();
  const zone = useTimeZone();
  const won = parseIsoInstant(dateGain);
  return won === null ? '' : formatMonthYear(won, locale, zone);
}

/** A lot's amount as cards and lists write it (formatLotAmount, docs/requirements.md §5). */
export function useCardMoney(amount: number | undefined, which: 'stake' | 'gain'): string {
  const locale = useLocale();
  return amount === undefined ? '' : formatLotAmount(amount, which, 'card', locale);
}

interface LotCardProps extends Omit<HTMLAttributes<HTMLElement>, 'className'> {
  lot: Lot;
  /** The layout: a ticket beside its text on phones, a winner's photo above. */
  variant: 'ticket' | 'winner';
  /** The image, absent when the content has none. */
  media: ReactNode;
  /** The "new" badge's words, when the lot is new. */
  badge?: string | undefined;
  /** Who or where: the card's heading, and what goes under it. */
  heading: ReactNode;
  amounts: ReactNode;
  /** The card's button, if any. */
  action: ReactNode;
}

export function LotCard({
  lot,
  variant,
  media,
  badge,
  heading,
  amounts,
  action,
  ...attributes
}: LotCardProps) {
  const date = useWonDate(lot.dateGain);
  return (
    <article className={`${styles.card} ${styles[variant]}`} {...attributes}>
      <div className={styles.media}>
        {media}
        {badge ? <NewBadge label={badge} /> : null}
      </div>
      <div className={styles.body}>
        <div className={styles.head}>
          {heading}
          <ProductLogo produit={lot.produit} />
        </div>
        {amounts}
        {date ? (
          <p className={styles.date}>
            <time dateTime={lot.dateGain}>{date}</time>
          </p>
        ) : null}
        {action}
      </div>
    </article>
  );
}
