/** Info header of a chronique page: title, columnist image, name, profile and date (docs/requirements.md §2). */
import type { ChronicleInfo } from '../../content/models';
import { formatLongDate, parseIsoInstant } from '../../domain/dates';
import { useLocale, useT } from '../../ui/i18n';
import styles from './ChronicleHeader.module.css';

export function ChronicleHeader({ info, timeZone }: { info: ChronicleInfo; timeZone: string }) {
  const t = useT();
  const locale = useLocale();
  const date = parseIsoInstant(info.dateChronique);
  const { chroniqueur: columnist } = info;
  return (
    <header className={styles.header}>
      <div className={`${styles.inner} container`}>
        <h1 className={styles.title}>{info.titreChronique}</h1>
        <div className={styles.byline}>
          {columnist.image ? (
            <img
              className={styles.portrait}
              src={columnist.image.src}
              alt={columnist.image.alt}
              width={72}
              height={72}
              decoding="async"
            />
          ) : null}
          <div>
            {columnist.nomChroniqueur ? (
              <p className={styles.name}>{t('chronique.par', { nom: columnist.nomChroniqueur })}</p>
            ) : null}
            {columnist.profilChroniqueur ? (
              <p className={styles.profile}>{columnist.profilChroniqueur}</p>
            ) : null}
            {date !== null ? (
              <p className={styles.date}>
                <time dateTime={info.dateChronique}>{formatLongDate(date, locale, timeZone)}</time>
              </p>
            ) : null}
          </div>
        </div>
      </div>
      {info.imagePrincipale ? (
        <div className={`${styles.hero} container`}>
          <img
            className={styles.heroImage}
            src={info.imagePrincipale.src}
            alt={info.imagePrincipale.alt}
            fetchPriority="high"
            decoding="async"
          />
        </div>
      ) : null}
    </header>
  );
}
