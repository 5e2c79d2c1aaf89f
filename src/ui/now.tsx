/** The logical date as an instant, for display windows inside blocks. */
import { createContext, useContext } from 'react';

export const NowContext = createContext<number>(0);

export function useNow(): number {
  return useContext(NowContext);
}

/** The site time zone: every date is shown and every window read in it. */
export const TimeZoneContext = createContext('America/Toronto');

export function useTimeZone(): string {
  return useContext(TimeZoneContext);
}
