/** The visitor's language and its texts, for every component under a root. */
import { createContext, useContext } from 'react';
import { DEFAULT_LOCALE, type Locale } from '../domain/locale';
import { translator, type Translate } from '../i18n/catalogue';

export const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

const translators: Record<Locale, Translate> = { fr: translator('fr'), en: translator('en') };

export function useT(): Translate {
  return translators[useLocale()];
}
