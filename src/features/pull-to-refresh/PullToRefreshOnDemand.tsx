/**
 * Pull-to-refresh where it can happen: the indicator is in the server's HTML for everyone, the
 * gesture's code loads only on touch screens (before hydration, `preloadPullToRefresh`) and
 * takes the indicator over right after it.
 */
import { useSyncExternalStore, type ComponentType } from 'react';
import { PullIndicator } from './PullIndicator';

let Loaded: ComponentType | undefined;

const noSubscription = () => () => undefined;
const touchScreen = () => navigator.maxTouchPoints > 0 || 'ontouchstart' in window;

/** Loads the gesture's code on touch screens; never rejects (the indicator then stays idle). */
export async function preloadPullToRefresh(): Promise<void> {
  if (Loaded || !touchScreen()) return;
  try {
    Loaded = (await import('./PullToRefresh')).PullToRefresh;
  } catch (error) {
    console.warn('Pull-to-refresh could not be loaded:', error);
  }
}

export function PullToRefreshOnDemand() {
  // The server and hydration render the idle indicator; the browser then knows about touch.
  const touch = useSyncExternalStore(noSubscription, touchScreen, () => false);
  if (touch && Loaded) return <Loaded />;
  return <PullIndicator state="pending" message="" />;
}
