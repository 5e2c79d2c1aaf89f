/**
 * Rich text sanitised before an answer is parsed, a slice at a time. Parsing a page is
 * synchronous, and a page answer may hold hundreds of rich-text fields: sanitised one after the
 * other inside the parse, they would hold the event loop for tens of milliseconds. Here each
 * field is sanitised on its own, yielding to other requests between slices of a few
 * milliseconds, and the parse takes the results from the map this returns (the sanitiser's memo
 * is bounded, so it may not hold a whole answer's fields; docs/security.md, "Size and shape").
 * One field is never split: RICH_TEXT_MAX_BYTES bounds it (docs/configuration.md).
 */
import { overLimit } from './schema/magnolia';
import type { Audited } from './sanitize';
import { sanitizeAudited } from './sanitize-audit';

/** The fields the schemas read as rich text (`richText` in schema/magnolia.ts). */
const RICH_TEXT_KEYS: ReadonlySet<string> = new Set([
  'texte',
  'information',
  'descriptif',
  'noteLegale',
]);

/** How long one slice of work may hold the event loop before it yields. */
export const SLICE_MS = 2;

/** Deeper than any model reads (areas stop at 16 levels): the walk stops there too. */
const MAX_DEPTH = 64;

const nextTurn = (): Promise<void> =>
  new Promise((resolve) =>
    typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0),
  );

/** The rich-text strings of a raw answer that the parse will sanitise, each once. */
export function richTextFields(raw: unknown, maxBytes: number | undefined): string[] {
  const found = new Set<string>();
  const stack: { value: unknown; depth: number }[] = [{ value: raw, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop() as { value: unknown; depth: number };
    if (depth > MAX_DEPTH || value === null || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      if (typeof child === 'string') {
        // Markup only: text without `<` comes back from the sanitiser as it is, at no cost.
        if (
          RICH_TEXT_KEYS.has(key) &&
          child.includes('<') &&
          (maxBytes === undefined || !overLimit(child, maxBytes))
        ) {
          found.add(child);
        }
      } else if (child !== null && typeof child === 'object') {
        stack.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return [...found];
}

/**
 * Every rich-text field of `raw` sanitised ahead of its parse, yielding between slices: the
 * clean markup, and what was removed from it, by the dirty one.
 */
export async function sanitizeAhead(
  raw: unknown,
  maxBytes: number | undefined,
): Promise<Map<string, Audited>> {
  const clean = new Map<string, Audited>();
  let sliceStart = performance.now();
  for (const html of richTextFields(raw, maxBytes)) {
    if (performance.now() - sliceStart >= SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
    clean.set(html, sanitizeAudited(html));
  }
  return clean;
}
