/**
 * A client-side page view's INP and CLS, read by the site itself (docs/decisions/0069): the
 * definitions web-vitals follows for a document's load. What no browser measures
 * (docs/decisions/0087-beacons-that-cannot-lie.md).
 */
import { describe, expect, it } from 'vitest';
import {
  implausible,
  interactionToNextPaint,
  layoutShiftScore,
  roundVital,
  type VitalsBeacon,
} from './web-vitals';

describe('implausible', () => {
  const load = (metrics: VitalsBeacon['metrics']): VitalsBeacon => ({
    view: 'v'.repeat(22),
    page: 'content',
    navigation: 'load',
    metrics,
  });

  it('lets through what a browser sends, and what the sender rounds', () => {
    expect(implausible(load({ TTFB: 120, FCP: 800, LCP: 700, INP: 64, CLS: 0.0123 }))).toBe(
      undefined,
    );
    expect(implausible(load({ TTFB: 0, FCP: 0, INP: 0, CLS: 0 }))).toBe(undefined);
    // LCP before FCP: an image of another origin without Timing-Allow-Origin.
    expect(implausible(load({ FCP: 900, LCP: 400 }))).toBe(undefined);
    const client = { ...load({ INP: 8, CLS: 0.3 }), navigation: 'client' as const };
    expect(implausible(client)).toBe(undefined);
  });

  it('refuses each thing no browser measures', () => {
    expect(implausible({ ...load({ LCP: 900 }), navigation: 'client' })).toMatch(/client-side/);
    expect(implausible({ ...load({ TTFB: 90 }), navigation: 'client' })).toMatch(/client-side/);
    expect(implausible(load({ INP: 60 }))).toMatch(/8 ms/);
    expect(implausible(load({ FCP: 800.4 }))).toMatch(/whole milliseconds/);
    expect(implausible(load({ CLS: 0.12345 }))).toMatch(/four decimals/);
    expect(implausible(load({ TTFB: 500, FCP: 499 }))).toMatch(/first byte/);
    expect(implausible(load({ TTFB: 500, LCP: 499 }))).toMatch(/first byte/);
  });
});

describe('interactionToNextPaint', () => {
  it('is undefined without an interaction, the longest below 50, one left out per 50 after', () => {
    expect(interactionToNextPaint([], 0)).toBeUndefined();
    expect(interactionToNextPaint([40, 120, 64], 3)).toBe(120);
    const many = Array.from({ length: 120 }, (_, i) => i + 1);
    // 120 interactions: the two longest are left out.
    expect(interactionToNextPaint(many, 120)).toBe(118);
  });

  it('reads 8 ms when every interaction was too short for the browser to report', () => {
    expect(interactionToNextPaint([], 4)).toBe(8);
  });
});

describe('layoutShiftScore', () => {
  it('is the largest session window: shifts less than 1 s apart, for 5 s at most', () => {
    expect(layoutShiftScore([])).toBe(0);
    const score = layoutShiftScore([
      { value: 0.05, startTime: 100 },
      { value: 0.05, startTime: 900 },
      // Over 1 s after the last: a new window.
      { value: 0.02, startTime: 2000 },
      // A long train of small shifts: cut at 5 s.
      ...Array.from({ length: 12 }, (_, i) => ({ value: 0.01, startTime: 4000 + i * 900 })),
    ]);
    expect(score).toBeCloseTo(0.1, 6);
    expect(
      layoutShiftScore(Array.from({ length: 12 }, (_, i) => ({ value: 0.02, startTime: i * 900 }))),
    ).toBeCloseTo(0.12, 6);
  });
});

describe('roundVital', () => {
  it('sends whole milliseconds and a layout shift score to four decimals', () => {
    expect(roundVital('LCP', 1234.5678)).toBe(1235);
    expect(roundVital('CLS', 0.123456)).toBe(0.1235);
  });
});
