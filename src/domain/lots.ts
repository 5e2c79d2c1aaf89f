/**
 * Lot rules of docs/requirements.md §4, §5 and §9 for the ticket and winner lists, on structural types so
 * they hold for any model carrying these fields.
 */
import { parseIsoInstant } from './dates';
import { isInWindow, windowEdges, type DisplayWindow } from './display-window';

export type LotCaller = 'billet' | 'gagnant';

export function isLotCaller(value: unknown): value is LotCaller {
  return value === 'billet' || value === 'gagnant';
}

/** The list a component kind is: a ticket list, a winner list, or none. */
export function lotListOf(kind: string): LotCaller | undefined {
  if (kind === 'liste-billets') return 'billet';
  if (kind === 'liste-gagnants') return 'gagnant';
  return undefined;
}

const RECENCY_WEEKS = 51;
const DAY_MS = 86_400_000;
const RECENCY_MS = RECENCY_WEEKS * 7 * DAY_MS;

/** The first screen of a list, and each "show more" block: 3 on phones, 6 otherwise. */
export function listPageSize(mobile: boolean): 3 | 6 {
  return mobile ? 3 : 6;
}

interface SubNode {
  window: DisplayWindow;
}

export interface ListableLot {
  dateGain?: string | undefined;
  billet?: SubNode | undefined;
  gagnant?: (SubNode & { video?: string | undefined }) | undefined;
}

/** A win less than 51 weeks before now; a lot without a readable win date is not listed. */
export function isRecentWin(dateGain: string | undefined, now: number): boolean {
  const won = parseIsoInstant(dateGain);
  return won !== null && now - won < RECENCY_MS;
}

/**
 * The lots of a list: with the list's sub-node (`-B` for tickets, `-G` for winners), that
 * sub-node in its window, won less than 51 weeks ago; newest win first.
 */
export function lotsForList<L extends ListableLot>(
  lots: readonly L[],
  caller: LotCaller,
  now: number,
): L[] {
  return lots
    .filter((lot) => {
      const sub = caller === 'billet' ? lot.billet : lot.gagnant;
      return !!sub && isInWindow(sub.window, now) && isRecentWin(lot.dateGain, now);
    })
    .sort((a, b) => (parseIsoInstant(b.dateGain) ?? 0) - (parseIsoInstant(a.dateGain) ?? 0));
}

/** How many lots each of a page's lists has in all (only the lists the page has). */
export type LotTotals = Partial<Record<LotCaller, number>>;

/**
 * What a page's first screen needs of its lots: the first block of each of its lists (the
 * large-screen count; a phone shows the first of the same), or as many as the page shows of a
 * list (`shown`, its "show more" link's count: docs/decisions/0078), in the order given, and how
 * many each list has in all. Null when that is every lot: nothing is left to fetch later
 * (docs/decisions/0041-lots-after-the-first-screen.md).
 */
export function firstScreenLots<L extends ListableLot>(
  lots: readonly L[],
  lists: readonly LotCaller[],
  now: number,
  shown: LotTotals = {},
): { lots: L[]; totals: LotTotals } | null {
  const keep = new Set<L>();
  const totals: LotTotals = {};
  for (const caller of lists) {
    const listed = lotsForList(lots, caller, now);
    totals[caller] = listed.length;
    const count = Math.max(listPageSize(false), shown[caller] ?? 0);
    listed.slice(0, count).forEach((lot) => keep.add(lot));
  }
  if (keep.size === lots.length) return null;
  return { lots: lots.filter((lot) => keep.has(lot)), totals };
}

/**
 * What a page does with its lots: a ticket list (its tickets), a winner list (all its winners),
 * or only the winners modal (winners with a video), as on a chronique page without a list.
 */
export interface LotUses {
  tickets: boolean;
  winners: boolean;
  winnersWithVideo: boolean;
}

/** When a win leaves the lists by age (51 weeks after it); null when the date cannot be read. */
function recencyEnd(dateGain: string | undefined): number | null {
  const won = parseIsoInstant(dateGain);
  return won === null ? null : won + RECENCY_MS;
}

/**
 * The lots a page may hand to the browser: recent ones, each with only the sub-nodes a use of
 * the page shows at `now` (in their window; a winner without video only for a winner list). A
 * lot left with neither is dropped. The browser's lists and modal apply `lotsForList` again, so
 * a window that closes while the page stays open still hides its sub-node.
 */
export function visibleLots<L extends ListableLot>(
  lots: readonly L[],
  uses: LotUses,
  now: number,
): L[] {
  return lots.flatMap((lot) => {
    if (!isRecentWin(lot.dateGain, now)) return [];
    const ticket = uses.tickets && lot.billet && isInWindow(lot.billet.window, now);
    const winner =
      lot.gagnant &&
      isInWindow(lot.gagnant.window, now) &&
      (uses.winners || (uses.winnersWithVideo && !!lot.gagnant.video));
    if (!ticket && !winner) return [];
    return [
      {
        ...lot,
        billet: ticket ? lot.billet : undefined,
        gagnant: winner ? lot.gagnant : undefined,
      },
    ];
  });
}

/** When what a lot shows changes: its sub-nodes' windows open or close, its win grows too old. */
export function lotEdges(lot: ListableLot): number[] {
  const old = recencyEnd(lot.dateGain);
  return [
    ...(lot.billet ? windowEdges(lot.billet.window) : []),
    ...(lot.gagnant ? windowEdges(lot.gagnant.window) : []),
    ...(old === null ? [] : [old]),
  ];
}

/** The winners the modal browses: only those with a video (docs/requirements.md §5). */
export function winnersWithVideo<L extends ListableLot>(lots: readonly L[]): L[] {
  return lots.filter((lot) => !!lot.gagnant?.video);
}

/** New: fewer whole days since the display start than the list's setting (docs/requirements.md §4). */
export function isNew(
  start: string | undefined,
  newDays: number | undefined,
  now: number,
): boolean {
  const from = parseIsoInstant(start);
  if (from === null || !newDays || newDays <= 0) return false;
  return Math.floor((now - from) / DAY_MS) < newDays;
}

/** The region's first part, before the first semicolon (French; then English). */
export function regionFirstPart(region: string | undefined): string {
  return (region ?? '').split(';')[0]?.trim() ?? '';
}

/** The English city when the page is English and there is one, else the French city. */
export function ticketCity(
  ticket: { ville?: string | undefined; villeEn?: string | undefined },
  locale: 'fr' | 'en',
): string {
  return (locale === 'en' && ticket.villeEn) || ticket.ville || '';
}

const UNTOUCHED_TICKETS = 6;
const TILE_GROUP = 5;
const TILE_POSITIONS = 4;

/**
 * Decorative tiles among the tickets on large screens (docs/requirements.md §9): the first 6 tickets as they
 * are, then in each following group of 5 one tile at a random one of its first four positions.
 */
export type TicketOrTile<T, D> = { kind: 'ticket'; item: T } | { kind: 'tile'; item: D };

export function withDecorativeTiles<T, D>(
  tickets: readonly T[],
  tiles: readonly D[],
  random: () => number = Math.random,
): TicketOrTile<T, D>[] {
  const asTicket = (item: T): TicketOrTile<T, D> => ({ kind: 'ticket', item });
  const out = tickets.slice(0, UNTOUCHED_TICKETS).map(asTicket);
  let tileIndex = 0;
  for (let start = UNTOUCHED_TICKETS; start < tickets.length; start += TILE_GROUP) {
    const group = tickets.slice(start, start + TILE_GROUP).map(asTicket);
    const tile = tiles.length > 0 ? tiles[tileIndex++ % tiles.length] : undefined;
    if (tile !== undefined) {
      // Random among the first four positions, and never past the end of a short last group.
      const at = Math.min(Math.floor(random() * TILE_POSITIONS), group.length);
      group.splice(at, 0, { kind: 'tile', item: tile });
    }
    out.push(...group);
  }
  return out;
}
