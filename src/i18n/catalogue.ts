/**
 * One catalogue per language (`fr.json`, `en.json`: ICU messages), formatted by Lingui. The
 * catalogues are compiled at build time (build/catalogue-plugin.ts). The server installs both at
 * start; the browser loads only the language it shows (`loadCatalogue`), each in its own chunk.
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { Locale } from '../domain/locale';
import type source from './fr.json';

export type MessageKey = keyof typeof source;

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

const instances: Partial<Record<Locale, I18n>> = {};

/** Installs a language's compiled messages. */
export function provideCatalogue(locale: Locale, messages: Messages): void {
  instances[locale] = setupI18n({ locale, messages: { [locale]: messages } });
}

// Literal import() calls: one chunk per language.
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  fr: () => import('virtual:catalogue/fr'),
  en: () => import('virtual:catalogue/en'),
};

/** Loads a language's catalogue once (the browser: the page's, then another on a switch). */
export async function loadCatalogue(locale: Locale): Promise<void> {
  if (instances[locale]) return;
  provideCatalogue(locale, (await loaders[locale]()).default);
}

export function translator(locale: Locale): Translate {
  return (key, params) => {
    const i18n = instances[locale];
    // Callers load the language before they render in it; the key beats a broken page.
    return i18n ? i18n._(key, params) : key;
  };
}
