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

/**
 * `'noreferrer'` in an editor's preview, the `rel` its links add so that none names the page as
 * a referrer; none on the site's pages, whose links stay as they are.
 */
export const NoReferrerContext = createContext<'noreferrer' | undefined>(undefined);

export function useNoReferrer(): 'noreferrer' | undefined {
  return useContext(NoReferrerContext);
}
