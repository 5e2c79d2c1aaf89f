/** The header root's content: logo to the sports home, the other-language link, the dev date. */
import { otherLocale } from '../../domain/locale';
import { sportsHome } from '../../domain/routes';
import { useLocale, useT } from '../../ui/i18n';
import { isPlainClick, navigate } from '../../ui/navigation';
import { SmartLink } from '../../ui/SmartLink';
import styles from './SiteHeader.module.css';

export interface SiteHeaderProps {
  brand: string;
  /** Where the other-language link leads; none when the view has no counterpart. */
  alternate: string | undefined;
  /** Shown in dev mode (SPEC.md §6). */
  logicalDate: string | undefined;
}

export function SiteHeader({ brand, alternate, logicalDate }: SiteHeaderProps) {
  const t = useT();
  const locale = useLocale();
  const other = otherLocale(locale);
  return (
    <header className={styles.header}>
      <a className="skip-link" href="#mount-main">
        {t('site.evitement')}
      </a>
      <div className={`${styles.bar} container`}>
        <SmartLink href={sportsHome(locale)} className={styles.logo}>
          <span aria-hidden="true" className={styles.mark}>
            ◆
          </span>
          <span>{brand}</span>
          <span className="visually-hidden"> — {t('site.logo.aria')}</span>
        </SmartLink>
        <div className={styles.tools}>
          {logicalDate ? (
            <span className={styles.devDate} data-testid="logical-date">
              {t('site.dateLogique', { date: logicalDate })}
            </span>
          ) : null}
          {alternate ? (
            <a
              href={alternate}
              className={styles.language}
              hrefLang={other === 'fr' ? 'fr-CA' : 'en-CA'}
              lang={other === 'fr' ? 'fr-CA' : 'en-CA'}
              data-testid="language-link"
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                navigate(alternate);
              }}
            >
              <span aria-hidden="true">{t('site.langue.autre.court')}</span>
              <span className="visually-hidden">{t('site.langue.autre.aria')}</span>
            </a>
          ) : null}
        </div>
      </div>
    </header>
  );
}
