/** Feeds the document's touches to the pull-to-refresh machine and reloads when it says so. */
import { useEffect, useReducer, useSyncExternalStore } from 'react';
import { INITIAL_PULL, PULL_REFRESH_TIMEOUT_MS, pullReducer, type PullModel } from './machine';

const atTop = (): boolean => window.scrollY <= 0;

/**
 * A modal (the technical-help dialog) locks the page: pulling behind it must do nothing. The
 * header's message bar is an open dialog too, in the page's flow: not a modal.
 */
const modalOpen = (): boolean =>
  document.querySelector('dialog[open]:not([data-header-bar])') !== null;

export function usePullToRefresh(reload: () => void): PullModel {
  const [model, dispatch] = useReducer(pullReducer, INITIAL_PULL);

  useEffect(() => {
    // Every listener is passive: the page keeps scrolling natively, a pull only draws.
    const options: AddEventListenerOptions = { passive: true };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (touch) dispatch({ type: 'move', y: touch.clientY, atTop: atTop() });
    };
    const stop = (type: 'end' | 'cancel') => {
      dispatch({ type });
      document.removeEventListener('touchmove', onMove, options);
      document.removeEventListener('touchend', onEnd, options);
      document.removeEventListener('touchcancel', onCancel, options);
    };
    const onEnd = () => stop('end');
    const onCancel = () => stop('cancel');
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      // Moves are only followed for one finger on a page scrolled to its very top.
      if (event.touches.length !== 1 || !touch || !atTop() || modalOpen()) return;
      dispatch({ type: 'start', y: touch.clientY, atTop: true });
      document.addEventListener('touchmove', onMove, options);
      document.addEventListener('touchend', onEnd, options);
      document.addEventListener('touchcancel', onCancel, options);
    };
    document.addEventListener('touchstart', onStart, options);
    return () => {
      document.removeEventListener('touchstart', onStart, options);
      document.removeEventListener('touchmove', onMove, options);
      document.removeEventListener('touchend', onEnd, options);
      document.removeEventListener('touchcancel', onCancel, options);
    };
  }, []);

  const refreshing = model.state === 'refreshing';
  useEffect(() => {
    if (!refreshing) return;
    // The indicator shows "refreshing" for a moment before the page goes.
    const timer = window.setTimeout(reload, PULL_REFRESH_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [refreshing, reload]);

  return model;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the visitor asked for less motion; false on the server. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}
