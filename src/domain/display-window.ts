/** Display windows (docs/requirements.md §4, §5; docs/requirements.md, "Settled points"): start inclusive, end exclusive. */
import { parseIsoInstant } from './dates';

export interface DisplayWindow {
  start?: string | undefined;
  end?: string | undefined;
}

/**
 * Shown when start <= now (or no start) and now < end (or no end). A date that cannot be read
 * counts as not set: the service sent something, but no window can be drawn from it.
 */
export function isInWindow(window: DisplayWindow, now: number): boolean {
  const start = parseIsoInstant(window.start);
  const end = parseIsoInstant(window.end);
  return (start === null || start <= now) && (end === null || now < end);
}

/** The instants at which a window opens or closes (those that can be read). */
export function windowEdges(window: DisplayWindow): number[] {
  return [parseIsoInstant(window.start), parseIsoInstant(window.end)].filter(
    (t): t is number => t !== null,
  );
}

/** Does the window still open or close after `now`? Then a browser's filter must follow it. */
export function changesAfter(window: DisplayWindow, now: number): boolean {
  return nextChange(windowEdges(window), now) !== null;
}

/** The first of these instants strictly after now: when what is shown next changes; null if none. */
export function nextChange(instants: Iterable<number>, now: number): number | null {
  let next: number | null = null;
  for (const t of instants) if (t > now && (next === null || t < next)) next = t;
  return next;
}
