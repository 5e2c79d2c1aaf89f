/**
 * The fragment as the tabs and the accordions read and set it. Blocks render their default state
 * first (the server cannot know the fragment) and switch right after, without a hydration
 * mismatch.
 */
import { useSyncExternalStore } from 'react';
import { HASH_EVENT, subscribeToHash } from '../../ui/location-hash';

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
    subscribeToHash,
    () => decodeHash(window.location.hash),
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
