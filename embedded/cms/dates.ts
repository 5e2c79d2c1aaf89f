/**
 * Date handling of the demo content: relative dates (`today-3d`) are resolved against an
 * anchor day and written as ISO 8601 with the site zone's offset, DST-correct, so the demo
 * stays alive on any day and tests are deterministic when the anchor is pinned.
 */
import { memoize } from './memo';

export interface CalendarDay {
  year: number;
  month: number; // 1-12
  day: number;
}

const RELATIVE_DATE = /^today(?:([+-])(\d{1,4})([dw]))?$/;
const ABSOLUTE_DATE =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const ANCHOR = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/;

export function isDateValue(value: string): boolean {
  return (
    RELATIVE_DATE.test(value) || (ABSOLUTE_DATE.test(value) && !Number.isNaN(Date.parse(value)))
  );
}

/** Throws on an unknown zone, so that a typo in SITE_TIMEZONE fails at start. */
export function assertTimeZone(timeZone: string): void {
  new Intl.DateTimeFormat('en-US', { timeZone });
}

/** Parses `YYYY-MM-DD HH:MM` (time optional); only the day matters for relative dates. */
export function parseAnchorDate(value: string): CalendarDay {
  const match = ANCHOR.exec(value.trim());
  if (!match) throw new Error(`anchor date "${value}": expected YYYY-MM-DD HH:MM`);
  const day = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const check = new Date(Date.UTC(day.year, day.month - 1, day.day));
  if (check.getUTCMonth() !== day.month - 1 || check.getUTCDate() !== day.day) {
    throw new Error(`anchor date "${value}": not a calendar date`);
  }
  return day;
}

/**
 * Formatters by zone and purpose. Creating an Intl.DateTimeFormat is costly (it loads the zone's
 * and locale's data) and a formatter is immutable, so one per zone serves every call.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(
  purpose: 'day' | 'offset',
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${purpose} ${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    formatters.set(key, format);
  }
  return format;
}

export function todayIn(timeZone: string, now: Date = new Date()): CalendarDay {
  const parts = formatter('day', timeZone, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(now);
  const pick = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((part) => part.type === type)?.value);
  return { year: pick('year'), month: pick('month'), day: pick('day') };
}

/** Offset of the zone from UTC at an instant, in minutes (east positive). */
export function offsetMinutes(timeZone: string, instantMs: number): number {
  const name = formatter('offset', timeZone, { timeZoneName: 'longOffset' })
    .formatToParts(new Date(instantMs))
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0; // plain "GMT"
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function addDays(day: CalendarDay, days: number): CalendarDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The instant of local midnight of a day in a zone; the second pass settles DST changes. */
export function zonedMidnight(day: CalendarDay, timeZone: string): number {
  const wall = Date.UTC(day.year, day.month - 1, day.day);
  const first = wall - offsetMinutes(timeZone, wall) * 60_000;
  return wall - offsetMinutes(timeZone, first) * 60_000;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** ISO 8601 with milliseconds and the zone's offset at that instant. */
export function formatInZone(instantMs: number, timeZone: string): string {
  const offset = offsetMinutes(timeZone, instantMs);
  const local = new Date(instantMs + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `.${pad(local.getUTCMilliseconds(), 3)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/**
 * A relative date as local midnight of the shifted day. Pure in its three inputs, memoised: it
 * costs three zone-offset look-ups, and every answer resolves the same few dates.
 */
const resolveRelative = memoize(
  (value: string, anchor: CalendarDay, timeZone: string) =>
    `${value} ${anchor.year}-${anchor.month}-${anchor.day} ${timeZone}`,
  (value: string, anchor: CalendarDay, timeZone: string): string => {
    const match = RELATIVE_DATE.exec(value);
    const amount = match?.[2] === undefined ? 0 : Number(match[2]) * (match[3] === 'w' ? 7 : 1);
    const shifted = addDays(anchor, match?.[1] === '-' ? -amount : amount);
    return formatInZone(zonedMidnight(shifted, timeZone), timeZone);
  },
  10_000,
);

/** Relative values become local midnight of the shifted day; absolute values pass unchanged. */
export function resolveDate(value: string, anchor: CalendarDay, timeZone: string): string {
  return RELATIVE_DATE.test(value) ? resolveRelative(value, anchor, timeZone) : value;
}

/** Sort key for resolved or absolute dates. */
export function dateMs(value: string): number {
  return Date.parse(value);
}
