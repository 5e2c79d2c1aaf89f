// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BEACON_LIMIT, createRateLimit, REPORT_LIMIT } from './rate-limit';

describe('the rate limit per address', () => {
  it('gives a report token back every 6 s, up to the burst of 10', () => {
    let now = 0;
    const limit = createRateLimit(REPORT_LIMIT, () => now);
    for (let i = 0; i < 10; i += 1) expect(limit.take('a')).toBe(true);
    expect(limit.take('a')).toBe(false);
    now += 6_000;
    expect(limit.take('a')).toBe(true);
    expect(limit.take('a')).toBe(false);
    now += 600_000;
    for (let i = 0; i < 10; i += 1) expect(limit.take('a')).toBe(true);
    expect(limit.take('a')).toBe(false);
  });

  it('keeps one bucket per address: one flooding leaves the others theirs', () => {
    const now = 0;
    const limit = createRateLimit(BEACON_LIMIT, () => now);
    for (let i = 0; i < 20; i += 1) expect(limit.take('flood')).toBe(true);
    expect(limit.take('flood')).toBe(false);
    expect(limit.take('visitor')).toBe(true);
  });

  it('forgets the address unheard of for longest past 10,000, not the ones in use', () => {
    let now = 0;
    const limit = createRateLimit({ burst: 1, refillMs: 1e9 }, () => now);
    expect(limit.take('first')).toBe(true);
    for (let i = 0; i < 10_000; i += 1) {
      now += 1;
      limit.take(`a${i}`);
    }
    // `first` was forgotten: a full bucket again; `a9999`, just used, is still empty.
    expect(limit.take('first')).toBe(true);
    expect(limit.take('a9999')).toBe(false);
  });
});
