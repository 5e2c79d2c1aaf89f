/**
 * The one allow-list HTML sanitizer for editors' rich text (`sanitize-policy.ts`). The browser runs
 * DOMPurify over its own DOM. The server installs its engine at start (`installSanitizer`,
 * src/server/sanitizer.ts: a DOM-free sanitiser for rich text, DOMPurify over a recycled jsdom
 * window for inline SVG), which keeps parse5 and jsdom out of the browser bundle. Tests may
 * install DOMPurify over a window of theirs (`installSanitizerWindow`).
 */
import createDOMPurify, { type Config, type WindowLike } from 'dompurify';
import { safeContentId } from '../domain/ids';
import { isDisguisedExternal } from '../domain/links';
import { memoize } from './memo';
import {
  defaultAttributes,
  keepsImageSource,
  NEW_WINDOW_REL,
  RICH_TEXT_POLICY,
  type Removal,
} from './sanitize-policy';

/** DOMPurify's options for rich text, from the shared policy. */
const RICH_TEXT: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_POLICY.tags],
  ALLOWED_ATTR: [...RICH_TEXT_POLICY.attributes],
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP: RICH_TEXT_POLICY.uri,
};

/** The three operations, each pure for a given engine (the memos below rely on it). */
export interface SanitizerEngine {
  /** Clean rich-text markup. */
  html(dirty: string): string;
  /** The text content of the clean markup. */
  text(dirty: string): string;
  /** Clean SVG markup (not yet checked to be an SVG). */
  svg(dirty: string): string;
  /** `html`'s output with what it removed, for editors' diagnostics (the server's engine). */
  audit?(dirty: string): Audited;
}

/** Clean rich text and what the sanitiser removed from the editor's markup. */
export interface Audited {
  html: string;
  removed: readonly Removal[];
}

/**
 * Each function below is pure for a given engine and memoised by input (bounded, least recently
 * used first): the same fragments recur on every render. Bounded by count and by bytes, so a few
 * long fields cannot hold megabytes (docs/configuration.md, RICH_TEXT_MAX_BYTES).
 */
const MEMO_LIMIT = { entries: 1000, bytes: 8 * 1024 * 1024 };

const TEXT: Config & { RETURN_DOM_FRAGMENT: true } = { ...RICH_TEXT, RETURN_DOM_FRAGMENT: true };

const SVG: Config = {
  USE_PROFILES: { svg: true, svgFilters: true },
  // Inline style attributes and <style> would be refused by the CSP: drop them here, not there.
  FORBID_TAGS: ['style', 'foreignObject', 'script', 'a'],
  FORBID_ATTR: ['style'],
};

const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** What DOMPurify drops from a URL before it tests it (its ATTR_WHITESPACE). */
// eslint-disable-next-line no-control-regex -- controls and spaces are what it matches
const URL_SKIPPED = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;

/** DOMPurify over a DOM window: the browser's own, or one a test or the server provides. */
export function createDomEngine(win: WindowLike): SanitizerEngine {
  const purifier = createDOMPurify(win);
  // A link that opens a new window must not hand the opener to the other site.
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', NEW_WINDOW_REL);
    } else if (node.tagName === 'A') {
      node.removeAttribute('target');
    }
    // Attributes every such element must carry (an image's alt), the same in the server's engine.
    if (node.namespaceURI !== HTML_NS) return;
    const defaults = defaultAttributes(RICH_TEXT_POLICY, node.tagName.toLowerCase());
    for (const [name, value] of Object.entries(defaults ?? {})) {
      if (!node.hasAttribute(name)) node.setAttribute(name, value);
    }
  });
  // Ids kept in inlined SVG (gradients, clip paths) must not take the page's own ids, such as
  // the hydration data's: the same rule as ids from content fields (domain/ids.ts). A link that
  // leaves the site while looking like a path (`//host`, `/\host`) loses its `href`: the same
  // rule as link fields (domain/links.ts), and the server's sanitiser applies it too.
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    if ((data.attrName === 'id' || data.attrName === 'name') && !safeContentId(data.attrValue)) {
      data.keepAttr = false;
    }
    if (data.attrName === 'href' && isDisguisedExternal(data.attrValue)) data.keepAttr = false;
    const compact = data.attrValue.replace(URL_SKIPPED, '');
    if (!keepsImageSource(node.nodeName.toLowerCase(), data.attrName, compact)) {
      data.keepAttr = false;
    }
  });
  return {
    html: (dirty) => purifier.sanitize(dirty, RICH_TEXT),
    // Markup that parses to a frameset has no body: no fragment comes back, and no text (as on
    // the server).
    text: (dirty) => (purifier.sanitize(dirty, TEXT) as DocumentFragment | null)?.textContent ?? '',
    svg: (dirty) => purifier.sanitize(dirty, SVG),
  };
}

// The installed engine lives on a global key: in development Vite's server module graph loads
// its own copy of this module, which must see the engine the server installed.
const ENGINE_KEY = Symbol.for('pari-boreal.sanitizer-engine');
type EngineHolder = Record<typeof ENGINE_KEY, SanitizerEngine | undefined>;

let engine: SanitizerEngine | undefined;

function current(): SanitizerEngine {
  if (!engine) {
    const installed = (globalThis as unknown as EngineHolder)[ENGINE_KEY];
    if (installed) engine = installed;
    else if (typeof window !== 'undefined') engine = createDomEngine(window);
    else throw new Error('sanitizer: none installed (installSanitizer)');
  }
  return engine;
}

/** The engine in use (the server's audit reads it: sanitize-audit.ts). */
export function sanitizerEngine(): SanitizerEngine {
  return current();
}

/** Installs the engine the server sanitizes with (src/server/sanitizer.ts). */
export function installSanitizer(next: SanitizerEngine): void {
  (globalThis as unknown as EngineHolder)[ENGINE_KEY] = next;
  engine = next;
  memos.forEach((memo) => memo.clear());
}

/** DOMPurify over a given window (tests; the browser uses its own without this). */
export function installSanitizerWindow(win: WindowLike): void {
  installSanitizer(createDomEngine(win));
}

const cleanHtml = memoize((html) => current().html(html), MEMO_LIMIT);

/** Rich text through the allow-list. The same fragment recurs across requests: memoised. */
export function sanitizeHtml(html: string): string {
  return cleanHtml(html);
}

/**
 * A serialised `<a …>` start tag. Every HTML serialiser (the server's sanitiser, the browser's
 * DOM) writes attribute values between double quotes with `"` escaped, so a value never ends
 * the match early, and text never holds a raw `<`.
 */
const ANCHOR = /<a((?:\s+[^\s"'>/=]+(?:="[^"]*")?)*)\s*>/g;
const REL = /(\srel=")([^"]*)"/;

/**
 * Sanitised markup with `noreferrer` in the `rel` of each of its links: an editor's preview, whose
 * URL holds its token, hands it to no link (docs/preview.md "Never logged, never handed on").
 */
export function noReferrerLinks(html: string): string {
  return html.replace(ANCHOR, (tag, attributes: string) => {
    const rel = REL.exec(attributes);
    if (!rel) return `<a${attributes} rel="noreferrer">`;
    if ((rel[2] ?? '').split(/\s+/).includes('noreferrer')) return tag;
    return `<a${attributes.replace(REL, '$1$2 noreferrer"')}>`;
  });
}

const textOf = memoize((html) => {
  // Block boundaries separate words: "</p><p>" must not glue the last and first words together.
  const spaced = html.replace(/<\/(?:p|div|li|h[1-6]|blockquote|tr|td|th)>|<br\s*\/?>/gi, '$& ');
  return current().text(spaced).replace(/\s+/g, ' ').trim();
}, MEMO_LIMIT);

/**
 * The text of sanitised HTML, for summaries (entities decoded, tags dropped). Memoised: every
 * chroniques list summarises the same texts.
 */
export function htmlToText(html: string): string {
  return textOf(html);
}

const cleanSvg = memoize((markup) => {
  const clean = current().svg(markup).trim();
  return clean.startsWith('<svg') ? clean : '';
}, MEMO_LIMIT);

/** An SVG document reduced to safe, inlinable markup (empty when nothing of it is an SVG). */
export function sanitizeSvg(markup: string): string {
  return cleanSvg(markup);
}

const memos = [cleanHtml, textOf, cleanSvg];
