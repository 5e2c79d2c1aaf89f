/**
 * The URL fragment as a store React can read, shared by the tabs, the accordions and the header's
 * language link. The server cannot know the fragment, so it reads as '' there and during hydration: blocks render their
 * default state first and switch right after, without a hydration mismatch.
 */
import { useSyncExternalStore } from 'react';

/** Announced after the site changes the fragment itself (replaceState fires no hashchange). */
const HASH_EVENT = 'site:hash';

// pushState/replaceState are announced by the router's history patch; listening to them as well
// catches fragments set by client-side navigations to `/page#anchor`.
const EVENTS = ['hashchange', 'popstate', 'pushState', 'replaceState', HASH_EVENT];

function subscribe(callback: () => void): () => void {
  for (const name of EVENTS) window.addEventListener(name, callback);
  return () => {
    for (const name of EVENTS) window.removeEventListener(name, callback);
  };
}

/**
 * The fragment without its `#`, percent-decoded when it can be. Only ever compared as a string:
 * a fragment is not a CSS selector (`#1:x[` must never reach querySelector).
 */
function decodeHash(raw: string): string {
  const fragment = raw.startsWith('#') ? raw.slice(1) : raw;
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

export function useLocationHash(): string {
  return useSyncExternalStore(
    subscribe,
    () => decodeHash(window.location.hash),
    () => '',
  );
}

/**
 * The fragment as the address holds it, `#` included ('' for none): what a link to the same place
 * elsewhere carries over.
 */
export function useRawLocationHash(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => '',
  );
}

/**
 * Puts a key in the fragment without the browser's jump to a matching id and without a history
 * entry per click; the router watches the path only, so no page load follows.
 */
export function setLocationHash(key: string): void {
  const url = new URL(window.location.href);
  url.hash = key;
  if (url.href === window.location.href) return;
  window.history.replaceState(window.history.state, '', url.href);
  window.dispatchEvent(new Event(HASH_EVENT));
}
