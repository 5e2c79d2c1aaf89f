/** The logical date as an instant, for display windows inside blocks. */
import { createContext, useContext } from 'react';

export const NowContext = createContext<number>(0);

export function useNow(): number {
  return useContext(NowContext);
}
