/**
 * Formats a compiled message (build/catalogue-plugin.ts): Lingui's compiler parses the ICU text at
 * build time; the browser only walks the result. The site's messages use text, placeholders and
 * cardinal plurals, and the build refuses any other construct (`check-compiled.ts`), so this walk
 * is the whole runtime (docs/decisions/0049-messages-formatted-without-a-runtime-library.md).
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
