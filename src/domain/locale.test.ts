import { describe, expect, it } from 'vitest';
import { resolveLocale } from './locale';

describe('resolveLocale (docs/requirements.md §2, four rules in order)', () => {
  it('1. takes the route parameter first, even against the path and the store', () => {
    expect(resolveLocale({ param: 'en', path: '/fr/x', stored: 'fr-CA' })).toBe('en');
    // Returned as written so that the caller can redirect an unsupported language.
    expect(resolveLocale({ param: 'de', path: '/de/x' })).toBe('de');
  });
  it('2. a path containing /en gives en, but not /en-jeux', () => {
    expect(resolveLocale({ path: '/sports/en/hockey', stored: 'fr' })).toBe('en');
    expect(resolveLocale({ path: '/sports/en-jeux', stored: null })).toBe('fr');
  });
  it('3. a path containing /fr gives fr', () => {
    expect(resolveLocale({ path: '/sports/fr/en-jeux', stored: 'en-CA' })).toBe('fr');
  });
  it('4. else the first two letters of the stored locale', () => {
    expect(resolveLocale({ path: '/promotions', stored: 'en-CA' })).toBe('en');
    expect(resolveLocale({ path: '/promotions', stored: 'EN' })).toBe('en');
  });
  it('defaults to fr with no usable stored locale', () => {
    expect(resolveLocale({ path: '/promotions', stored: 'de-DE' })).toBe('fr');
    expect(resolveLocale({ path: '/promotions' })).toBe('fr');
  });
});
