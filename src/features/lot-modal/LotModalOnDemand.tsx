/**
 * The winners / tickets modal's host, only where it may open: a page whose lots were loaded (a
 * list of winners or tickets, a chronique) or whose address asks for a lot (`?lot=`, which the
 * host then clears), or a chronique page, which fetches its lots for a deep link. It only ever acts after hydration, so its code comes then; other pages
 * never fetch it.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useSearch } from 'wouter';
import type { BlockData, Component } from '../../content/models';
import { useBlockData, type LoadLots } from '../../ui/block-data';
import { LOT_QUERY } from '../../ui/lot-events';

const LotModal = lazy(() => import('./LotModal').then((m) => ({ default: m.LotModal })));

const noSubscription = () => () => undefined;

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
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!hydrated || !wantsLotModal(lots, search, loadLots !== undefined)) return null;
  return (
    <Suspense fallback={null}>
      <LotModal components={components} loadLots={loadLots} />
    </Suspense>
  );
}
