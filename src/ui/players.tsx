/** Where the embeds come from: public configuration, handed to blocks through context. */
import { createContext, useContext } from 'react';

export interface PlayerConfig {
  videoPlayerBase: string;
  podcastPlayerUrl: string;
  podcastUserId: string;
}

export const PlayerConfigContext = createContext<PlayerConfig>({
  videoPlayerBase: '',
  podcastPlayerUrl: '',
  podcastUserId: '',
});

export function usePlayerConfig(): PlayerConfig {
  return useContext(PlayerConfigContext);
}
