/**
 * Rich text sanitised with what the sanitiser removed from it, for editors' diagnostics
 * (docs/preview.md "Diagnostics"). Only the content boundary reads it, on the server: it stays
 * out of the browser's bundle. An engine that cannot tell (DOMPurify in tests) says nothing was
 * removed.
 */
import { memoize } from './memo';
import { sanitizerEngine, type Audited, type SanitizerEngine } from './sanitize';
import type { Removal } from './sanitize-policy';

const NOTHING_REMOVED: readonly Removal[] = Object.freeze([]);

/** Bounded like the sanitiser's own memos (sanitize.ts). */
const MEMO_LIMIT = { entries: 1000, bytes: 8 * 1024 * 1024 };

let memoEngine: SanitizerEngine | undefined;

const audited = memoize(
  (html): Audited => {
    const engine = sanitizerEngine();
    return engine.audit?.(html) ?? { html: engine.html(html), removed: NOTHING_REMOVED };
  },
  MEMO_LIMIT,
  // The removed values are cut from the input: at most its length again.
  (out) =>
    out.html.length + out.removed.reduce((n, r) => n + ('value' in r ? r.value.length : 8), 0),
);

/** `sanitizeHtml`'s markup and what it removed; memoised per engine. */
export function sanitizeAudited(html: string): Audited {
  const engine = sanitizerEngine();
  if (engine !== memoEngine) {
    audited.clear();
    memoEngine = engine;
  }
  return audited(html);
}

/** Elements whose removal means the editor's markup tried to run or embed something. */
const ACTIVE_ELEMENTS: ReadonlySet<string> = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'style',
  'link',
  'meta',
  'base',
  'form',
  'svg',
  'math',
  'template',
  'noscript',
]);

/** Attributes that carry a URL: their removal is a link or a source refused. */
const URL_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'src', 'xlink:href', 'action']);

/**
 * What of a sanitiser's removals an editor must hear of (docs/preview.md, "Diagnostics"): links
 * refused for their scheme, and active markup (scripts, frames, event handlers, inline styles).
 * Unsupported formatting unwrapped to its text (a `div`, a `font`) or a dropped `class` changes
 * nothing the visitor could be harmed by, and is not told.
 */
export function unsafeRemovals(removed: readonly Removal[]): { links: string[]; markup: string[] } {
  const links: string[] = [];
  const markup = new Set<string>();
  for (const r of removed) {
    if ('element' in r) {
      if (ACTIVE_ELEMENTS.has(r.element)) markup.add(`<${r.element}>`);
    } else if (URL_ATTRIBUTES.has(r.attribute) && r.value.trim()) {
      links.push(r.value.trim());
    } else if (r.attribute.startsWith('on') || r.attribute === 'style') {
      markup.add(r.attribute);
    }
  }
  return { links, markup: [...markup] };
}
