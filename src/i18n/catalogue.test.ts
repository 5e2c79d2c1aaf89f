import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';
import { translator } from './catalogue';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe('catalogues', () => {
  it('have the same keys in French and English, none empty', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(fr).sort());
    for (const value of [...Object.values(fr), ...Object.values(en)]) {
      expect(value.trim()).not.toBe('');
    }
  });
  it('use the same placeholders in both languages', () => {
    for (const key of Object.keys(fr) as (keyof typeof fr)[]) {
      expect(placeholders(en[key]), key).toEqual(placeholders(fr[key]));
    }
  });
  it('format messages with their values', () => {
    expect(translator('fr')('erreur.titre', { code: 404 })).toBe('Oups... Erreur 404');
    expect(translator('en')('erreur.titre', { code: 503 })).toBe('Oops... Error 503');
  });
});
