/**
 * Which lots the winners / tickets modal browses and where a deep link (`?lot=<name>`) lands:
 * the same lists, in the same order, as the ticket and winner lists show (docs/requirements.md §2, §5).
 */
import type { Component, Lot } from '../../content/models';
import { forEachComponent } from '../../content/walk';
import { isInWindow } from '../../domain/display-window';
import { lotsForList, winnersWithVideo, type LotCaller } from '../../domain/lots';
import type { OpenLotsDetail } from '../../ui/lot-events';

/** The lots a list opens the modal on: the ticket list, or the winners that have a video. */
export function modalLots(lots: readonly Lot[], caller: LotCaller, now: number): Lot[] {
  const listed = lotsForList(lots, caller, now);
  return caller === 'billet' ? listed : winnersWithVideo(listed);
}

interface PageLists {
  tickets: boolean;
  winners: boolean;
}

/** The lists the page shows (a list outside its display window is not on the page). */
export function pageLists(components: readonly Component[], now: number): PageLists {
  const found: PageLists = { tickets: false, winners: false };
  forEachComponent(components, (c) => {
    if (!isInWindow(c.fields.window, now)) return;
    if (c.kind === 'liste-billets') found.tickets = true;
    if (c.kind === 'liste-gagnants') found.winners = true;
  });
  return found;
}

/**
 * Where `?lot=<name>` opens: the ticket list first when the page has one, else the winners
 * list; a page without a list (a chronique) tries both, tickets first. Null when the lot is in
 * none of them (the link is simply ignored).
 */
export function resolveDeepLink(
  name: string,
  lots: readonly Lot[],
  lists: PageLists,
  now: number,
): OpenLotsDetail | null {
  const none = !lists.tickets && !lists.winners;
  const callers: LotCaller[] = [];
  if (lists.tickets || none) callers.push('billet');
  if (lists.winners || none) callers.push('gagnant');
  for (const caller of callers) {
    const list = modalLots(lots, caller, now);
    const index = list.findIndex((lot) => lot.name === name);
    if (index >= 0) return { lots: list, index, caller };
  }
  return null;
}

/** One step through the list, stopping at both ends (no wrap; docs/requirements.md §4). */
export function step(index: number, delta: -1 | 1, length: number): number {
  return Math.min(Math.max(index + delta, 0), Math.max(length - 1, 0));
}

export function canStep(index: number, delta: -1 | 1, length: number): boolean {
  return step(index, delta, length) !== index;
}

/** An index the list can show: a detail from elsewhere may point past its list. */
export function clampIndex(index: number, length: number): number {
  if (!Number.isFinite(index) || length === 0) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), length - 1);
}
