/** Info header of a chronique page: title, columnist image, name, profile and date (docs/requirements.md §2). */
import type { ChroniqueInfo } from '../../content/models';
import { formatLongDate, parseIsoInstant } from '../../domain/dates';
import { useLocale, useT } from '../../ui/i18n';
import styles from './ChroniqueHeader.module.css';

export function ChroniqueHeader({ info, timeZone }: { info: ChroniqueInfo; timeZone: string }) {
  const t = useT();
  const locale = useLocale();
  const date = parseIsoInstant(info.dateChronique);
  const { chroniqueur } = info;
  return (
    <header className={styles.header}>
      <div className={`${styles.inner} container`}>
        <h1 className={styles.title}>{info.titreChronique}</h1>
        <div className={styles.byline}>
          {chroniqueur.image ? (
            <img
              className={styles.portrait}
              src={chroniqueur.image.src}
              alt={chroniqueur.image.alt}
              width={72}
              height={72}
              decoding="async"
            />
          ) : null}
          <div>
            {chroniqueur.nomChroniqueur ? (
              <p className={styles.name}>
                {t('chronique.par', { nom: chroniqueur.nomChroniqueur })}
              </p>
            ) : null}
            {chroniqueur.profilChroniqueur ? (
              <p className={styles.profile}>{chroniqueur.profilChroniqueur}</p>
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
