/** The logical date (docs/requirements.md §7): pinned by LOGICAL_DATE, else now in the site time zone. */
import { formatLogicalDate } from '../domain/dates';

interface LogicalClock {
  /** `YYYY-MM-DD HH:MM` in the site zone. */
  current(): string;
}

export function createLogicalClock(
  pinned: string | undefined,
  timeZone: string,
  now = Date.now,
): LogicalClock {
  return { current: () => pinned ?? formatLogicalDate(now(), timeZone) };
}
