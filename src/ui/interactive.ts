/**
 * Whether the page has become interactive: every root hydrated, with its effects run. The browser
 * entry marks it once (`src/app/start-client.tsx`). Parts that only ever answer a visitor's action
 * wait for it before asking for their chunk, so that chunk is not among the scripts the page
 * loads before interaction (docs/decisions/0045-modal-after-interaction.md).
 */
import { useSyncExternalStore } from 'react';

let interactive = false;
const listeners = new Set<() => void>();

/** Called once every root has hydrated; later calls change nothing. */
export function markInteractive(): void {
  if (interactive) return;
  interactive = true;
  listeners.forEach((listener) => listener());
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

/** Unit tests only: back to a page not yet interactive. */
export function resetInteractiveForTests(): void {
  interactive = false;
}
