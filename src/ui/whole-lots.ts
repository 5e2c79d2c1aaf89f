/**
 * A page's lots where it holds only each list's first block (`lotTotals`,
 * docs/decisions/0041-lots-after-the-first-screen.md): asked for once per block data, on the
 * first need of a list or of the modal, and shared by them all. It lives with the lists and the
 * modal (their chunks), not in every page's code.
 */
import { use, useContext, useMemo, useSyncExternalStore } from 'react';
import type { BlockData, Lot } from '../content/models';
import type { Locale } from '../domain/locale';
import type { LotCaller } from '../domain/lots';
import { LoadLotsContext, useBlockData, type LoadLots } from './block-data';
import { useLocale } from './i18n';

interface Asked {
  answer: Promise<Lot[] | null>;
  /** Once answered: the block data with all the lots (or, failed, with no more to ask). */
  whole?: BlockData;
}

// Keyed by the block data itself: refreshed data starts over with its own first blocks.
const asked = new WeakMap<BlockData, Asked>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks once per block data; the lists and the modal's deep link share the answer. */
export function askWholeLots(
  data: BlockData,
  load: LoadLots,
  locale: Locale,
): Promise<Lot[] | null> {
  const known = asked.get(data);
  if (known) return known.answer;
  // Spelled out rather than imported: the domain's lot rules are not in this chunk.
  const lists = (['billet', 'gagnant'] as const).filter(
    (caller: LotCaller) => data.lotTotals?.[caller] !== undefined,
  );
  const entry: Asked = {
    answer: load(locale, lists).then((lots) => {
      // Failed: the first blocks are all the lists show, and they say no more.
      entry.whole = { ...data, lots: lots ?? data.lots, lotTotals: undefined };
      listeners.forEach((listener) => listener());
      return lots;
    }),
  };
  asked.set(data, entry);
  return entry.answer;
}

interface WholeLots {
  /** The block data, with all the lots once they have come. */
  data: BlockData;
  /** Asks for all the lots (once); undefined when there is nothing left to ask, or no way to. */
  request: (() => Promise<Lot[] | null>) | undefined;
}

export function useWholeLots(): WholeLots {
  const data = useBlockData();
  const load = useContext(LoadLotsContext);
  const locale = useLocale();
  // Left out of the hydration state (docs/decisions/0044): the list waits for them all here,
  // its server markup kept meanwhile, and hydrates with them.
  if (data.lotsLater && load) use(askWholeLots(data, load, locale));
  const current = () => asked.get(data)?.whole ?? data;
  const whole = useSyncExternalStore(subscribe, current, data.lotsLater ? current : () => data);
  const request = useMemo(
    () => (whole.lotTotals && load ? () => askWholeLots(data, load, locale) : undefined),
    [whole, data, load, locale],
  );
  return { data: whole, request };
}
