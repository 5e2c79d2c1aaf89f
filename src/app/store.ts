/** One store shared by the four roots: one per request on the server, one per page in the browser. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { parseLogicalDate } from '../domain/dates';
import type { SiteState, Snapshot, ViewState } from './state';

interface AppState extends Snapshot {
  loading: boolean;
  setView: (state: ViewState) => void;
  setLogicalDate: (value: string) => void;
  setLoading: (loading: boolean) => void;
  setSite: (site: SiteState) => void;
  dismissMessages: () => void;
}

export type AppStore = StoreApi<AppState>;

export function createAppStore(snapshot: Snapshot): AppStore {
  return createStore<AppState>()((set) => ({
    ...snapshot,
    loading: false,
    setView: (state) => set({ ...state, loading: false }),
    setLogicalDate: (logicalDate) => set({ logicalDate }),
    setLoading: (loading) => set({ loading }),
    setSite: (site) => set({ site }),
    dismissMessages: () => set({ messagesDismissed: true }),
  }));
}

export const StoreContext = createContext<AppStore | null>(null);

export function useAppStore(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useApp outside a root: wrap it in <AppProviders>');
  return store;
}

export function useApp<T>(selector: (state: AppState) => T): T {
  return useStore(useAppStore(), selector);
}

/** The logical date as an instant (falls back to the browser's clock if it cannot be read). */
export function logicalInstant(state: Pick<AppState, 'logicalDate' | 'config'>): number {
  return parseLogicalDate(state.logicalDate, state.config.timeZone) ?? Date.now();
}
