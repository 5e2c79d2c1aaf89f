/** The visitor's language and its texts, for every component under a root. */
import { createContext, use, useContext } from 'react';
import { DEFAULT_LOCALE, type Locale } from '../domain/locale';
import { hasLateMessages, lateMessages, translator, type Translate } from '../i18n/catalogue';

export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

const translators: Record<Locale, Translate> = { fr: translator('fr'), en: translator('en') };

export function useT(): Translate {
  return translators[useLocale()];
}

/**
 * Texts of an on-demand feature (src/i18n/late-keys.ts): suspends, under the feature's own
 * Suspense boundary, until the language's late messages are installed.
 */
export function useLateT(): Translate {
  const locale = useLocale();
  // React's `use()` may be called conditionally: it reads the loading promise (one per
  // language, kept by the catalogue) only while the messages are on their way.
  if (!hasLateMessages(locale)) use(lateMessages(locale));
  return translators[locale];
}
