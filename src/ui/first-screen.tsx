/**
 * Whether a block opens the page: its largest image is then the page's largest on the first
 * screen (the LCP), fetched with high priority and never lazily; every other image waits.
 */
import { createContext, useContext } from 'react';

export const FirstScreenContext = createContext(false);

export function useOpensPage(): boolean {
  return useContext(FirstScreenContext);
}
