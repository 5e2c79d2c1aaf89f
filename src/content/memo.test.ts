import { describe, expect, it } from 'vitest';
import { memoize } from './memo';

describe('bounded memo of a pure string function', () => {
  it('answers what the function answers, computing each input once', () => {
    const calls: string[] = [];
    const upper = memoize((s) => {
      calls.push(s);
      return s.toUpperCase();
    }, 10);
    expect(upper('a')).toBe('A');
    expect(upper('a')).toBe('A');
    expect(upper('b')).toBe('B');
    expect(calls).toEqual(['a', 'b']);
  });

  it('keeps at most its limit, dropping the least recently used input first', () => {
    const calls: string[] = [];
    const same = memoize((s) => {
      calls.push(s);
      return s;
    }, 2);
    same('a');
    same('b');
    same('a'); // a is now more recent than b
    same('c'); // drops b
    expect(same.size).toBe(2);
    same('a');
    same('b');
    expect(calls).toEqual(['a', 'b', 'c', 'b']);
  });

  it('remembers an empty output and forgets everything on clear', () => {
    let count = 0;
    const empty = memoize(() => {
      count += 1;
      return '';
    }, 5);
    empty('x');
    empty('x');
    expect(count).toBe(1);
    empty.clear();
    expect(empty.size).toBe(0);
    empty('x');
    expect(count).toBe(2);
  });

  it('holds at most its byte limit, dropping the oldest entries and never keeping an oversize one', () => {
    const calls: string[] = [];
    const same = memoize(
      (s) => {
        calls.push(s);
        return s;
      },
      // Each entry weighs (input + output) × 2 bytes: 4 per letter here.
      { entries: 100, bytes: 40 },
    );
    same('aaaa'); // 16 bytes
    same('bbbb'); // 32 in all
    same('cccc'); // 48 > 40: drops aaaa
    expect(same.size).toBe(2);
    expect(same.bytes).toBe(32);
    const big = 'x'.repeat(11); // 44 bytes, more than the whole memo may hold
    same(big);
    same(big);
    expect(same.size).toBe(2);
    same('bbbb');
    same('aaaa');
    expect(calls).toEqual(['aaaa', 'bbbb', 'cccc', big, big, 'aaaa']);
    same.clear();
    expect(same.bytes).toBe(0);
  });

  it('refuses a limit that would keep nothing', () => {
    expect(() => memoize((s) => s, 0)).toThrow(/limit/);
  });
});
