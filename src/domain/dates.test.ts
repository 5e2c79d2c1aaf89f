import { describe, expect, it } from 'vitest';
import {
  calendarDaysBetween,
  formatLogicalDate,
  formatLongDate,
  formatMonthYear,
  parseLogicalDate,
  parseWallClock,
} from './dates';
import { isInWindow } from './display-window';

const TZ = 'America/Toronto';
// The dates below are the functions' inputs, on both sides of the daylight-time changes and of
// midnight, not a "today": these tests take none from testing/today.ts.

describe('logical date', () => {
  it('rejects impossible dates', () => {
    expect(parseWallClock('2026-13-45 99:99')).toBeNull();
    expect(parseWallClock('2026-02-30 10:00')).toBeNull();
    expect(parseWallClock('2026-02-28')).toBeNull();
    expect(parseWallClock('2026-02-28 23:59')).toEqual({
      year: 2026,
      month: 2,
      day: 28,
      hour: 23,
      minute: 59,
    });
  });
  it('reads the wall clock in the site zone, not the host zone, across DST', () => {
    expect(parseLogicalDate('2026-01-15 12:00', TZ)).toBe(Date.parse('2026-01-15T12:00:00-05:00'));
    expect(parseLogicalDate('2026-07-15 12:00', TZ)).toBe(Date.parse('2026-07-15T12:00:00-04:00'));
    expect(parseLogicalDate('2026-07-15 12:00', 'Europe/Paris')).toBe(
      Date.parse('2026-07-15T12:00:00+02:00'),
    );
  });
  it('formats an instant back as YYYY-MM-DD HH:MM in the zone', () => {
    const t = Date.parse('2026-03-08T07:30:00Z'); // 03:30 EDT, just after the spring change
    expect(formatLogicalDate(t, TZ)).toBe('2026-03-08 03:30');
    expect(parseLogicalDate(formatLogicalDate(t, TZ), TZ)).toBe(t);
  });
  it('counts calendar days in the site zone', () => {
    const a = Date.parse('2026-03-01T23:30:00-05:00');
    const b = Date.parse('2026-03-02T00:30:00-05:00');
    expect(calendarDaysBetween(a, b, TZ)).toBe(1);
    expect(calendarDaysBetween(a, a, TZ)).toBe(0);
  });
});

describe('display window (start inclusive, end exclusive)', () => {
  const now = Date.parse('2026-03-01T00:00:00.000-05:00');
  it('shows an item whose start equals now', () => {
    expect(isInWindow({ start: '2026-03-01T00:00:00.000-05:00' }, now)).toBe(true);
  });
  it('hides an item whose end equals now', () => {
    expect(isInWindow({ end: '2026-03-01T00:00:00.000-05:00' }, now)).toBe(false);
  });
  it('hides an item not yet started and shows one with no dates', () => {
    expect(isInWindow({ start: '2026-03-01T00:01:00.000-05:00' }, now)).toBe(false);
    expect(isInWindow({}, now)).toBe(true);
    expect(isInWindow({ start: '2026-02-01T00:00:00Z', end: '2026-04-01T00:00:00Z' }, now)).toBe(
      true,
    );
  });
  it('compares instants whatever offset the service wrote', () => {
    expect(isInWindow({ end: '2026-03-01T05:00:00Z' }, now)).toBe(false);
    expect(isInWindow({ end: '2026-03-01T05:00:01Z' }, now)).toBe(true);
  });
});

describe('date display', () => {
  const first = Date.parse('2026-03-01T12:00:00-05:00');
  it('writes the first of the month as 1er in French', () => {
    expect(formatLongDate(first, 'fr', TZ)).toBe('1er mars 2026');
    expect(formatLongDate(first, 'en', TZ)).toBe('March 1, 2026');
    expect(formatLongDate(Date.parse('2026-03-11T12:00:00-05:00'), 'fr', TZ)).toBe('11 mars 2026');
  });
  it('writes month and year long', () => {
    expect(formatMonthYear(first, 'fr', TZ)).toBe('mars 2026');
    expect(formatMonthYear(first, 'en', TZ)).toBe('March 2026');
  });
  it('writes French months in lower case and English ones capitalised, in both formats', () => {
    const nov = Date.parse('2026-11-19T17:00:00Z');
    expect(formatMonthYear(nov, 'fr', TZ)).toBe('novembre 2026');
    expect(formatLongDate(nov, 'fr', TZ)).toBe('19 novembre 2026');
    expect(formatMonthYear(nov, 'en', TZ)).toBe('November 2026');
    expect(formatLongDate(nov, 'en', TZ)).toBe('November 19, 2026');
  });
  it('uses the site zone for the calendar day', () => {
    // 02:00 UTC on March 1 is still February 28 in Toronto.
    expect(formatLongDate(Date.parse('2026-03-01T02:00:00Z'), 'en', TZ)).toBe('February 28, 2026');
  });
});
