/** Watches the browser location (shared by every root) and loads each new view. */
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { navigate } from '../ui/navigation';
import { loadLocation } from './client-session';
import { useAppStore } from './store';

export function RouteLoader() {
  const store = useAppStore();
  const [pathname] = useLocation();
  const search = useSearch();
  useEffect(() => {
    const target = search ? `${pathname}?${search}` : pathname;
    void loadLocation(store, target, navigate);
  }, [store, pathname, search]);
  return null;
}
