/**
 * The one allow-list HTML sanitizer (DOMPurify) for editors' rich text, used on the server and in
 * the browser alike. The browser uses its own DOM; the server installs a DOM window once at start
 * (`installSanitizerWindow`), which keeps jsdom out of the browser bundle.
 */
import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from 'dompurify';
import { safeContentId } from '../domain/ids';
import { memoize } from './memo';

const RICH_TEXT: Config = {
  ALLOWED_TAGS: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'small',
    'span',
    'abbr',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
    'img',
  ],
  ALLOWED_ATTR: [
    'href',
    'title',
    'target',
    'rel',
    'alt',
    'src',
    'width',
    'height',
    'colspan',
    'rowspan',
    'scope',
    'lang',
  ],
  ALLOW_DATA_ATTR: false,
  // Web, mail and phone links, and relative values; any other scheme (javascript:, data:) is dropped.
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

let purifier: DOMPurify | undefined;
/**
 * Each function below is pure for a given window and memoised by input (bounded, least recently
 * used first): the same fragments recur on every render, and DOMPurify parses each into a new
 * document, the costliest step of an uncached render.
 */
const MEMO_LIMIT = 1000;

// The installed window lives on a global key: in development Vite's server module graph loads
// its own copy of this module, which must see the window the server installed.
const WINDOW_KEY = Symbol.for('pari-boreal.sanitizer-window');
type WindowHolder = Record<typeof WINDOW_KEY, WindowLike | undefined>;

function instance(): DOMPurify {
  if (!purifier) {
    const win =
      typeof window === 'undefined' ? (globalThis as unknown as WindowHolder)[WINDOW_KEY] : window;
    if (!win) throw new Error('sanitizer: no DOM window installed (installSanitizerWindow)');
    purifier = configure(createDOMPurify(win));
  }
  return purifier;
}

function configure(p: DOMPurify): DOMPurify {
  // A link that opens a new window must not hand the opener to the other site.
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    } else if (node.tagName === 'A') {
      node.removeAttribute('target');
    }
  });
  // Ids kept in inlined SVG (gradients, clip paths) must not take the page's own ids, such as
  // the hydration data's: the same rule as ids from content fields (domain/ids.ts).
  p.addHook('uponSanitizeAttribute', (_node, data) => {
    if ((data.attrName === 'id' || data.attrName === 'name') && !safeContentId(data.attrValue)) {
      data.keepAttr = false;
    }
  });
  return p;
}

/** Installs the DOM window the server sanitizes with (jsdom). */
export function installSanitizerWindow(win: WindowLike): void {
  (globalThis as unknown as WindowHolder)[WINDOW_KEY] = win;
  purifier = configure(createDOMPurify(win));
  memos.forEach((memo) => memo.clear());
}

const cleanHtml = memoize((html) => instance().sanitize(html, RICH_TEXT), MEMO_LIMIT);

/** Rich text through the allow-list. The same fragment recurs across requests: memoised. */
export function sanitizeHtml(html: string): string {
  return cleanHtml(html);
}

const TEXT: Config & { RETURN_DOM_FRAGMENT: true } = { ...RICH_TEXT, RETURN_DOM_FRAGMENT: true };

const textOf = memoize((html) => {
  // Block boundaries separate words: "</p><p>" must not glue the last and first words together.
  const spaced = html.replace(/<\/(?:p|div|li|h[1-6]|blockquote|tr|td|th)>|<br\s*\/?>/gi, '$& ');
  const fragment = instance().sanitize(spaced, TEXT);
  return fragment.textContent.replace(/\s+/g, ' ').trim();
}, MEMO_LIMIT);

/**
 * The text of sanitised HTML, for summaries (entities decoded, tags dropped). Memoised: every
 * chroniques list summarises the same texts, and each costs DOMPurify a new document.
 */
export function htmlToText(html: string): string {
  return textOf(html);
}

const SVG: Config = {
  USE_PROFILES: { svg: true, svgFilters: true },
  // Inline style attributes and <style> would be refused by the CSP: drop them here, not there.
  FORBID_TAGS: ['style', 'foreignObject', 'script', 'a'],
  FORBID_ATTR: ['style'],
};

const cleanSvg = memoize((markup) => {
  const clean = instance().sanitize(markup, SVG).trim();
  return clean.startsWith('<svg') ? clean : '';
}, MEMO_LIMIT);

/** An SVG document reduced to safe, inlinable markup (empty when nothing of it is an SVG). */
export function sanitizeSvg(markup: string): string {
  return cleanSvg(markup);
}

const memos = [cleanHtml, textOf, cleanSvg];
