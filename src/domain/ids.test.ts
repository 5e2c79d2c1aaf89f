import { describe, expect, it } from 'vitest';
import { checkContentId, safeContentId, shortNodeId } from './ids';

describe('ids from content (accordion anchors, tab keys)', () => {
  it('keeps plain slugs, trimmed', () => {
    for (const id of ['cookies', 'comment-parier', 'coming-soon', 'Finale_2026', 'a']) {
      expect(checkContentId(id)).toEqual({ ok: true, id });
    }
    expect(safeContentId('  navigateurs ')).toBe('navigateurs');
  });

  it('refuses the application’s own ids and prefixes, whatever the case', () => {
    for (const id of [
      'app-state',
      'mount-main',
      'MOUNT-HEADER',
      'sports-widget',
      'app-x',
      'Didomi',
    ]) {
      expect(checkContentId(id)).toEqual({ ok: false, reason: 'reserved by the application' });
    }
  });

  it('refuses markup, selectors, spaces, React’s own ids and long values', () => {
    for (const id of [
      '',
      '"><img src=x onerror=alert(1)>',
      'a b',
      '1:x[',
      '_r_1_',
      '-x',
      'été',
      'a\u2028b',
      'x'.repeat(65),
      '__proto__',
    ]) {
      expect(checkContentId(id).ok).toBe(false);
    }
    expect(safeContentId('javascript:alert(1)')).toBeUndefined();
    expect(safeContentId(undefined)).toBeUndefined();
  });
});

describe('node ids as the site carries them', () => {
  it('shortens a UUID to its first 12 hex digits, in lower case', () => {
    expect(shortNodeId('9bfd6493-db47-511f-8f9b-3fbf4f6b79e7')).toBe('9bfd6493db47');
    expect(shortNodeId('9BFD6493-DB47-411F-8F9B-3FBF4F6B79E7')).toBe('9bfd6493db47');
  });

  it('keeps any other id as it is', () => {
    for (const id of ['id-bonne', '/pari-boreal/gagnants', '9bfd6493-db47-511f-8f9b', '']) {
      expect(shortNodeId(id)).toBe(id);
    }
  });
});
