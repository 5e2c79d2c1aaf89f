// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocaleContext } from '../../ui/i18n';
import { PULL_REFRESH_TIMEOUT_MS } from './machine';
import { PullToRefresh } from './PullToRefresh';

function touch(type: 'touchstart' | 'touchmove' | 'touchend', y?: number) {
  const touches =
    y === undefined ? [] : [new Touch({ identifier: 1, target: document.body, clientY: y })];
  act(() => {
    document.dispatchEvent(new TouchEvent(type, { touches, bubbles: true }));
  });
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
}

const indicator = () => screen.getByTestId('pull-indicator');
const status = () => screen.getByRole('status');

beforeEach(() => {
  vi.useFakeTimers();
  scrollTo(0);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('PullToRefresh', () => {
  it('rests hidden, with an empty live status', () => {
    render(<PullToRefresh reload={vi.fn()} />);
    expect(indicator().dataset.state).toBe('pending');
    expect(indicator().getAttribute('aria-hidden')).toBe('true');
    expect(status().getAttribute('aria-live')).toBe('polite');
    expect(status().textContent).toBe('');
  });

  it('a long pull at the top goes pulling → releasing → refreshing, then reloads after 500 ms', () => {
    const reload = vi.fn();
    render(<PullToRefresh reload={reload} />);
    touch('touchstart', 100);
    touch('touchmove', 160);
    expect(indicator().dataset.state).toBe('pulling');
    expect(status().textContent).toBe('Tirez pour actualiser');
    expect(indicator().style.getPropertyValue('--pull-distance')).not.toBe('0px');
    touch('touchmove', 400);
    expect(indicator().dataset.state).toBe('releasing');
    expect(status().textContent).toBe('Relâchez pour actualiser');
    expect(indicator().style.getPropertyValue('--pull-distance')).toBe('80px');
    touch('touchend');
    expect(indicator().dataset.state).toBe('refreshing');
    expect(status().textContent).toBe('Actualisation…');
    expect(indicator().style.getPropertyValue('--pull-distance')).toBe('50px');
    act(() => {
      vi.advanceTimersByTime(PULL_REFRESH_TIMEOUT_MS - 1);
    });
    expect(reload).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a short pull does not reload', () => {
    const reload = vi.fn();
    render(<PullToRefresh reload={reload} />);
    touch('touchstart', 100);
    touch('touchmove', 170);
    touch('touchend');
    expect(indicator().dataset.state).toBe('pending');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing when the page is not scrolled to the top', () => {
    const reload = vi.fn();
    render(<PullToRefresh reload={reload} />);
    scrollTo(300);
    touch('touchstart', 100);
    touch('touchmove', 500);
    touch('touchend');
    expect(indicator().dataset.state).toBe('pending');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing behind an open modal dialog', () => {
    const reload = vi.fn();
    render(<PullToRefresh reload={reload} />);
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    touch('touchstart', 100);
    touch('touchmove', 500);
    expect(indicator().dataset.state).toBe('pending');
    dialog.remove();
  });

  it('speaks English on an English page', () => {
    render(
      <LocaleContext.Provider value="en">
        <PullToRefresh reload={vi.fn()} />
      </LocaleContext.Provider>,
    );
    touch('touchstart', 100);
    touch('touchmove', 160);
    expect(status().textContent).toBe('Pull to refresh');
    touch('touchmove', 400);
    expect(status().textContent).toBe('Release to refresh');
    touch('touchend');
    expect(status().textContent).toBe('Refreshing…');
  });

  it('with reduced motion, the indicator appears without following the finger', () => {
    const matchMedia = window.matchMedia.bind(window);
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
      const list = matchMedia(query);
      if (query !== '(prefers-reduced-motion: reduce)') return list;
      Object.defineProperty(list, 'matches', { value: true });
      return list;
    });
    render(<PullToRefresh reload={vi.fn()} />);
    expect(indicator().dataset.reducedMotion).toBe('true');
    touch('touchstart', 100);
    touch('touchmove', 400);
    expect(indicator().dataset.state).toBe('releasing');
    expect(indicator().style.getPropertyValue('--pull-distance')).toBe('0px');
  });

  it('listens passively, and stops listening when unmounted', () => {
    const add = vi.spyOn(document, 'addEventListener');
    const remove = vi.spyOn(document, 'removeEventListener');
    const { unmount } = render(<PullToRefresh reload={vi.fn()} />);
    const start = add.mock.calls.find(([type]) => type === 'touchstart');
    expect(start?.[2]).toMatchObject({ passive: true });
    // Moves are followed only once a touch started at the top.
    expect(add.mock.calls.some(([type]) => type === 'touchmove')).toBe(false);
    touch('touchstart', 100);
    const move = add.mock.calls.find(([type]) => type === 'touchmove');
    expect(move?.[2]).toMatchObject({ passive: true });
    unmount();
    expect(remove.mock.calls.some(([type]) => type === 'touchstart')).toBe(true);
  });
});
