/**
 * One catalogue per language (`fr.json`, `en.json`: ICU messages), formatted by Lingui. The
 * catalogues are compiled at build time (build/catalogue-plugin.ts).
 */
import { setupI18n, type I18n } from '@lingui/core';
import en from 'virtual:catalogue/en';
import fr from 'virtual:catalogue/fr';
import type { Locale } from '../domain/locale';
import type source from './fr.json';

export type MessageKey = keyof typeof source;

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

const instances: Record<Locale, I18n> = {
  fr: setupI18n({ locale: 'fr', messages: { fr } }),
  en: setupI18n({ locale: 'en', messages: { en } }),
};

export function translator(locale: Locale): Translate {
  const i18n = instances[locale];
  return (key, params) => i18n._(key, params);
}
