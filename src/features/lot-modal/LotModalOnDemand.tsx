/**
 * The winners / tickets modal's host, only where it may open: a page whose lots were loaded (a
 * list of winners or tickets, a chronique) or whose address asks for a lot (`?lot=`, which the
 * host then clears), or a chronique page, which fetches its lots for a deep link. It only ever
 * acts on a visitor's click or a deep link, so its code is asked for once the page is interactive
 * and the browser idle, never among the scripts before it nor with a new page's own after a
 * client-side navigation (docs/decisions/0045-modal-after-interaction.md); a click made sooner is
 * held for it (`src/ui/lot-events.ts`). Other pages never fetch it.
 */
import { lazy, Suspense } from 'react';
import { useSearch } from 'wouter';
import type { BlockData, Component } from '../../content/models';
import { useBlockData, type LoadLots } from '../../ui/block-data';
import { useIdleOnceInteractive } from '../../ui/interactive';
import { LOT_QUERY } from '../../ui/lot-events';

const LotModal = lazy(() => import('./LotModal').then((m) => ({ default: m.LotModal })));

/** Whether the page needs the host: it has lots or can fetch them, or its address names one. */
export function wantsLotModal(lots: BlockData['lots'], search: string, canFetch = false): boolean {
  return lots !== undefined || canFetch || new URLSearchParams(search).has(LOT_QUERY);
}

export function LotModalOnDemand({
  components,
  loadLots,
}: {
  components: readonly Component[];
  /** Where the page has no lots of its own: how its deep link gets them (a chronique page). */
  loadLots?: LoadLots | undefined;
}) {
  const { lots } = useBlockData();
  const search = useSearch();
  const ready = useIdleOnceInteractive();
  if (!ready || !wantsLotModal(lots, search, loadLots !== undefined)) return null;
  return (
    <Suspense fallback={null}>
      <LotModal components={components} loadLots={loadLots} />
    </Suspense>
  );
}
