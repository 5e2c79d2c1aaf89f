/**
 * The rich-text allow-list, in one place for both sanitisers: DOMPurify in the browser
 * (`sanitize.ts`) and the DOM-free one of the server (`server-sanitizer.ts`). Plain data, no
 * imports, so tests on either side can load it. See docs/decisions/0022-server-sanitizer.md.
 */
export interface HtmlPolicy {
  readonly tags: readonly string[];
  readonly attributes: readonly string[];
  /** Values of URL-bearing attributes must match it (after dropping whitespace and controls). */
  readonly uri: RegExp;
  /**
   * Attributes an HTML element always leaves with, by lower-case tag name, and the value each
   * gets when the content gives none. Both engines add them last (after the `target` rule).
   */
  readonly defaults: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export const RICH_TEXT_POLICY: HtmlPolicy = {
  tags: [
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
  attributes: [
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
  // Web, mail and phone links, and relative values; any other scheme (javascript:, data:) is dropped.
  uri: /^(?:https?:|mailto:|tel:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  // An image the editor gave no text is decorative: `alt=""` keeps screen readers from reading
  // its file name (axe's image-alt rule, a critical failure otherwise).
  defaults: { img: { alt: '' } },
};

/** The defaults `policy` gives an HTML element named `tag` (lower case), if any. */
export function defaultAttributes(
  policy: HtmlPolicy,
  tag: string,
): Readonly<Record<string, string>> | undefined {
  return Object.hasOwn(policy.defaults, tag) ? policy.defaults[tag] : undefined;
}

/**
 * An image's `src` in rich text keeps only a written-out address (`https://media…/dam/…`, or a
 * `data:` image): a relative one resolves against the page, not the media host, and was fetched
 * from the site, which answered with the 404 page (issue 33; docs/security.md). `value` as the
 * engines compare it, whitespace and controls dropped.
 */
export function keepsImageSource(tag: string, name: string, value: string): boolean {
  return tag !== 'img' || name !== 'src' || /^[a-z][a-z0-9+.-]*:/i.test(value);
}

/** What a link opening a new window gets, so it cannot reach back to its opener. */
export const NEW_WINDOW_REL = 'noopener noreferrer';

/** One thing a sanitiser took out of editors' markup: an element, or an attribute of one. */
export type Removal =
  | { readonly element: string }
  | { readonly attribute: string; readonly value: string; readonly tag: string };
