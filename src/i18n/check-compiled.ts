/**
 * What the build (build/catalogue-plugin.ts) holds every compiled message to: only what
 * `formatMessage` knows. Build-time only, apart from the formatter the browser loads.
 */
import type { Compiled } from './format';

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
