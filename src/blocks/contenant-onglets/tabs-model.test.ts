import { describe, expect, it } from 'vitest';
import { keyTarget, matchingTab } from './tabs-model';

describe('matchingTab', () => {
  const keys = ['hockey', 'soccer', 'coming-soon'];
  it('finds the tab whose key is the fragment', () => {
    expect(matchingTab(keys, 'soccer')).toBe(1);
    expect(matchingTab(keys, 'coming-soon')).toBe(2);
  });
  it('matches none for an empty, unknown or differently cased fragment', () => {
    expect(matchingTab(keys, '')).toBeNull();
    expect(matchingTab(keys, 'tennis')).toBeNull();
    expect(matchingTab(keys, 'Soccer')).toBeNull();
  });
  it('takes a fragment that is not a valid selector as plain text', () => {
    expect(matchingTab(keys, '1:x[')).toBeNull();
    expect(matchingTab(['1:x['], '1:x[')).toBe(0);
  });
});

describe('keyTarget', () => {
  it('moves with the arrows and wraps at both ends', () => {
    expect(keyTarget('ArrowRight', 0, 3)).toBe(1);
    expect(keyTarget('ArrowRight', 2, 3)).toBe(0);
    expect(keyTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(keyTarget('ArrowLeft', 2, 3)).toBe(1);
    expect(keyTarget('ArrowDown', 1, 3)).toBe(2);
    expect(keyTarget('ArrowUp', 1, 3)).toBe(0);
  });
  it('goes to the ends with Home and End', () => {
    expect(keyTarget('Home', 2, 3)).toBe(0);
    expect(keyTarget('End', 0, 3)).toBe(2);
  });
  it('leaves other keys and empty lists alone', () => {
    expect(keyTarget('Tab', 0, 3)).toBeNull();
    expect(keyTarget('Enter', 0, 3)).toBeNull();
    expect(keyTarget('ArrowRight', 0, 0)).toBeNull();
  });
});
