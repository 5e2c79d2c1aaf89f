/** The footer root's content. The content service's footer comes with the site frame. */
import { wallClockAt } from '../../domain/dates';
import { LegalStrip } from './LegalStrip';
import styles from './SiteFooter.module.css';

export function SiteFooter({
  brand,
  now,
  timeZone,
}: {
  brand: string;
  now: number;
  timeZone: string;
}) {
  return (
    <footer className={styles.footer}>
      <LegalStrip brand={brand} year={wallClockAt(now, timeZone).year} />
    </footer>
  );
}
