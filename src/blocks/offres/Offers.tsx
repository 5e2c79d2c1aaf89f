/**
 * Offers block: a row of offer cards, each column 12 / the configured count for the screen size.
 * Widths are classes per breakpoint (the CSP forbids style attributes).
 */
import { isInWindow } from '../../domain/display-window';
import { Heading, Nested } from '../../ui/Heading';
import { frameClasses, statsData } from '../../ui/frame';
import { useT } from '../../ui/i18n';
import { useNow } from '../../ui/now';
import { CardView } from '../shared/CardView';
import type { BlockProps } from '../types';
import { offerColumns } from './columns';
import styles from './Offers.module.css';

/** The class of a column width at a breakpoint (`m4`, `t6`, `d3`...). */
function spanClass(prefix: 'm' | 't' | 'd', width: number): string {
  return styles[`${prefix}${width}`] ?? '';
}

export function Offers({ component }: BlockProps<'offres'>) {
  const { fields, offers } = component;
  const t = useT();
  const now = useNow();
  const shown = offers.filter((offer) => isInWindow(offer.fields.window, now));
  const columns = offerColumns(component);
  const itemClass = [
    styles.item,
    spanClass('m', columns.mobile),
    spanClass('t', columns.tablet),
    spanClass('d', columns.desktop),
  ].join(' ');
  const list =
    shown.length === 0 ? (
      <p className={styles.empty}>{t('offres.aucune')}</p>
    ) : (
      <ul className={styles.grid}>
        {shown.map((offer) => (
          <li key={offer.id} className={itemClass}>
            <CardView fields={offer.fields} />
          </li>
        ))}
      </ul>
    );
  return (
    <div className={`${frameClasses(fields)} ${styles.offers}`} {...statsData(fields)}>
      {fields.title ? (
        <>
          <Heading className={styles.title}>{fields.title}</Heading>
          <Nested>{list}</Nested>
        </>
      ) : (
        list
      )}
    </div>
  );
}
