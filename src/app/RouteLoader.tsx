/** Watches the browser location (shared by every root) and loads each new view. */
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { resolveLocale } from '../domain/locale';
import { navigationDecision } from '../domain/routes';
import { navigate } from '../ui/navigation';
import { useAppStore } from './store';

const samePage = (a: string, b: string) => (a.split('?')[0] ?? a) === (b.split('?')[0] ?? b);

export function RouteLoader() {
  const store = useAppStore();
  const [pathname] = useLocation();
  const search = useSearch();
  // Each location change starts a turn; a load still waiting on code or data when the visitor
  // has moved on (a quick Back, say) must not put its older path in the store.
  const turn = useRef(0);
  useEffect(() => {
    // A preview's moves load whole pages (app/preview-client.ts, taken over before the page
    // hydrates, start-client.tsx): nothing to follow here.
    if (store.getState().preview) return;
    const mine = ++turn.current;
    const target = search ? `${pathname}?${search}` : pathname;
    const previous = store.getState().path;
    if (target === previous) return;
    // Only the query changed (the winners modal clearing `?lot=`, say), or a move inside
    // /sports/ in the same language (the widget draws it): the path follows at once, no code,
    // so that the widget is told every move, Back included, in order.
    const { locale } = store.getState();
    if (
      samePage(target, previous) ||
      (navigationDecision(previous.split('?')[0] ?? previous, pathname) === 'ignore' &&
        resolveLocale({ path: pathname, stored: locale }) === locale)
    ) {
      store.setState({ path: target });
      return;
    }
    void import('./client-navigation').then(({ loadLocation }) =>
      loadLocation(store, target, navigate, () => turn.current === mine),
    );
  }, [store, pathname, search]);
  return null;
}
