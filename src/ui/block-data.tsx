/** Data that blocks of the current page need beyond their fields (loaded with the page). */
import { createContext, useContext } from 'react';
import type { BlockData } from '../content/models';

const EMPTY_BLOCK_DATA: BlockData = { playlists: {} };

export const BlockDataContext = createContext<BlockData>(EMPTY_BLOCK_DATA);

export function useBlockData(): BlockData {
  return useContext(BlockDataContext);
}
