/** Text rules of docs/requirements.md §5 and §2. */

const SUMMARY_WORDS = 25;

/** The chroniques list: 4 at first, 4 more per click (docs/requirements.md §4). */
export const CHRONICLES_PAGE_SIZE = 4;

/** Punctuation that reads wrong before an ellipsis (`mot,…`): dropped with the spaces before it. */
const TRAILING_PUNCTUATION = /[\s,;:.…\-–—]+$/u;

/**
 * A chronique's summary: the first 25 words of its text, followed by an ellipsis, with no comma,
 * colon, full stop or dash left just before it (issue 33).
 */
export function summarize(text: string, words = SUMMARY_WORDS): string {
  const list = text.trim().split(/\s+/).filter(Boolean);
  const cut = list.slice(0, words).join(' ').replace(TRAILING_PUNCTUATION, '');
  return cut === '' ? '' : `${cut}…`;
}

/**
 * A winner's description in quotes: the characters laquo, raquo and quot removed first (as
 * characters or as entities), so that the quotes the site adds are the only ones.
 */
export function stripQuotes(text: string): string {
  return text
    .replace(/&(laquo|raquo|quot);/g, '')
    .replace(/[«»"]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
