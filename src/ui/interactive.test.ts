// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { markInteractive, resetInteractiveForTests, useInteractive } from './interactive';

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
