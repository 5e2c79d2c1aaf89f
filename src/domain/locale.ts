/** The site's two languages. Everything else is rejected or falls back to the default. */
export const LOCALES = ['fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr';

/** Local-storage key (and mirrored cookie name) of the visitor's chosen locale (docs/requirements.md §2). */
export const LOCALE_STORAGE_KEY = 'sgdLocale';

export function isLocale(value: unknown): value is Locale {
  return value === 'fr' || value === 'en';
}

export function otherLocale(locale: Locale): Locale {
  return locale === 'fr' ? 'en' : 'fr';
}

/** The BCP 47 tag used for Intl formatting and `<html lang>`: Canadian French and English. */
export function intlTag(locale: Locale): 'fr-CA' | 'en-CA' {
  return locale === 'fr' ? 'fr-CA' : 'en-CA';
}

interface LocaleInputs {
  /** The `langue` route parameter, when the route has one. */
  param?: string | undefined;
  /** The whole path of the current URL. */
  path: string;
  /** The locale saved in local storage (or its cookie mirror), e.g. `fr` or `en-CA`. */
  stored?: string | null | undefined;
}

/**
 * Language resolution of docs/requirements.md §2, in its order:
 * 1. the route parameter; 2. a path containing /en (but not en-jeux); 3. a path containing /fr;
 * 4. the first two letters of the stored locale; else the default.
 * The route parameter is returned as given (even if unsupported) so that the caller can
 * redirect an unsupported language to the 404 page rather than silently replace it.
 */
export function resolveLocale({ param, path, stored }: LocaleInputs): string {
  if (param) return param;
  if (/\/en(?!-jeux)/.test(path)) return 'en';
  if (path.includes('/fr')) return 'fr';
  const fromStore = stored?.slice(0, 2).toLowerCase();
  return isLocale(fromStore) ? fromStore : DEFAULT_LOCALE;
}
