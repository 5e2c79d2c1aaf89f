/**
 * The URL fragment as a store React can read: the header's language link carries it over. The
 * server cannot know the fragment, so it reads as '' there and during hydration. What only the
 * tabs and accordions need is beside them (src/blocks/shared/location-hash.ts), out of the code
 * every page loads first.
 */
import { useSyncExternalStore } from 'react';

/** Announced after the site changes the fragment itself (replaceState fires no hashchange). */
export const HASH_EVENT = 'site:hash';

// pushState/replaceState are announced by the router's history patch; listening to them as well
// catches fragments set by client-side navigations to `/page#anchor`.
const EVENTS = ['hashchange', 'popstate', 'pushState', 'replaceState', HASH_EVENT];

export function subscribeToHash(callback: () => void): () => void {
  for (const name of EVENTS) window.addEventListener(name, callback);
  return () => {
    for (const name of EVENTS) window.removeEventListener(name, callback);
  };
}

/**
 * The fragment as the address holds it, `#` included ('' for none): what a link to the same place
 * elsewhere carries over.
 */
export function useRawLocationHash(): string {
  return useSyncExternalStore(
    subscribeToHash,
    () => window.location.hash,
    () => '',
  );
}
