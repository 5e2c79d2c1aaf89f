import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '../../build/catalogue-plugin';
import { checkCompiled } from './check-compiled';
import { formatMessage, type Values } from './format';

const format = (icu: string, values: Values = {}, locale: 'fr' | 'en' = 'fr') => {
  const compiled = compileMessageOrThrow(icu);
  checkCompiled(compiled);
  return formatMessage(compiled, values, locale);
};

describe('formatMessage', () => {
  it('puts values in their place; a missing value leaves nothing', () => {
    expect(format('Oups... Erreur {code}', { code: 404 })).toBe('Oups... Erreur 404');
    expect(format('{n} sur {total}', { n: 2 })).toBe('2 sur ');
    expect(format('l’apostrophe')).toBe('l’apostrophe');
  });

  it('chooses the plural case by the language’s rules, # being the number', () => {
    const icu = 'Voir {count, plural, one {# billet de plus} other {# billets de plus}}';
    // French: 0 and 1 are "one"; English: only 1.
    expect(format(icu, { count: 0 })).toBe('Voir 0 billet de plus');
    expect(format(icu, { count: 1 })).toBe('Voir 1 billet de plus');
    expect(format(icu, { count: 6 })).toBe('Voir 6 billets de plus');
    expect(format('{count, plural, one {# more} other {# more}}', { count: 0 }, 'en')).toBe(
      '0 more',
    );
    expect(format('{count, plural, one {one} other {# items}}', { count: 0 }, 'en')).toBe(
      '0 items',
    );
    expect(format('{count, plural, one {one} other {# items}}', { count: 1200 }, 'en')).toBe(
      '1,200 items',
    );
    expect(format('{count, plural, =0 {none} other {#}}', { count: 0 }, 'en')).toBe('none');
  });
});

describe('checkCompiled', () => {
  it('refuses what formatMessage does not know', () => {
    for (const icu of [
      '{n, select, a {A} other {B}}',
      '{n, number}',
      '{n, selectordinal, other {#}}',
    ])
      expect(() => checkCompiled(compileMessageOrThrow(icu)), icu).toThrow(/not supported/);
    expect(() => checkCompiled(compileMessageOrThrow('{n, plural, one {#}}'))).toThrow(/other/);
  });

  it('accepts every message of both catalogues', () => {
    for (const file of ['src/i18n/fr.json', 'src/i18n/en.json']) {
      for (const message of Object.values(compileCatalogue(file))) checkCompiled(message);
    }
  });
});
