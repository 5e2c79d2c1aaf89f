import { describe, expect, it } from 'vitest';
import { hashTargets, scrollBehaviour } from './anchor';

describe('hashTargets', () => {
  it('is true only when the fragment is the anchor', () => {
    expect(hashTargets('comment-parier', 'comment-parier')).toBe(true);
    expect(hashTargets('comment-parier', ' comment-parier ')).toBe(true);
    expect(hashTargets('autre', 'comment-parier')).toBe(false);
    expect(hashTargets('Comment-parier', 'comment-parier')).toBe(false);
  });
  it('never matches without an anchor or a fragment', () => {
    expect(hashTargets('', undefined)).toBe(false);
    expect(hashTargets('', '')).toBe(false);
    expect(hashTargets('x', undefined)).toBe(false);
  });
  it('compares text that is not a valid selector without throwing', () => {
    expect(() => hashTargets('1:x[', 'comment-parier')).not.toThrow();
    expect(hashTargets('1:x[', 'comment-parier')).toBe(false);
    expect(hashTargets('a b"]', 'a b"]')).toBe(true);
  });
});

describe('scrollBehaviour', () => {
  it('is smooth unless reduced motion is asked for', () => {
    expect(scrollBehaviour(false)).toBe('smooth');
    expect(scrollBehaviour(true)).toBe('auto');
  });
});
