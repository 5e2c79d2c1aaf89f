/**
 * What the page starts once it is interactive, in one chunk out of the scripts it hydrates with:
 * the navigation kit when the browser is idle (navigation-kit.ts,
 * docs/decisions/0046-navigation-code-when-idle.md) and, in the documents drawn into the sample,
 * the Core Web Vitals (vitals.ts, docs/decisions/0069-real-user-web-vitals.md).
 */
import { loadNavigationKitWhenIdle } from './navigation-kit';
import type { AppStore } from './store';

export function startAfterInteraction(
  win: Window,
  store: AppStore,
  random: () => number = Math.random,
): void {
  loadNavigationKitWhenIdle(win);
  // Drawn once per document: one out of the sample loads nothing more.
  const { rum } = store.getState().config;
  if (!rum || random() >= rum.sampleRate) return;
  const watch = () => void import('./vitals').then((m) => m.watchVitals(win, store, rum));
  if (typeof win.requestIdleCallback === 'function')
    win.requestIdleCallback(watch, { timeout: 2000 });
  else win.setTimeout(watch, 200);
}
