/**
 * Whether the page has become interactive: every root hydrated, with its effects run. The browser
 * entry marks it once (`src/app/start-client.tsx`). Parts that only ever answer a visitor's action
 * wait for it before asking for their chunk, so that chunk is not among the scripts the page
 * loads before interaction (docs/decisions/0045-modal-after-interaction.md).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';

let interactive = false;
const listeners = new Set<() => void>();

/** Called once every root has hydrated; later calls change nothing. */
export function markInteractive(): void {
  if (interactive) return;
  interactive = true;
  listeners.forEach((listener) => listener());
}

/** The same, outside React: false on the server and until every root has hydrated. */
export function isInteractive(): boolean {
  return interactive;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** False on the server and during hydration; true from the moment the page is interactive. */
export function useInteractive(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => interactive,
    () => false,
  );
}

/**
 * Runs `callback` once the page is interactive, at once if it is already; the answer cancels a
 * call still to come.
 */
export function whenInteractive(callback: () => void): () => void {
  if (interactive) {
    callback();
    return () => undefined;
  }
  const once = () => {
    listeners.delete(once);
    callback();
  };
  return subscribe(once);
}

/**
 * True once the page is interactive and the browser has been idle since the caller mounted (at
 * most 2 s later; a short timer where there is no idle callback): on a client-side navigation, a
 * part that waits for this comes after the new page's own code and paint, not with them.
 */
export function useIdleOnceInteractive(): boolean {
  const interactive = useInteractive();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!interactive || idle) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setIdle(true), 200);
    return () => window.clearTimeout(timer);
  }, [interactive, idle]);
  return interactive && idle;
}

/** Unit tests only: back to a page not yet interactive. */
export function resetInteractiveForTests(): void {
  interactive = false;
}
