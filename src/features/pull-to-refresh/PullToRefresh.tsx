/** Pull-to-refresh on touch devices (docs/requirements.md §1, §4, §9): an indicator above the page. */
import { useEffect, useRef } from 'react';
import type { MessageKey } from '../../i18n/catalogue';
import { useT } from '../../ui/i18n';
import type { PullState } from './machine';
import { usePullToRefresh, useReducedMotion } from './usePullToRefresh';
import { PullIndicator } from './PullIndicator';

const MESSAGES: Record<PullState, MessageKey | null> = {
  pending: null,
  pulling: 'rafraichir.tirer',
  releasing: 'rafraichir.relacher',
  refreshing: 'rafraichir.actualisation',
};

const reloadPage = () => window.location.reload();

export function PullToRefresh({ reload = reloadPage }: { reload?: () => void }) {
  const t = useT();
  const { state, distance } = usePullToRefresh(reload);
  const reducedMotion = useReducedMotion();
  const indicator = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // After the hook's own effect: the gesture's listeners are on. Tests (and anyone curious)
    // can tell the working indicator from the server's idle one.
    indicator.current?.setAttribute('data-gesture', 'on');
  }, []);

  useEffect(() => {
    // Set from script, never as a style attribute in the markup (the CSP forbids those).
    // With reduced motion the indicator does not follow the finger: it just appears.
    indicator.current?.style.setProperty('--pull-distance', `${reducedMotion ? 0 : distance}px`);
  }, [distance, reducedMotion]);

  const key = MESSAGES[state];
  const message = key ? t(key) : '';
  return (
    <PullIndicator
      state={state}
      message={message}
      reducedMotion={reducedMotion}
      indicator={indicator}
    />
  );
}
