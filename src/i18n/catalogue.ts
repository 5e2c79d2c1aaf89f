/** One catalogue per language; `t` fills `{{name}}` placeholders. */
import type { Locale } from '../domain/locale';
import { en } from './en';
import { fr } from './fr';

export type MessageKey = keyof typeof fr;
export type Messages = Record<MessageKey, string>;

export const catalogues: Record<Locale, Messages> = { fr, en };

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function translator(locale: Locale): Translate {
  const messages = catalogues[locale];
  return (key, params) =>
    messages[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
      params && name in params ? String(params[name]) : whole,
    );
}
