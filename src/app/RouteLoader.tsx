/** Watches the browser location (shared by every root) and loads each new view. */
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { navigate } from '../ui/navigation';
import { useAppStore } from './store';

const samePage = (a: string, b: string) => (a.split('?')[0] ?? a) === (b.split('?')[0] ?? b);

export function RouteLoader() {
  const store = useAppStore();
  const [pathname] = useLocation();
  const search = useSearch();
  useEffect(() => {
    const target = search ? `${pathname}?${search}` : pathname;
    const previous = store.getState().path;
    if (target === previous) return;
    // Only the query changed (the winners modal clearing `?lot=`, say): same page, no code.
    if (samePage(target, previous)) {
      store.setState({ path: target });
      return;
    }
    void import('./client-navigation').then(({ loadLocation }) =>
      loadLocation(store, target, navigate),
    );
  }, [store, pathname, search]);
  return null;
}
