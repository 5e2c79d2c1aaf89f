/**
 * Where internal links lead. On the site itself: '' (client-side routes). When the header and
 * footer are mounted on another system's page: the site's origin, and links load pages fully,
 * since that page has no router for the site's paths.
 *
 * And whether links hand on the page's address: in an editor's preview, whose URL holds its
 * token, every link says `rel="noreferrer"` (docs/preview.md "Never logged, never handed on").
 */
import { createContext, useContext } from 'react';

export const LinkBaseContext = createContext('');

export function useLinkBase(): string {
  return useContext(LinkBaseContext);
}

/** True in an editor's preview: no link of the page may name it as a referrer. */
export const NoReferrerContext = createContext(false);

export function useNoReferrer(): boolean {
  return useContext(NoReferrerContext);
}

/** A link's `rel` from the words that apply (`false` for one that does not), none when empty. */
export function relOf(...words: (string | false)[]): string | undefined {
  return words.filter((word) => word !== false).join(' ') || undefined;
}

/**
 * A serialised `<a …>` start tag. Every HTML serialiser (the server's sanitiser, the browser's
 * DOM) writes attribute values between double quotes with `"` escaped, so a value never ends
 * the match early, and text never holds a raw `<`.
 */
const ANCHOR = /<a((?:\s+[^\s"'>/=]+(?:="[^"]*")?)*)\s*>/g;
const REL = /(\srel=")([^"]*)"/;

/** Sanitised markup with `noreferrer` in the `rel` of each of its links (a preview's rich text). */
export function noReferrerLinks(html: string): string {
  return html.replace(ANCHOR, (tag, attributes: string) => {
    const rel = REL.exec(attributes);
    if (!rel) return `<a${attributes} rel="noreferrer">`;
    if ((rel[2] ?? '').split(/\s+/).includes('noreferrer')) return tag;
    return `<a${attributes.replace(REL, '$1$2 noreferrer"')}>`;
  });
}
