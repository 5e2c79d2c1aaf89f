import { describe, expect, it } from 'vitest';
import { withDecorativeTiles } from '../../domain/lots';
import { nextStep, seededRandom, shownCount, visibleEntries } from './lot-view';

describe('show-more counts', () => {
  it('shows 3 on phones and 6 otherwise, one more block per click, never past the total', () => {
    expect(shownCount(18, 1, true)).toBe(3);
    expect(shownCount(18, 2, true)).toBe(6);
    expect(shownCount(18, 1, false)).toBe(6);
    expect(shownCount(18, 3, false)).toBe(18);
    expect(shownCount(18, 4, false)).toBe(18);
    expect(shownCount(2, 1, false)).toBe(2);
  });

  it('says what the next click adds, 0 at the end', () => {
    expect(nextStep(18, 6, false)).toBe(6);
    expect(nextStep(8, 6, false)).toBe(2);
    expect(nextStep(8, 8, false)).toBe(0);
    expect(nextStep(5, 3, true)).toBe(2);
  });
});

describe('tickets and tiles on screen', () => {
  const tickets = Array.from({ length: 18 }, (_, i) => i);
  const mixed = withDecorativeTiles(tickets, ['a', 'b'], () => 0);

  it('cuts after the n-th ticket: the first screen holds tickets only', () => {
    const first = visibleEntries(mixed, 6);
    expect(first.map((e) => e.kind)).toEqual(Array(6).fill('ticket'));
  });

  it('adds the tiles of the groups shown, and one only before a ticket that shows', () => {
    const second = visibleEntries(mixed, 12);
    expect(second.filter((e) => e.kind === 'ticket')).toHaveLength(12);
    // Tiles at position 0 of the groups 7-11 and 12-16: both precede a shown ticket.
    expect(second.filter((e) => e.kind === 'tile').map((e) => e.item)).toEqual(['a', 'b']);
    expect(second.at(-1)?.kind).toBe('ticket');
  });

  it('never ends on a tile', () => {
    const late = withDecorativeTiles(tickets, ['a', 'b'], () => 0.99);
    const second = visibleEntries(late, 12);
    expect(second.filter((e) => e.kind === 'tile')).toHaveLength(1);
    expect(second.at(-1)).toEqual({ kind: 'ticket', item: 11 });
  });
});

describe('seeded tile positions', () => {
  it('gives the same draws for the same seed, in [0, 1)', () => {
    const a = seededRandom(0.42);
    const b = seededRandom(0.42);
    const draws = Array.from({ length: 20 }, () => a());
    expect(Array.from({ length: 20 }, () => b())).toEqual(draws);
    expect(draws.every((d) => d >= 0 && d < 1)).toBe(true);
    expect(new Set(draws.map((d) => Math.floor(d * 4))).size).toBeGreaterThan(1);
  });
});
