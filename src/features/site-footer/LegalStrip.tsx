/** The 18+ badge and the copyright line, at the foot of every page (and alone on the error page). */
import { useT } from '../../ui/i18n';
import styles from './LegalStrip.module.css';

export function LegalStrip({ brand, year }: { brand: string; year: number }) {
  const t = useT();
  return (
    <div className={`${styles.strip} container`}>
      <span className={styles.badge} role="img" aria-label={t('pied.age.aria')}>
        {t('pied.age')}
      </span>
      <p className={styles.copyright}>{t('pied.copyright', { year, brand })}</p>
    </div>
  );
}
