/** Data that blocks of the current page need beyond their fields (loaded with the page). */
import { createContext, useContext } from 'react';
import type { BlockData, ChronicleCard, Lot } from '../content/models';
import type { Locale } from '../domain/locale';
import type { LotCaller } from '../domain/lots';

const EMPTY_BLOCK_DATA: BlockData = { playlists: {} };

export const BlockDataContext = createContext<BlockData>(EMPTY_BLOCK_DATA);

export function useBlockData(): BlockData {
  return useContext(BlockDataContext);
}

/**
 * Fetches lots the page does not hold: all those of its `lists`, or with none named those a
 * chronique's deep link may open. `null`: the request failed (already logged).
 */
export type LoadLots = (locale: Locale, lists?: readonly LotCaller[]) => Promise<Lot[] | null>;

/**
 * How the page's lists and modal get the lots after each list's first block (the app's fetch;
 * ui/whole-lots.ts asks). Absent on the server.
 */
export const LoadLotsContext = createContext<LoadLots | undefined>(undefined);

/** Fetches every chronique card of a language (`null`: the request failed, already logged). */
export type LoadChronicles = (locale: Locale) => Promise<ChronicleCard[] | null>;

/** How a chroniques list gets its cards past the first block (the app's fetch); absent on the server. */
export const LoadChroniclesContext = createContext<LoadChronicles | undefined>(undefined);
