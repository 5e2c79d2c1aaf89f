/**
 * Error page (docs/requirements.md §2): the code, the message, a way back to the sports home, and
 * the other language's home, which a visitor who does not read this one needs most (issue 33).
 */
import { otherLocale } from '../../domain/locale';
import { sportsHome } from '../../domain/routes';
import { useLocale, useT } from '../../ui/i18n';
import { SmartLink } from '../../ui/SmartLink';
import styles from './ErrorPage.module.css';

export function ErrorPage({ code }: { code: number }) {
  const t = useT();
  const locale = useLocale();
  const other = otherLocale(locale);
  const otherTag = other === 'fr' ? 'fr-CA' : 'en-CA';
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
      {/* A whole page load: the other language's code and messages come with it. */}
      <a
        href={sportsHome(other)}
        className={styles.language}
        hrefLang={otherTag}
        lang={otherTag}
        data-testid="error-language-link"
      >
        {t('erreur.autreLangue')}
      </a>
    </div>
  );
}
