import { describe, expect, it } from 'vitest';
import {
  firstScreenLots,
  isNew,
  isRecentWin,
  listPageSize,
  lotEdges,
  lotListOf,
  lotsForList,
  regionFirstPart,
  type ListableLot,
  ticketCity,
  visibleLots,
  winnersWithVideo,
  withDecorativeTiles,
} from './lots';
import { TEST_NOW } from '../../testing/today';

const NOW = TEST_NOW;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('lot filters (docs/requirements.md §5)', () => {
  it('lists a win less than 51 weeks old, not one exactly 51 weeks old', () => {
    const limit = NOW - 51 * 7 * DAY;
    expect(isRecentWin(iso(limit + 1), NOW)).toBe(true);
    expect(isRecentWin(iso(limit), NOW)).toBe(false);
    expect(isRecentWin(undefined, NOW)).toBe(false);
  });
  it('needs the matching sub-node in its window; a window ending exactly now is over', () => {
    const lots = [
      { name: 'b-only', dateGain: iso(NOW - 2 * DAY), billet: { window: {} } },
      { name: 'g-only', dateGain: iso(NOW - 3 * DAY), gagnant: { window: {} } },
      { name: 'ended', dateGain: iso(NOW - DAY), billet: { window: { end: iso(NOW) } } },
      { name: 'starts', dateGain: iso(NOW - DAY), billet: { window: { start: iso(NOW) } } },
      { name: 'future', dateGain: iso(NOW - DAY), billet: { window: { start: iso(NOW + 1) } } },
    ];
    expect(lotsForList(lots, 'billet', NOW).map((l) => l.name)).toEqual(['starts', 'b-only']);
    expect(lotsForList(lots, 'gagnant', NOW).map((l) => l.name)).toEqual(['g-only']);
  });
  it('orders newest win first', () => {
    const lots = [5, 1, 3].map((d) => ({
      name: `d${d}`,
      dateGain: iso(NOW - d * DAY),
      billet: { window: {} },
    }));
    expect(lotsForList(lots, 'billet', NOW).map((l) => l.name)).toEqual(['d1', 'd3', 'd5']);
  });
  it('keeps only winners with a video for the modal', () => {
    const lots = [{ gagnant: { window: {}, video: 'v' } }, { gagnant: { window: {} } }];
    expect(winnersWithVideo(lots)).toHaveLength(1);
  });
});

describe('lots that may leave the server (visibleLots)', () => {
  const shown = { window: {} };
  const later = { window: { start: iso(NOW + DAY) } };
  const ended = { window: { end: iso(NOW - DAY) } };
  type TestLot = ListableLot & { name: string };
  const lots: TestLot[] = [
    { name: 'both', dateGain: iso(NOW - DAY), billet: shown, gagnant: { ...shown, video: 'v' } },
    { name: 'ticket-later', dateGain: iso(NOW - DAY), billet: later, gagnant: shown },
    { name: 'ended', dateGain: iso(NOW - DAY), billet: ended, gagnant: ended },
    { name: 'too-old', dateGain: iso(NOW - 52 * 7 * DAY), billet: shown, gagnant: shown },
    { name: 'no-video', dateGain: iso(NOW - DAY), gagnant: shown },
  ];
  const all = { tickets: true, winners: true, winnersWithVideo: false };

  it('drops lots out of their windows or too old, and every sub-node not shown', () => {
    const kept = visibleLots(lots, all, NOW);
    expect(kept.map((l) => l.name)).toEqual(['both', 'ticket-later', 'no-video']);
    // The ticket that opens tomorrow stays on the server; its lot's winner, shown, leaves.
    expect(kept[1]?.billet).toBeUndefined();
    expect(kept[1]?.gagnant).toBe(shown);
  });
  it('keeps only the sub-nodes the page uses', () => {
    const tickets = visibleLots(lots, { ...all, winners: false }, NOW);
    expect(tickets.map((l) => l.name)).toEqual(['both']);
    expect(tickets[0]?.gagnant).toBeUndefined();
    const winners = visibleLots(lots, { ...all, tickets: false }, NOW);
    expect(winners.map((l) => l.name)).toEqual(['both', 'ticket-later', 'no-video']);
    expect(winners.every((l) => l.billet === undefined)).toBe(true);
  });
  it('gives the modal alone only tickets and winners with a video', () => {
    const modal = visibleLots(lots, { tickets: true, winners: false, winnersWithVideo: true }, NOW);
    expect(modal.map((l) => l.name)).toEqual(['both']);
    expect(modal[0]?.gagnant).toEqual({ window: {}, video: 'v' });
  });
  it('agrees with the lists: what they show at that date is all kept', () => {
    const kept = visibleLots(lots, all, NOW);
    expect(lotsForList(kept, 'billet', NOW)).toEqual(lotsForList(lots, 'billet', NOW));
    expect(lotsForList(kept, 'gagnant', NOW).map((l) => l.name)).toEqual(
      lotsForList(lots, 'gagnant', NOW).map((l) => l.name),
    );
  });
  it('names when a lot changes: its windows, and the day its win gets too old', () => {
    const won = NOW - DAY;
    expect(lotEdges({ dateGain: iso(won), billet: later, gagnant: ended }).sort()).toEqual(
      [NOW + DAY, NOW - DAY, won + 51 * 7 * DAY].sort(),
    );
    expect(lotEdges({ dateGain: 'not a date' })).toEqual([]);
  });
});

describe("a page's first screen of lots (firstScreenLots)", () => {
  // Lot i won i days ago; even ones are tickets and winners, odd ones tickets only.
  const lots = Array.from({ length: 14 }, (_, i) => ({
    name: `lot-${i}`,
    dateGain: iso(NOW - (i + 1) * DAY),
    billet: { window: {} },
    ...(i % 2 === 0 ? { gagnant: { window: {} } } : {}),
  }));
  const names = (found: { lots: { name: string }[] } | null) => found?.lots.map((l) => l.name);

  it("keeps each list's first block, newest first, and says how many each list has", () => {
    const found = firstScreenLots([...lots].reverse(), ['billet', 'gagnant'], NOW);
    // The six newest tickets (lots 0–5) and the six newest winners (0, 2, … 10), in the order given.
    expect(names(found)).toEqual([
      'lot-10',
      'lot-8',
      'lot-6',
      'lot-5',
      'lot-4',
      'lot-3',
      'lot-2',
      'lot-1',
      'lot-0',
    ]);
    expect(found?.totals).toEqual({ billet: 14, gagnant: 7 });
  });

  it('counts only the lists the page has', () => {
    const found = firstScreenLots(lots, ['gagnant'], NOW);
    expect(names(found)).toEqual(['lot-0', 'lot-2', 'lot-4', 'lot-6', 'lot-8', 'lot-10']);
    expect(found?.totals).toEqual({ gagnant: 7 });
  });

  it('keeps as many of a list as the page shows, when its address says so (decision 0078)', () => {
    const found = firstScreenLots(lots, ['billet', 'gagnant'], NOW, { billet: 9 });
    expect(names(found)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 10].map((i) => `lot-${i}`));
    expect(found?.totals).toEqual({ billet: 14, gagnant: 7 });
    expect(firstScreenLots(lots, ['billet'], NOW, { billet: 14 })).toBeNull();
  });

  it('is null when the first screen is every lot (nothing to fetch later)', () => {
    expect(firstScreenLots(lots.slice(0, 6), ['billet'], NOW)).toBeNull();
    expect(firstScreenLots([], ['billet', 'gagnant'], NOW)).toBeNull();
  });

  it('leaves out what no list shows now: a closed window is not on the first screen', () => {
    const closed = { name: 'closed', dateGain: iso(NOW), billet: { window: { end: iso(NOW) } } };
    const found = firstScreenLots([closed, ...lots.slice(0, 7)], ['billet'], NOW);
    expect(names(found)).not.toContain('closed');
    expect(found?.totals).toEqual({ billet: 7 });
  });
});

describe('new marker', () => {
  it('is new while fewer whole days than the setting have passed', () => {
    expect(isNew(iso(NOW - 7 * DAY + 1), 7, NOW)).toBe(true);
    expect(isNew(iso(NOW - 7 * DAY), 7, NOW)).toBe(false);
    expect(isNew(undefined, 7, NOW)).toBe(false);
    expect(isNew(iso(NOW), 0, NOW)).toBe(false);
  });
});

describe('text of a lot', () => {
  it('takes the region before the first semicolon', () => {
    expect(regionFirstPart('Montréal;Montreal')).toBe('Montréal');
    expect(regionFirstPart('Gaspésie')).toBe('Gaspésie');
    expect(regionFirstPart(undefined)).toBe('');
  });
  it('chooses the English city only in English and when there is one', () => {
    expect(ticketCity({ ville: 'Québec', villeEn: 'Quebec City' }, 'en')).toBe('Quebec City');
    expect(ticketCity({ ville: 'Québec', villeEn: 'Quebec City' }, 'fr')).toBe('Québec');
    expect(ticketCity({ ville: 'Lévis' }, 'en')).toBe('Lévis');
  });
  it('shows 3 on phones and 6 otherwise', () => {
    expect(listPageSize(true)).toBe(3);
    expect(listPageSize(false)).toBe(6);
  });
});

describe('decorative tiles (docs/requirements.md §9)', () => {
  const tickets = Array.from({ length: 18 }, (_, i) => i);
  it('leaves the first 6 as they are and puts one tile in each later group of 5', () => {
    const mixed = withDecorativeTiles(tickets, ['A', 'B'], () => 0.99);
    expect(mixed.slice(0, 6).every((m) => m.kind === 'ticket')).toBe(true);
    expect(mixed.filter((m) => m.kind === 'tile').map((m) => m.item)).toEqual(['A', 'B', 'A']);
    expect(mixed.filter((m) => m.kind === 'ticket').map((m) => m.item)).toEqual(tickets);
  });
  it('places each tile among the first four positions of its group, over many draws', () => {
    for (let draw = 0; draw < 500; draw++) {
      const mixed = withDecorativeTiles(tickets.slice(0, 16), ['T']);
      // Groups after the first 6: positions 6..11 and 12..17 in the mixed list.
      for (const groupStart of [6, 12]) {
        const at = mixed.slice(groupStart, groupStart + 6).findIndex((m) => m.kind === 'tile');
        expect(at).toBeGreaterThanOrEqual(0);
        expect(at).toBeLessThan(4);
      }
    }
  });
  it('adds nothing without tiles, and nothing to a first screen of 6 or fewer', () => {
    expect(withDecorativeTiles(tickets, [])).toHaveLength(18);
    expect(withDecorativeTiles(tickets.slice(0, 6), ['T'])).toHaveLength(6);
  });
});

describe('lotListOf', () => {
  it('names the list of the two list kinds, and none for any other kind', () => {
    expect(lotListOf('liste-billets')).toBe('billet');
    expect(lotListOf('liste-gagnants')).toBe('gagnant');
    expect(lotListOf('liste-chroniques')).toBeUndefined();
  });
});
