/**
 * One catalogue per language (`fr.json`, `en.json`: ICU messages), compiled at build time by
 * Lingui's compiler (build/catalogue-plugin.ts) and formatted by `format.ts`. The server installs
 * both at start; the browser loads only the language it shows (`loadCatalogue`), each in its own
 * chunk, and the messages of on-demand features (late-keys.ts) only with those features
 * (`lateMessages`).
 */
import type { Locale } from '../domain/locale';
import { formatMessage, type Compiled } from './format';
import type source from './fr.json';

export type MessageKey = keyof typeof source;

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** A language's compiled messages, by key. */
export type Messages = Record<string, Compiled>;

const catalogues: Partial<Record<Locale, Messages>> = {};

/** Per language: the late messages' load, one promise kept for `use()` while it lasts. */
const late = new Map<Locale, Promise<void>>();
/** Languages whose late messages are installed. */
const lateInstalled = new Set<Locale>();

/**
 * Installs a language's compiled messages; `complete` when they include the late ones (the
 * server's, built from the whole catalogue).
 */
export function provideCatalogue(locale: Locale, messages: Messages, complete = false): void {
  // Merged, never replaced: a main catalogue arriving after the late messages must keep them.
  catalogues[locale] = { ...catalogues[locale], ...messages };
  if (complete) lateInstalled.add(locale);
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

/** Per language: the main catalogue on its way; callers at the same time share one load. */
const loading = new Map<Locale, Promise<void>>();

/** Loads a language's catalogue once (the browser: the page's, then another on a switch). */
export function loadCatalogue(locale: Locale): Promise<void> {
  if (catalogues[locale]) return Promise.resolve();
  let promise = loading.get(locale);
  if (!promise) {
    promise = loaders[locale]().then(({ default: messages }) => provideCatalogue(locale, messages));
    promise.catch(() => loading.delete(locale));
    loading.set(locale, promise);
  }
  return promise;
}

/**
 * The late messages of a language (late-keys.ts), for `use()` in an on-demand feature: one
 * promise per language while they load, so that React's `use()` is given the same one on every
 * render. Loads the language's main catalogue first if needed. A failed load may be
 * asked for again.
 */
export function lateMessages(locale: Locale): Promise<void> {
  if (lateInstalled.has(locale)) return Promise.resolve();
  let promise = late.get(locale);
  if (!promise) {
    promise = Promise.all([loadCatalogue(locale), lateLoaders[locale]()]).then(
      ([, { default: messages }]) => {
        Object.assign(catalogues[locale] ?? {}, messages);
        lateInstalled.add(locale);
      },
    );
    promise.catch(() => late.delete(locale));
    late.set(locale, promise);
  }
  return promise;
}

/** Are a language's late messages installed (without asking for them)? */
export function hasLateMessages(locale: Locale): boolean {
  return lateInstalled.has(locale);
}

export function translator(locale: Locale): Translate {
  return (key, params) => {
    const message = catalogues[locale]?.[key];
    // Callers load the language before they render in it; the key beats a broken page.
    return message === undefined ? key : formatMessage(message, params ?? {}, locale);
  };
}
