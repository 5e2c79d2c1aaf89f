/**
 * Pure view rules shared by the ticket and winner lists: what a "show more" step shows and where
 * tiles fall. Amounts on cards read as domain/money.ts's formatLotAmount writes them. The lot rules
 * themselves live in domain/lots.ts.
 */
import { listPageSize, type TicketOrTile } from '../../domain/lots';

/** How many lots are shown after `blocks` screens (the first one included), at most `total`. */
export function shownCount(total: number, blocks: number, phone: boolean): number {
  return Math.min(total, Math.max(1, blocks) * listPageSize(phone));
}

/** How many lots the next "show more" click adds. */
export function nextStep(total: number, shown: number, phone: boolean): number {
  return Math.max(0, Math.min(listPageSize(phone), total - shown));
}

/**
 * The mixed ticket/tile sequence cut after its `tickets`-th ticket: show-more blocks count
 * tickets, and a tile only shows once a ticket after it does (never as the last item).
 */
export function visibleEntries<T, D>(
  mixed: readonly TicketOrTile<T, D>[],
  tickets: number,
): TicketOrTile<T, D>[] {
  const out: TicketOrTile<T, D>[] = [];
  let seen = 0;
  for (const entry of mixed) {
    if (seen >= tickets) break;
    out.push(entry);
    if (entry.kind === 'ticket') seen += 1;
  }
  return out;
}

/**
 * A seeded generator for the tile positions: drawn once per list, so re-renders (a refreshed
 * logical date, a resize) never reshuffle tiles already on screen.
 */
export function seededRandom(seed: number): () => number {
  let state = Math.floor(seed * 0xffffffff) >>> 0;
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let r = state;
    r = Math.imul(r ^ (r >>> 15), r | 1);
    r ^= r + Math.imul(r ^ (r >>> 7), r | 61);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
