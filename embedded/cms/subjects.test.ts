/**
 * Each subject of the demo its own picture (issue 45): no two winners share a face and a group
 * looks like one, tickets of different sports or products are different drawings beyond the
 * sport's small mark, no two pages share a hero, a picture's text alternative names what it
 * shows, no two chroniques open with the same sentence, and none shares a paragraph or a
 * sentence with another (docs/decisions/0090-pictures-per-subject.md).
 */
import { parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { SPORTS, motifIn, sportIn, type Artwork } from './artwork';
import { pictogram } from './artwork-kit';
import type { JsonValue } from './content-schema';
import { loadContent } from './load';
import { createMediaCatalog, createMediaHandler } from './media';
import { isObject } from './wire';

const content = loadContent();
const catalog = createMediaCatalog(content);
const serve = createMediaHandler(catalog);
const svgOf = (id: string): string => String(serve(`/dam/${id}/image.svg`)?.body);
const json = (value: object): JsonValue => value as JsonValue;

/** Every node of a content tree, depth first. */
function nodesOf(value: JsonValue): Record<string, JsonValue>[] {
  if (Array.isArray(value)) return value.flatMap(nodesOf);
  if (!isObject(value)) return [];
  return [value, ...Object.values(value).flatMap(nodesOf)];
}

function text(value: JsonValue | undefined, language: 'fr' | 'en'): string {
  if (typeof value === 'string') return value;
  const inLanguage = isObject(value) ? value[language] : undefined;
  return typeof inLanguage === 'string' ? inLanguage : '';
}

/** The people a portrait shows: the drawing of each, without where it stands. */
function peopleIn(svg: string): string[] {
  return [...svg.matchAll(/<g class="person">(.*?)<\/g><\/g>/g)].map((match) => match[1] ?? '');
}

interface Element {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Element[];
}
const elementsOf = (node: Element): Element[] => [
  node,
  ...(node.childNodes ?? []).flatMap(elementsOf),
];

/**
 * What a drawing looks like once the sport's own mark is taken out: its elements in order and
 * the colours it uses, without coordinates (the seed moves those).
 */
function lookWithoutMark(svg: string): string {
  let rest = svg;
  for (const sport of SPORTS)
    for (const id of ['t', 'l0', 'l1', 'l2', 'l3'])
      rest = rest.split(pictogram(sport, id)).join('');
  const elements = elementsOf(parseFragment(rest) as Element).filter(
    (element) => !element.nodeName.startsWith('#'),
  );
  const colours = new Set(
    elements.flatMap((element) =>
      (element.attrs ?? [])
        .filter((attr) => attr.name === 'fill' || attr.name === 'stroke')
        .map((attr) => attr.value),
    ),
  );
  return `${elements.map((element) => element.nodeName).join(' ')} | ${[...colours].sort().join(' ')}`;
}

const lots = nodesOf(json(content.lots.lots)).filter((node) => typeof node.dateGain === 'string');
const winners = lots.flatMap((lot) => (isObject(lot.gagnant) ? [lot.gagnant] : []));
const photoOf = (winner: Record<string, JsonValue>): string | undefined =>
  typeof winner.imagePhotoId === 'string'
    ? winner.imagePhotoId
    : isObject(winner.imagePhoto) && typeof winner.imagePhoto['@path'] === 'string'
      ? winner.imagePhoto['@path']
      : undefined;
const served = (key: string): string =>
  key.startsWith('jcr:') ? svgOf(key) : String(serve(key)?.body);

describe('each subject its own picture', () => {
  it('draws every winner as people of their own: no face twice, a group as several people', () => {
    const seen = new Map<string, string>();
    expect(winners.length).toBeGreaterThan(10);
    for (const winner of winners) {
      const names = `${text(winner.noms, 'fr')} / ${text(winner.noms, 'en')}`;
      const photo = photoOf(winner);
      if (!photo) continue;
      const people = peopleIn(served(photo));
      if (/groupe|pool/i.test(names)) expect(people.length, names).toBeGreaterThanOrEqual(3);
      else if (/ et /.test(names)) expect(people.length, names).toBe(2);
      else expect(people.length, names).toBe(1);
      for (const person of people) {
        // Alike at a glance: the same colours (skin, hair, clothes, headwear), whatever the shapes.
        const look = [...new Set(person.match(/#[0-9a-f]{6}/gi))].sort().join(' ');
        expect(seen.get(look), `${names} looks like ${seen.get(look)}`).toBeUndefined();
        seen.set(look, names);
      }
    }
  });

  it('prints tickets of different sports or products as different drawings, not one slip', () => {
    const looks = new Map<string, string>();
    for (const entry of [...catalog.ids.values(), ...catalog.assets.values()]) {
      const art: Artwork = entry.art;
      if (art.kind !== 'ticket') continue;
      const subject = `${art.sport} ${art.product ?? ''}`;
      const key = [...catalog.ids].find(([, other]) => other === entry)?.[0];
      const path = [...catalog.assets].find(([, other]) => other === entry)?.[0];
      const look = lookWithoutMark(served(key ?? path ?? ''));
      for (const [other, otherLook] of looks)
        if (other !== subject) expect(look, `${subject} looks like ${other}`).not.toBe(otherLook);
      looks.set(subject, look);
    }
    expect(new Set([...looks.keys()].map((subject) => subject.split(' ')[0])).size).toBe(5);
  });

  // A scene that shows its sport full-frame may come back for another sport; any other
  // composition (a trophy, a phone) looks the same whatever the sport, so it comes once.
  const heroKey = (art: Artwork): string =>
    art.kind !== 'scene'
      ? art.kind
      : ['emblem', 'action', 'arena'].includes(art.motif ?? 'emblem')
        ? `${art.sport} ${art.motif ?? 'emblem'}`
        : (art.motif ?? '');

  /** Each page's hero: its header's picture, or a chronique's main picture. */
  const heroes = content.pages.flatMap(({ page }) => {
    const ids = nodesOf(json(page.main)).flatMap((node) =>
      node.kind === 'entete' && typeof node.imageId === 'string' ? [node.imageId] : [],
    );
    if (typeof page.imageIdPrincipale === 'string') ids.push(page.imageIdPrincipale);
    if (page.imagePrincipale) ids.push(page.imagePrincipale['@path']);
    return ids.map((id) => ({ page: page.URLfr, id }));
  });
  /** The artwork of a media id or an asset's path. */
  const artOf = (key: string): Artwork | undefined =>
    (key.startsWith('jcr:') ? catalog.ids.get(key) : catalog.assets.get(key))?.art;

  it('gives no two pages the same hero', () => {
    expect(heroes.length).toBeGreaterThan(12);
    const seen = new Map<string, string>();
    for (const { page, id } of heroes) {
      const art = artOf(id);
      expect(art, page).toBeDefined();
      const key = heroKey(art ?? { kind: 'tile' });
      expect(seen.get(key), `${page} shares its hero (${key}) with ${seen.get(key)}`).toBe(
        undefined,
      );
      seen.set(key, page);
    }
  });

  it("names in each hero's text alternative what it shows, in both languages", () => {
    let checked = 0;
    const pages = content.pages.map(({ page }) => json(page));
    for (const node of pages.flatMap(nodesOf)) {
      if (!isObject(node.alternateText)) continue;
      const ids = Object.entries(node).flatMap(([key, value]) => {
        if (!key.startsWith('image')) return [];
        if (typeof value === 'string') return [value];
        const path = isObject(value) ? value['@path'] : undefined;
        return typeof path === 'string' ? [path] : [];
      });
      const isHero =
        node.kind === 'entete' ||
        (typeof node.URLfr === 'string' && (node.imageIdPrincipale ?? node.imagePrincipale));
      // Heroes, and the ended promotions, whose only picture is theirs.
      if (!isHero && typeof node.imageTermineeId !== 'string') continue;
      for (const id of ids) {
        const art = artOf(id);
        if (art?.kind !== 'scene') continue;
        for (const language of ['fr', 'en'] as const) {
          const alt = text(node.alternateText, language);
          const said = motifIn(alt);
          expect(said, `${language} "${alt}" names no subject`).toBeDefined();
          expect(art.motif, `${language} "${alt}"`).toBe(said);
          const sport = sportIn(alt);
          if (sport) expect(art.sport, `${language} "${alt}"`).toBe(sport);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(2 * 20);
  });

  it('opens each chronique in its own words, in both languages', () => {
    const chroniques = content.pages.filter(({ page }) => page.type === 'chronique');
    expect(chroniques.length).toBeGreaterThan(10);
    for (const language of ['fr', 'en'] as const) {
      const openings = new Map<string, string>();
      for (const { page } of chroniques) {
        const first = nodesOf(json(page.main)).find((node) => node.kind === 'texte');
        const title = text(page.title, language);
        const body = text(first?.texte, language).replace(/<[^>]+>/g, '');
        // The subject's name aside: "{title}: that is this week's topic" is one sentence for all.
        const sentence = (body.split(/(?<=[.!?])\s/)[0] ?? '')
          .replace(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'), '')
          .trim();
        expect(sentence.length, page.URLfr).toBeGreaterThan(20);
        expect(openings.get(sentence), `${page.URLfr} opens like ${openings.get(sentence)}`).toBe(
          undefined,
        );
        openings.set(sentence, page.URLfr);
      }
    }
  });

  // A paragraph pasted into every chronique with only its last words changed ("… surtout pour
  // le derby") reads as a template too, so no sentence may come back either.
  it('writes no paragraph, nor any sentence of one, into two chroniques, in both languages', () => {
    const chroniques = content.pages.filter(({ page }) => page.type === 'chronique');
    for (const language of ['fr', 'en'] as const) {
      const seen = new Map<string, string>();
      let paragraphs = 0;
      for (const { page } of chroniques) {
        const bodies = nodesOf(json(page.main))
          .filter((node) => node.kind === 'texte')
          .map((node) => text(node.texte, language));
        const own = bodies.flatMap((body) =>
          [...body.matchAll(/<p>(.*?)<\/p>/gs)].map((match) =>
            (match[1] ?? '').replace(/<[^>]+>/g, '').trim(),
          ),
        );
        paragraphs += own.length;
        const sentences = own.flatMap((paragraph) => paragraph.split(/(?<=[.!?…])\s+/));
        for (const piece of new Set([...own, ...sentences])) {
          expect(
            seen.get(piece),
            `${page.URLfr} (${language}) repeats ${seen.get(piece)}: "${piece}"`,
          ).toBe(undefined);
          seen.set(piece, page.URLfr);
        }
      }
      expect(paragraphs, language).toBeGreaterThanOrEqual(2 * chroniques.length);
    }
  });
});
