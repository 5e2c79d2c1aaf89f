/**
 * Pull-to-refresh as a pure state machine (docs/requirements.md §4 and §9): no React, no DOM, so every
 * transition and constant can be tested on its own. The hook feeds it touch positions.
 */

/** docs/requirements.md §9 "Time and motion", in CSS pixels and milliseconds. */
export const PULL_THRESHOLD = 60;
export const PULL_MAX = 80;
export const PULL_RELOAD_DISTANCE = 50;
export const PULL_REFRESH_TIMEOUT_MS = 500;

export type PullState = 'pending' | 'pulling' | 'releasing' | 'refreshing';

export interface PullModel {
  state: PullState;
  /** Where the finger went down, while a pull may start; null when no touch is followed. */
  startY: number | null;
  /** How far the indicator is drawn down, after resistance, in px (0 to PULL_MAX). */
  distance: number;
}

export type PullEvent =
  /** A finger went down; `atTop` says whether the page was scrolled to the very top. */
  | { type: 'start'; y: number; atTop: boolean }
  | { type: 'move'; y: number; atTop: boolean }
  | { type: 'end' }
  /** The touch was taken over by the browser (touchcancel). */
  | { type: 'cancel' }
  /** Back to rest, e.g. if the reload did not leave the page. */
  | { type: 'reset' };

export const INITIAL_PULL: PullModel = { state: 'pending', startY: null, distance: 0 };

/**
 * The finger's travel turned into the indicator's: it lags behind the finger at first (so a
 * small scroll-like gesture does not trigger a refresh) and never goes past PULL_MAX.
 * Reaching the threshold takes about twice its length of travel.
 */
export function resist(travel: number): number {
  if (travel <= 0) return 0;
  const factor = Math.min(1, travel / PULL_THRESHOLD / 2.5);
  return factor * Math.min(PULL_MAX, travel);
}

export function pullReducer(model: PullModel, event: PullEvent): PullModel {
  // Once refreshing, only the page reload (or an explicit reset) ends it.
  if (model.state === 'refreshing') return event.type === 'reset' ? INITIAL_PULL : model;

  switch (event.type) {
    case 'start':
      return event.atTop ? { state: 'pending', startY: event.y, distance: 0 } : INITIAL_PULL;
    case 'move': {
      if (model.startY === null) return model;
      // The page scrolled under the finger: this is a scroll, not a pull.
      if (!event.atTop) return INITIAL_PULL;
      const distance = resist(event.y - model.startY);
      if (distance <= 0) return { ...model, state: 'pending', distance: 0 };
      return {
        ...model,
        state: distance > PULL_THRESHOLD ? 'releasing' : 'pulling',
        distance,
      };
    }
    case 'end':
      return model.state === 'releasing'
        ? { state: 'refreshing', startY: null, distance: PULL_RELOAD_DISTANCE }
        : INITIAL_PULL;
    case 'cancel':
    case 'reset':
      return INITIAL_PULL;
  }
}
