/** Media queries read after hydration, so that server and first client render agree. */
import { useCallback, useSyncExternalStore } from 'react';

/** `null` on the server and during hydration; then whether the query matches, kept up to date. */
export function useMediaQuery(query: string): boolean | null {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore<boolean | null>(
    subscribe,
    () => window.matchMedia(query).matches,
    () => null,
  );
}

export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
