/**
 * Formats a compiled message (build/catalogue-plugin.ts): Lingui's compiler parses the ICU text at
 * build time; the browser only walks the result. The site's messages use text, placeholders and
 * cardinal plurals, and the build refuses any other construct (`checkCompiled`), so this walk is
 * the whole runtime (docs/decisions/0049-messages-formatted-without-a-runtime-library.md).
 */
import type { Locale } from '../domain/locale';

/** Text; `[name]`, a value; `[name, 'plural', cases]`, cases keyed by plural category or number. */
type Token = string | readonly [string] | readonly [string, 'plural', PluralCases];
type PluralCases = Readonly<Record<string, Compiled>>;
export type Compiled = string | readonly Token[];
export type Values = Record<string, string | number>;

const pluralRules = new Map<Locale, Intl.PluralRules>();

function category(locale: Locale, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

/** `count`: inside a plural's case, the number that `#` stands for. */
export function formatMessage(
  message: Compiled,
  values: Values,
  locale: Locale,
  count?: number,
): string {
  if (typeof message === 'string') return message;
  let out = '';
  for (const token of message) {
    if (typeof token === 'string') {
      out += token === '#' && count !== undefined ? count.toLocaleString(locale) : token;
    } else if (token.length === 1) {
      out += String(values[token[0]] ?? '');
    } else {
      const n = Number(values[token[0]]);
      const cases = token[2];
      const chosen = cases[n] ?? cases[category(locale, n)] ?? cases.other;
      if (chosen !== undefined) out += formatMessage(chosen, values, locale, n);
    }
  }
  return out;
}

const PLURAL_KEY = /^(?:zero|one|two|few|many|other|\d+)$/;

/** Throws unless the message uses only what `formatMessage` knows (the build calls it). */
export function checkCompiled(message: unknown): asserts message is Compiled {
  if (typeof message === 'string') return;
  if (!Array.isArray(message)) throw new Error('not a compiled message');
  for (const token of message as unknown[]) {
    if (typeof token === 'string') continue;
    if (!Array.isArray(token) || typeof token[0] !== 'string')
      throw new Error(`unknown token ${JSON.stringify(token)}`);
    if (token.length === 1) continue;
    const [name, type, cases] = token as [string, unknown, unknown];
    if (type !== 'plural' || token.length !== 3 || typeof cases !== 'object' || cases === null)
      throw new Error(`{${name}, ${String(type)}} is not supported: only plain values and plurals`);
    for (const [key, value] of Object.entries(cases)) {
      // The compiler writes an `offset` key, undefined unless the message sets one.
      if (key === 'offset' && value === undefined) continue;
      if (!PLURAL_KEY.test(key)) throw new Error(`plural case "${key}" is not supported`);
      checkCompiled(value);
    }
    if (!('other' in cases)) throw new Error(`{${name}, plural} has no "other" case`);
  }
}
