/**
 * Whether a block opens the page: its largest image is then the page's largest on the first
 * screen (the LCP), fetched with high priority and never lazily; every other image waits.
 */
import { createContext, useContext } from 'react';

export const FirstScreenContext = createContext(false);

export function useOpensPage(): boolean {
  return useContext(FirstScreenContext);
}

/**
 * Whether every image here is on the first screen anyway (the footer of a page of a few lines):
 * loaded at once, at its normal priority, rather than when it is laid out.
 */
export const OnFirstScreenContext = createContext(false);

export function useOnFirstScreen(): boolean {
  return useContext(OnFirstScreenContext);
}
