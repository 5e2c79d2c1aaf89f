/**
 * One catalogue per language (`fr.json`, `en.json`: ICU messages), formatted by Lingui. The
 * catalogues are compiled at build time (build/catalogue-plugin.ts). The server installs both at
 * start; the browser loads only the language it shows (`loadCatalogue`), each in its own chunk,
 * and the messages of on-demand features (late-keys.ts) only with those features
 * (`lateMessages`).
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { Locale } from '../domain/locale';
import type source from './fr.json';

export type MessageKey = keyof typeof source;

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

const instances: Partial<Record<Locale, I18n>> = {};

/** A settled promise React's `use()` reads without suspending. */
type Settled = Promise<void> & { status?: 'fulfilled'; value?: undefined };
/** Per language: the late messages, installed (fulfilled) or on their way. */
const late = new Map<Locale, Settled>();

const installed = (): Settled =>
  Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });

/**
 * Installs a language's compiled messages; `complete` when they include the late ones (the
 * server's, built from the whole catalogue).
 */
export function provideCatalogue(locale: Locale, messages: Messages, complete = false): void {
  instances[locale] = setupI18n({ locale, messages: { [locale]: messages } });
  if (complete) late.set(locale, installed());
}

// Literal import() calls: one chunk per language and part.
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  fr: () => import('virtual:catalogue/fr'),
  en: () => import('virtual:catalogue/en'),
};
const lateLoaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  fr: () => import('virtual:catalogue/fr-late'),
  en: () => import('virtual:catalogue/en-late'),
};

/** Loads a language's catalogue once (the browser: the page's, then another on a switch). */
export async function loadCatalogue(locale: Locale): Promise<void> {
  if (instances[locale]) return;
  provideCatalogue(locale, (await loaders[locale]()).default);
}

/**
 * The late messages of a language (late-keys.ts), for `use()` in an on-demand feature: settled
 * once installed. Loads the language's main catalogue first if needed. A failed load may be
 * asked for again.
 */
export function lateMessages(locale: Locale): Promise<void> {
  let promise = late.get(locale);
  if (!promise) {
    promise = Promise.all([loadCatalogue(locale), lateLoaders[locale]()]).then(
      ([, { default: messages }]) => {
        instances[locale]?.load(locale, messages);
        late.set(locale, installed());
      },
    );
    promise.catch(() => late.delete(locale));
    late.set(locale, promise);
  }
  return promise;
}

export function translator(locale: Locale): Translate {
  return (key, params) => {
    const i18n = instances[locale];
    // Callers load the language before they render in it; the key beats a broken page.
    return i18n ? i18n._(key, params) : key;
  };
}
