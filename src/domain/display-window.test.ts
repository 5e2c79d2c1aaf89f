import { describe, expect, it } from 'vitest';
import { changesAfter, isInWindow, nextChange, windowEdges } from './display-window';
import { TEST_NOW } from '../../testing/today';

const NOW = TEST_NOW;

describe('display windows', () => {
  it('opens at its start and closes at its end', () => {
    expect(isInWindow({ start: '2026-11-21T12:00:00-05:00' }, NOW)).toBe(true);
    expect(isInWindow({ end: '2026-11-21T12:00:00-05:00' }, NOW)).toBe(false);
    expect(isInWindow({ start: 'tomorrow' }, NOW)).toBe(true);
  });
  it('has as edges the dates that can be read', () => {
    expect(windowEdges({ start: '2026-11-22T00:00:00-05:00', end: 'never' })).toEqual([
      Date.parse('2026-11-22T00:00:00-05:00'),
    ]);
    expect(windowEdges({})).toEqual([]);
  });
  it('finds the next change strictly after now', () => {
    expect(nextChange([NOW - 1, NOW, NOW + 5000, NOW + 1000], NOW)).toBe(NOW + 1000);
    expect(nextChange([NOW - 1, NOW], NOW)).toBeNull();
    expect(nextChange([], NOW)).toBeNull();
  });
});

describe('changesAfter', () => {
  const now = TEST_NOW;
  it('is true while an edge is still to come, false once all have passed or there is none', () => {
    expect(changesAfter({ end: '2026-11-22T00:00:00-05:00' }, now)).toBe(true);
    expect(changesAfter({ start: '2026-11-22T00:00:00-05:00' }, now)).toBe(true);
    expect(changesAfter({ start: '2026-11-01T00:00:00-04:00' }, now)).toBe(false);
    expect(changesAfter({}, now)).toBe(false);
  });
});
