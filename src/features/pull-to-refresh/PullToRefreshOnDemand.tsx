/**
 * Pull-to-refresh where it can happen: the indicator is in the server's HTML for everyone, the
 * gesture's code loads only on touch screens (once hydrated, `loadPullToRefresh`) and
 * takes the indicator over as soon as it arrives.
 */
import { useSyncExternalStore, type ComponentType } from 'react';
import { PullIndicator } from './PullIndicator';

let Loaded: ComponentType | undefined;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const touchScreen = () => navigator.maxTouchPoints > 0 || 'ontouchstart' in window;
const loadedOnTouch = () => touchScreen() && Loaded !== undefined;

/** Loads the gesture's code on touch screens; never rejects (the indicator then stays idle). */
export async function loadPullToRefresh(): Promise<void> {
  if (Loaded || !touchScreen()) return;
  try {
    Loaded = (await import('./PullToRefresh')).PullToRefresh;
    listeners.forEach((listener) => listener());
  } catch (error) {
    console.warn('Pull-to-refresh could not be loaded:', error);
  }
}

export function PullToRefreshOnDemand() {
  // The server and hydration render the idle indicator; the gesture replaces it once loaded.
  const ready = useSyncExternalStore(subscribe, loadedOnTouch, () => false);
  return ready && Loaded ? <Loaded /> : <PullIndicator state="pending" message="" />;
}
