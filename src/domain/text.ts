/** Text rules of docs/requirements.md §5 and §2. */

const SUMMARY_WORDS = 25;

/** The chroniques list: 4 at first, 4 more per click (docs/requirements.md §4). */
export const CHRONICLES_PAGE_SIZE = 4;

/** A chronique's summary: the first 25 words of its text, followed by an ellipsis. */
export function summarize(text: string, words = SUMMARY_WORDS): string {
  const list = text.trim().split(/\s+/).filter(Boolean);
  return list.length === 0 ? '' : `${list.slice(0, words).join(' ')}…`;
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
