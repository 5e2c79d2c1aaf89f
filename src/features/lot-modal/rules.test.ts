import { describe, expect, it } from 'vitest';
import { fields } from '../../../testing/blocks';
import type { Component } from '../../content/models';
import { canStep, clampIndex, modalLots, pageLists, resolveDeepLink, step } from './rules';
import { LOTS, NOW, list } from '../../../testing/lots';

const names = (lots: { name: string }[]) => lots.map((l) => l.name);

describe('modalLots', () => {
  it('browses the ticket list as it is, and only the winners that have a video', () => {
    expect(names(modalLots(LOTS, 'billet', NOW))).toEqual(['both', 'ticket-only']);
    expect(names(modalLots(LOTS, 'gagnant', NOW))).toEqual(['both', 'winner-only']);
  });
});

describe('pageLists', () => {
  it('finds the lists, nested too, and ignores one outside its display window', () => {
    const section: Component = {
      kind: 'section',
      id: 's',
      name: 's',
      fields: fields(),
      children: [list('liste-gagnants')],
    };
    expect(pageLists([section], NOW)).toEqual({ tickets: false, winners: true });
    expect(pageLists([list('liste-billets'), section], NOW)).toEqual({
      tickets: true,
      winners: true,
    });
    const later = {
      ...list('liste-billets'),
      fields: fields({ window: { start: '2026-12-01T00:00:00-05:00' } }),
    };
    expect(pageLists([later], NOW)).toEqual({ tickets: false, winners: false });
  });
});

describe('resolveDeepLink', () => {
  const tickets = { tickets: true, winners: false };
  const winners = { tickets: false, winners: true };
  const chronicle = { tickets: false, winners: false };

  it('opens a lot of the ticket list as a ticket on a ticket page', () => {
    expect(resolveDeepLink('ticket-only', LOTS, tickets, NOW)).toEqual({
      lots: modalLots(LOTS, 'billet', NOW),
      index: 1,
      caller: 'billet',
    });
    expect(resolveDeepLink('both', LOTS, tickets, NOW)?.caller).toBe('billet');
  });

  it('does not look in the winners on a page with only the ticket list', () => {
    expect(resolveDeepLink('winner-only', LOTS, tickets, NOW)).toBeNull();
  });

  it('opens a winner with video as a winner on a winners page', () => {
    const detail = resolveDeepLink('winner-only', LOTS, winners, NOW);
    expect(detail?.caller).toBe('gagnant');
    expect(detail?.index).toBe(1);
    expect(names(detail?.lots ?? [])).toEqual(['both', 'winner-only']);
    // A winner without video is not in the modal's list.
    expect(resolveDeepLink('no-video', LOTS, winners, NOW)).toBeNull();
    expect(resolveDeepLink('ticket-only', LOTS, winners, NOW)).toBeNull();
  });

  it('tries the tickets first, then the winners, on a page with both lists', () => {
    const both = { tickets: true, winners: true };
    expect(resolveDeepLink('both', LOTS, both, NOW)?.caller).toBe('billet');
    expect(resolveDeepLink('winner-only', LOTS, both, NOW)?.caller).toBe('gagnant');
  });

  it('on a chronique page (no list), tries the tickets, then the winners', () => {
    expect(resolveDeepLink('both', LOTS, chronicle, NOW)?.caller).toBe('billet');
    expect(resolveDeepLink('winner-only', LOTS, chronicle, NOW)?.caller).toBe('gagnant');
  });

  it('ignores an unknown lot and one too old to be listed', () => {
    expect(resolveDeepLink('nope', LOTS, chronicle, NOW)).toBeNull();
    expect(resolveDeepLink('too-old', LOTS, chronicle, NOW)).toBeNull();
    expect(resolveDeepLink('both', [], tickets, NOW)).toBeNull();
  });
});

describe('navigation state', () => {
  it('steps by one and stops at both ends, without wrapping', () => {
    expect(step(0, 1, 3)).toBe(1);
    expect(step(2, 1, 3)).toBe(2);
    expect(step(0, -1, 3)).toBe(0);
    expect(step(2, -1, 3)).toBe(1);
    expect(canStep(0, -1, 3)).toBe(false);
    expect(canStep(0, 1, 3)).toBe(true);
    expect(canStep(2, 1, 3)).toBe(false);
    expect(canStep(0, 1, 1)).toBe(false);
    expect(canStep(0, -1, 1)).toBe(false);
  });

  it('keeps an index from elsewhere inside the list', () => {
    expect(clampIndex(5, 3)).toBe(2);
    expect(clampIndex(-1, 3)).toBe(0);
    expect(clampIndex(Number.NaN, 3)).toBe(0);
    expect(clampIndex(1.7, 3)).toBe(1);
    expect(clampIndex(2, 0)).toBe(0);
  });
});
