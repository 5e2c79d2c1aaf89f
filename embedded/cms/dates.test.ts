import { describe, expect, it } from 'vitest';
import {
  formatInZone,
  isDateValue,
  offsetMinutes,
  parseAnchorDate,
  resolveDate,
  todayIn,
  zonedMidnight,
} from './dates';

const TORONTO = 'America/Toronto';

describe('relative dates', () => {
  const anchor = parseAnchorDate('2026-03-10 12:00');

  it('resolves today, days and weeks to local midnight with the offset of that day', () => {
    expect(resolveDate('today', anchor, TORONTO)).toBe('2026-03-10T00:00:00.000-04:00');
    // Crosses the DST change of 2026-03-08: winter offset.
    expect(resolveDate('today-3d', anchor, TORONTO)).toBe('2026-03-07T00:00:00.000-05:00');
    expect(resolveDate('today+30d', anchor, TORONTO)).toBe('2026-04-09T00:00:00.000-04:00');
    expect(resolveDate('today-60w', anchor, TORONTO)).toBe('2025-01-14T00:00:00.000-05:00');
    expect(resolveDate('today+1w', anchor, 'Europe/Paris')).toBe('2026-03-17T00:00:00.000+01:00');
    expect(resolveDate('today', anchor, 'UTC')).toBe('2026-03-10T00:00:00.000+00:00');
  });

  it('resolves the same value per anchor day and zone, however often it is asked', () => {
    const other = parseAnchorDate('2026-11-01 09:00');
    for (let i = 0; i < 3; i += 1) {
      expect(resolveDate('today-3d', anchor, TORONTO)).toBe('2026-03-07T00:00:00.000-05:00');
      expect(resolveDate('today-3d', other, TORONTO)).toBe('2026-10-29T00:00:00.000-04:00');
      expect(resolveDate('today-3d', anchor, 'UTC')).toBe('2026-03-07T00:00:00.000+00:00');
    }
  });

  it('leaves absolute dates unchanged', () => {
    expect(resolveDate('2026-03-01T00:00:00.000-05:00', anchor, TORONTO)).toBe(
      '2026-03-01T00:00:00.000-05:00',
    );
  });

  it('handles the autumn DST change and month ends', () => {
    const autumn = parseAnchorDate('2026-11-01 09:00');
    expect(resolveDate('today', autumn, TORONTO)).toBe('2026-11-01T00:00:00.000-04:00');
    expect(resolveDate('today+1d', autumn, TORONTO)).toBe('2026-11-02T00:00:00.000-05:00');
    expect(resolveDate('today-1d', parseAnchorDate('2026-03-01'), TORONTO)).toBe(
      '2026-02-28T00:00:00.000-05:00',
    );
  });

  it('computes zone offsets and local midnight instants', () => {
    expect(offsetMinutes(TORONTO, Date.UTC(2026, 0, 15))).toBe(-300);
    expect(offsetMinutes(TORONTO, Date.UTC(2026, 6, 15))).toBe(-240);
    expect(offsetMinutes('Asia/Kolkata', Date.UTC(2026, 6, 15))).toBe(330);
    const midnight = zonedMidnight({ year: 2026, month: 7, day: 1 }, TORONTO);
    expect(new Date(midnight).toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(formatInZone(midnight, TORONTO)).toBe('2026-07-01T00:00:00.000-04:00');
  });

  it('reads the current day in the site zone, not in UTC', () => {
    // 03:00 UTC is still the previous evening in Toronto (a summer night, not the tests' today).
    expect(todayIn(TORONTO, new Date('2026-07-15T03:00:00Z'))).toEqual({
      year: 2026,
      month: 7,
      day: 14,
    });
  });

  it('validates date values and anchors', () => {
    expect(isDateValue('today-52w')).toBe(true);
    expect(isDateValue('2026-03-01T00:00:00.000-05:00')).toBe(true);
    expect(isDateValue('2026-03-01')).toBe(false);
    expect(isDateValue('yesterday')).toBe(false);
    expect(() => parseAnchorDate('2026-02-30 10:00')).toThrow(/not a calendar date/);
    expect(() => parseAnchorDate('10/03/2026')).toThrow(/YYYY-MM-DD HH:MM/);
  });
});
