/**
 * The demo content speaks each page's language (issue 12: English pages show English text
 * everywhere, French pages French, and the brand is named the same in both). A text is either
 * `{fr, en}`, each side checked against the other language's marker words, or a plain value that
 * both languages show, which must then be neither: a name, a number, a proper noun.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PLAYLIST_ID, DEMO_PLAYLIST_ID_EN, PLAYLISTS } from '../video/playlists';
import type { JsonValue } from './content-schema';
import { loadContent } from './load';
import { isObject } from './wire';

/** Proper nouns the demo uses in both languages, accents and all. */
const PROPER_NOUNS = [
  'Pari Boréal',
  'Montréal',
  'Québec',
  'Lévis',
  'Trois-Rivières',
  'Chaudière-Appalaches',
  'Geneviève Tremblay',
  'Marc-André Lévesque',
  'Véronique S.',
  'Éric L.',
  'Chloé R.',
];

const FRENCH_MARKERS =
  /[àâçéèêëîïôùûüÿœæ]|\b(?:le|la|les|de|des|du|et|un|une|au|aux|avec|pour|sur|dans|est|sont|votre|vos|nous|vous|ce|cette|qui|pas|groupe|gagnants?|billets?|jours?|semaine|lire|voir)\b/i;
const ENGLISH_MARKERS =
  /\b(?:the|and|of|with|your|you|this|is|are|from|for|see|read|more|week|here|will|about|how|what|our|winners?|tickets?|bets?)\b/i;

/** Keys whose plain values are never shown as words: ids, links, switches, sizes, layout. */
const NOT_TEXT =
  /^(?:name|kind|type|dossier|URLfr|URLen|urlOG|lien|lienExterne|externalUrl|url|numeroTelephoneLien|videoId|video|playlistId|apikey|podcastId|lienCle|ancre|disposition|theme|position|imagePosition|fondCouleur|typePromotions|nouvelleFenetre|overlay|fluid|tbpadding|thpadding|displayCover|arrows|autoplayTimeout|colonnes\w+|nbJoursNouveau|montant\w+|nePasAfficherZonePub|labelStatsGA|date\w*|image\w*|@path)$/;

/** Strips markup, entities and the allowed proper nouns: what is left is words. */
function words(html: string): string {
  let text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
  for (const noun of PROPER_NOUNS) text = text.split(noun).join(' ');
  return text;
}

interface Text {
  where: string;
  fr?: string;
  en?: string;
  both?: string;
}

/** Every text of a content tree, by language. */
function textsOf(value: JsonValue, where: string, key = ''): Text[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => textsOf(item, `${where}[${index}]`));
  if (isObject(value)) {
    const { fr, en } = value;
    if (Object.keys(value).length === 2 && typeof fr === 'string' && typeof en === 'string') {
      return NOT_TEXT.test(key) ? [] : [{ where, fr, en }];
    }
    return Object.entries(value).flatMap(([name, child]) =>
      textsOf(child, `${where}.${name}`, name),
    );
  }
  // A string straight in a list is a mistyped value (robustness page): never on the wire.
  if (typeof value !== 'string' || key === '' || NOT_TEXT.test(key)) return [];
  return [{ where, both: value }];
}

function contentTexts(): Text[] {
  const content = loadContent();
  const json = (value: object): JsonValue => value as JsonValue;
  return [
    ...textsOf(json(content.site), 'site.json'),
    ...content.pages.flatMap((entry) => textsOf(json(entry.page), entry.file)),
    ...textsOf(json(content.lots), 'lots.json'),
    ...textsOf(json(content.tiles), 'vignettes-deco.json'),
  ];
}

/** The texts in which `markers` match, with where they are, for a readable failure. */
function offenders(
  texts: readonly Text[],
  pick: (text: Text) => string | undefined,
  markers: RegExp,
): string[] {
  return texts.flatMap((text) => {
    const value = pick(text);
    const found = value === undefined ? null : markers.exec(words(value));
    return found ? [`${text.where}: "${found[0]}" in ${JSON.stringify(value?.slice(0, 80))}`] : [];
  });
}

describe('demo content: each language its own words', () => {
  const texts = contentTexts();

  it('finds the texts (the walk reaches every file)', () => {
    expect(texts.filter((text) => text.en !== undefined).length).toBeGreaterThan(300);
    expect(texts.some((text) => text.where.startsWith('lots.json'))).toBe(true);
    expect(texts.some((text) => text.where.includes('chroniques/'))).toBe(true);
  });

  it('has no French in an English text', () => {
    expect(offenders(texts, (text) => text.en, FRENCH_MARKERS)).toEqual([]);
  });

  it('has no English in a French text', () => {
    expect(offenders(texts, (text) => text.fr, ENGLISH_MARKERS)).toEqual([]);
  });

  it('shows in both languages only words of neither (names, places, numbers)', () => {
    expect(offenders(texts, (text) => text.both, FRENCH_MARKERS)).toEqual([]);
    expect(offenders(texts, (text) => text.both, ENGLISH_MARKERS)).toEqual([]);
  });

  it('names the brand "Pari Boréal" in both languages', () => {
    const all = texts.flatMap((text) => [text.fr, text.en, text.both]).join('\n');
    expect(all).toContain('Pari Boréal');
    expect(all).not.toMatch(/Pari[\s-]+Bor(?!éal)/i);
  });

  it('names videos in each playlist in its language', () => {
    const of = (id: string): Text[] =>
      (PLAYLISTS[id] ?? []).map((video) => ({
        where: video.videoId,
        both: `${video.title} ${video.description}`,
      }));
    // The platform's own title for a deleted video is in English whatever the playlist.
    const fr = of(DEMO_PLAYLIST_ID).filter((text) => !text.both?.startsWith('Deleted video'));
    expect(offenders(fr, (text) => text.both, ENGLISH_MARKERS)).toEqual([]);
    expect(offenders(of(DEMO_PLAYLIST_ID_EN), (text) => text.both, FRENCH_MARKERS)).toEqual([]);
  });
});
