import { describe, expect, it } from 'vitest';
import { memoize } from './memo';

describe('stand-in memo', () => {
  it('computes each key once and answers the same value', () => {
    let calls = 0;
    const square = memoize(
      (n: number) => String(n),
      (n: number) => {
        calls += 1;
        return n * n;
      },
      10,
    );
    expect([square(3), square(3), square(4)]).toEqual([9, 9, 16]);
    expect(calls).toBe(2);
  });

  it('stays within its bound and still answers correctly past it', () => {
    let calls = 0;
    const twice = memoize(
      (s: string) => s,
      (s: string) => {
        calls += 1;
        return s + s;
      },
      2,
    );
    expect(['a', 'b', 'c', 'a'].map(twice)).toEqual(['aa', 'bb', 'cc', 'aa']);
    // 'c' started afresh past the bound, so 'a' was computed again.
    expect(calls).toBe(4);
  });
});
