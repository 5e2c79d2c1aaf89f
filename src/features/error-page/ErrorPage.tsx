/** Error page (docs/requirements.md §2): the code, the message, a way back to the sports home. */
import { sportsHome } from '../../domain/routes';
import { useLocale, useT } from '../../ui/i18n';
import { SmartLink } from '../../ui/SmartLink';
import styles from './ErrorPage.module.css';

export function ErrorPage({ code }: { code: number }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className={`${styles.error} container`}>
      <p className={styles.code} aria-hidden="true">
        {code}
      </p>
      <h1 className={styles.title}>{t('erreur.titre', { code })}</h1>
      <p className={styles.message}>{t('erreur.message')}</p>
      <SmartLink href={sportsHome(locale)} className="button">
        {t('erreur.retour')}
      </SmartLink>
    </div>
  );
}
