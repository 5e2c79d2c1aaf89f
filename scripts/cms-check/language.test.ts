/**
 * `lang=en` answering French (issue 42 item 9): Magnolia without the site's i18n answers the
 * stored properties, the raw `_en` beside the French; with it, each property in English.
 */
import { describe, expect, it } from 'vitest';
import { rawTranslations, sameAnswer } from './language';

const french = {
  '@path': '/pari-boreal',
  'mgnl:lastModified': '2026-01-12T09:30:42.087-05:00',
  header: { '@path': '/pari-boreal/header', titre: 'Parier' },
};

describe('English answers', () => {
  it('finds the raw English properties, with their node', () => {
    const answer = {
      results: [
        { ...french, titre_en: 'Bet', header: { '@path': '/pari-boreal/header', texte_en: 'Hi' } },
      ],
    };
    expect(rawTranslations(answer)).toEqual([
      { path: '/pari-boreal/header', field: 'texte_en' },
      { path: '/pari-boreal', field: 'titre_en' },
    ]);
  });

  it('finds none in an answer in English, nor in names that only end like it', () => {
    expect(rawTranslations({ ...french, villeEn: 'Montreal', _en: 'x', count_en: 3 })).toEqual([]);
    // The English value in place, its raw copy beside it: English is answered.
    expect(rawTranslations({ titre: 'Bet', titre_en: 'Bet' })).toEqual([]);
  });

  it('tells an English answer word for word the French one (dates of change aside)', () => {
    const again = { ...french, 'mgnl:lastModified': '2026-02-01T00:00:00.000-05:00' };
    expect(sameAnswer(french, again)).toBe(true);
    expect(sameAnswer(french, { ...french, header: { ...french.header, titre: 'Bet' } })).toBe(
      false,
    );
    // Nothing to translate: no text, no fault.
    expect(sameAnswer({ results: [] }, { results: [] })).toBe(false);
  });
});
