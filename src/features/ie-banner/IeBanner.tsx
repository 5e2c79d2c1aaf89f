/**
 * The Internet Explorer banner (docs/requirements.md §1, §8): the browser is not supported, use another.
 * IE cannot run the site's scripts, so this is rendered on the server for a visitor whose
 * request says IE, and it never relies on hydration. Both languages at once: the visitor's
 * language cannot be trusted to be known yet.
 */
import { useId } from 'react';
import { translator } from '../../i18n/catalogue';

const LANGUAGES = [
  { lang: 'fr-CA', t: translator('fr') },
  { lang: 'en-CA', t: translator('en') },
] as const;

export function IeBanner() {
  const id = useId();
  return (
    <section
      className="ie-banner"
      aria-labelledby={LANGUAGES.map((_, index) => `${id}-${index}`).join(' ')}
      data-testid="ie-banner"
    >
      {LANGUAGES.map(({ lang, t }, index) => (
        <p key={lang} lang={lang} className="ie-banner__message">
          <strong id={`${id}-${index}`}>{t('banniere.ie.titre')}</strong> {t('banniere.ie.message')}
        </p>
      ))}
    </section>
  );
}
