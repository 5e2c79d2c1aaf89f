import { describe, expect, it } from 'vitest';
import { catalogues, translator } from './catalogue';

describe('catalogues', () => {
  it('have the same keys in French and English, none empty', () => {
    const fr = Object.keys(catalogues.fr).sort();
    expect(Object.keys(catalogues.en).sort()).toEqual(fr);
    for (const messages of Object.values(catalogues)) {
      for (const value of Object.values(messages)) expect(value.trim()).not.toBe('');
    }
  });
  it('use the same placeholders in both languages', () => {
    for (const key of Object.keys(catalogues.fr) as (keyof typeof catalogues.fr)[]) {
      const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(names(catalogues.en[key]), key).toEqual(names(catalogues.fr[key]));
    }
  });
  it('fills placeholders', () => {
    expect(translator('fr')('erreur.titre', { code: 404 })).toBe('Oups... Erreur 404');
    expect(translator('en')('erreur.titre', { code: 503 })).toBe('Oops... Error 503');
  });
});
