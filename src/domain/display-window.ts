/** Display windows (SPEC.md §4, §5; SPEC-NOTES.md): start inclusive, end exclusive. */
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
