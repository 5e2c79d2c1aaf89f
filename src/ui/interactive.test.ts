// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  markInteractive,
  resetInteractiveForTests,
  useIdleOnceInteractive,
  useInteractive,
  whenInteractive,
} from './interactive';

afterEach(() => resetInteractiveForTests());

describe('useInteractive', () => {
  it('is false until the entry marks the page, then true for every reader', () => {
    const first = renderHook(() => useInteractive());
    expect(first.result.current).toBe(false);
    act(() => markInteractive());
    expect(first.result.current).toBe(true);
    // A part mounted later (a client-side navigation) reads it at once.
    expect(renderHook(() => useInteractive()).result.current).toBe(true);
    // Marking again changes nothing.
    act(() => markInteractive());
    expect(first.result.current).toBe(true);
  });
});

describe('useIdleOnceInteractive', () => {
  it('waits for the page to be interactive, then for an idle moment after that', async () => {
    vi.useFakeTimers();
    try {
      const { result } = renderHook(() => useIdleOnceInteractive());
      await act(() => vi.advanceTimersByTimeAsync(3000));
      // Not interactive yet: however long the browser idles, nothing.
      expect(result.current).toBe(false);
      act(() => markInteractive());
      expect(result.current).toBe(false);
      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(result.current).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('whenInteractive', () => {
  it('runs once the page is marked, at once afterwards, and not when cancelled', () => {
    const calls: string[] = [];
    whenInteractive(() => calls.push('early'));
    const cancel = whenInteractive(() => calls.push('cancelled'));
    cancel();
    expect(calls).toEqual([]);
    markInteractive();
    markInteractive();
    expect(calls).toEqual(['early']);
    whenInteractive(() => calls.push('late'));
    expect(calls).toEqual(['early', 'late']);
  });
});
