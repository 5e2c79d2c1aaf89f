/**
 * Where internal links lead. On the site itself: '' (client-side routes). When the header and
 * footer are mounted on another system's page: the site's origin, and links load pages fully,
 * since that page has no router for the site's paths.
 */
import { createContext, useContext } from 'react';

export const LinkBaseContext = createContext('');

export function useLinkBase(): string {
  return useContext(LinkBaseContext);
}
