/**
 * Logical date and calendar rules. The logical date is a wall-clock time `YYYY-MM-DD HH:MM`
 * in the site's time zone (never the host's or the browser's); instants are epoch ms.
 */
import { intlTag, type Locale } from './locale';

const LOGICAL_DATE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;
const DAY_MS = 86_400_000;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** Parses `YYYY-MM-DD HH:MM`, rejecting impossible dates such as `2026-13-45 99:99`. */
export function parseWallClock(text: string): WallClock | null {
  const m = LOGICAL_DATE.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return { year, month, day, hour, minute };
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of an instant in a zone. */
export function wallClockAt(instant: number, timeZone: string): WallClock & { second: number } {
  const parts: Record<string, number> = {};
  for (const p of partsFormatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Offset of the zone from UTC at that instant, in ms (Toronto in winter: -5 h). */
function zoneOffset(instant: number, timeZone: string): number {
  const w = wallClockAt(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant at which the zone's clocks show this wall-clock time (DST-aware). */
function instantOf(w: WallClock, timeZone: string): number {
  const guess = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  const first = guess - zoneOffset(guess, timeZone);
  // A second pass settles instants near a DST change, where the first guess used the other offset.
  return guess - zoneOffset(first, timeZone);
}

/** `YYYY-MM-DD HH:MM` to an instant, or null when the text is not such a date. */
export function parseLogicalDate(text: string, timeZone: string): number | null {
  const w = parseWallClock(text);
  return w ? instantOf(w, timeZone) : null;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** An instant as `YYYY-MM-DD HH:MM` in the zone: the wire form of `GET /date`. */
export function formatLogicalDate(instant: number, timeZone: string): string {
  const w = wallClockAt(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}

/** An ISO 8601 date from the content service to an instant; null when absent or unreadable. */
export function parseIsoInstant(value: string | undefined | null): number | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

/** Whole calendar days from `from` to `to`, counted on the site zone's calendar. */
export function calendarDaysBetween(from: number, to: number, timeZone: string): number {
  const a = wallClockAt(from, timeZone);
  const b = wallClockAt(to, timeZone);
  return Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS,
  );
}

const displayFormatters = new Map<string, Intl.DateTimeFormat>();
function displayFormatter(locale: Locale, timeZone: string, withDay: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${String(withDay)}`;
  let f = displayFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlTag(locale), {
      timeZone,
      year: 'numeric',
      month: 'long',
      ...(withDay ? { day: 'numeric' } : {}),
    });
    displayFormatters.set(key, f);
  }
  return f;
}

/** Month and year, long: `mars 2026` / `March 2026`. */
export function formatMonthYear(instant: number, locale: Locale, timeZone: string): string {
  return displayFormatter(locale, timeZone, false).format(instant);
}

/**
 * Day, month and year, long: `1er mars 2026` / `March 1, 2026`. French writes the first of
 * the month as an ordinal (docs/requirements.md §9), which Intl does not do.
 */
export function formatLongDate(instant: number, locale: Locale, timeZone: string): string {
  const text = displayFormatter(locale, timeZone, true).format(instant);
  return locale === 'fr' ? text.replace(/^1 /, '1er ') : text;
}
