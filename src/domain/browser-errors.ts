/**
 * What a visitor's browser may say about an error on a page (docs/operations.md "Errors in
 * visitors' browsers"): a kind from a fixed list, the block's kind, the page type and a short
 * message. The browser cleans the message before it sends it; the server cleans it again.
 */

/** Where the error came from: a block's render or effect, the page's code, a block's chunk. */
export const BROWSER_ERROR_KINDS = ['render', 'effect', 'uncaught', 'rejection', 'chunk'] as const;
export type BrowserErrorKind = (typeof BROWSER_ERROR_KINDS)[number];

/** The page types a report may name (the view kinds), `none` when the page has none yet. */
export const REPORT_PAGE_TYPES = [
  'content',
  'error',
  'site-map',
  'sports',
  'trigger',
  'none',
] as const;
export type ReportPageType = (typeof REPORT_PAGE_TYPES)[number];

/** The path errors are sent to. */
export const BROWSER_ERRORS_PATH = '/_errors';

/** A message is cut to this many characters. */
const REPORT_MESSAGE_MAX = 300;

/** What one report holds: never an identifier, a cookie, a query or a stack. */
export interface BrowserErrorReport {
  kind: BrowserErrorKind;
  /** A component kind, or `none` for an error outside any block. */
  block: string;
  page: ReportPageType;
  message: string;
}

/**
 * A message as it may be sent and logged: every URL and path without its query and fragment, control
 * characters (line breaks included) and Unicode line and direction marks turned into spaces,
 * runs of spaces made one, trimmed, at most REPORT_MESSAGE_MAX characters.
 */
export function cleanReportMessage(message: string): string {
  return message
    .slice(0, REPORT_MESSAGE_MAX * 4)
    .replace(/((?:\b[a-z][a-z0-9+.-]*:)?\/[^\s?#]*)[?#]\S*/giu, '$1')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .slice(0, REPORT_MESSAGE_MAX);
}
