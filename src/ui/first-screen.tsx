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
 * Whether a block comes right after the one that opens the page: on a phone its first image is
 * usually on the first screen too, below the opener, and often the larger of the two (the LCP).
 * That one image loads at once, at its normal priority; the block's others wait.
 */
export const FollowsOpenerContext = createContext(false);

export function useFollowsOpener(): boolean {
  return useContext(FollowsOpenerContext);
}

/** A list whose first card is on the first screen: it opens the page or follows its opener. */
export function useLeadsFirstScreen(): boolean {
  const opens = useContext(FirstScreenContext);
  return useContext(FollowsOpenerContext) || opens;
}

/**
 * Whether every image here is on the first screen anyway (the footer of a page of a few lines):
 * loaded at once, at its normal priority, rather than when it is laid out.
 */
export const OnFirstScreenContext = createContext(false);

export function useOnFirstScreen(): boolean {
  return useContext(OnFirstScreenContext);
}
