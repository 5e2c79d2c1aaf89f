/**
 * One schema per component kind (issue 13 item 1, docs/content-contract.md "Components"): each
 * kind read from a Magnolia-shaped node, Magnolia's habits handled (string booleans and numbers,
 * `@nodes` order, missing areas, `{"@path"}` images, unknown fields), and what is left out said
 * in a diagnostic with its path, kind, field, rule and value.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Component, ComponentKind, ComponentOf, ContentKind } from '../models';
import { MAX_AREA_DEPTH, readArea, readComponent } from './components';
import { areaOf, component, MEDIA, node, parse, useSanitizer } from '../../../testing/nodes';

beforeAll(useSanitizer);

const P = '/pari-boreal/accueil/main';

/** One component read: its model (or null) and its diagnostics. */
const read = (raw: ReturnType<typeof component>, options = {}) =>
  parse(() => readComponent(raw), options);

function as<K extends ComponentKind>(value: Component | null, kind: K): ComponentOf<K> {
  expect(value?.kind).toBe(kind);
  return value as ComponentOf<K>;
}

describe('a row’s columns come from its layout', () => {
  const R = `${P}/rangee`;
  const columns = (widths: string | undefined, ...areas: [string, number][]) =>
    component(
      R,
      'rangee',
      widths === undefined ? {} : { disposition: widths },
      Object.fromEntries(
        areas.map(([name, cards]) => [
          name,
          areaOf(
            `${R}/${name}`,
            ...Array.from({ length: cards }, (_, i) => component(`${R}/${name}/c${i}`, 'carte')),
          ),
        ]),
      ),
    );
  const names = (row: ComponentOf<'rangee'>) => row.columns.map((c) => c.map((x) => x.name));

  it('reads as many columns as widths, whatever areas Magnolia created', () => {
    const raw = columns(
      '6 6',
      ['colonne0', 1],
      ['colonne1', 1],
      ...[2, 3, 4, 5].map((k): [string, number] => [`colonne${k}`, 0]),
    );
    const { value, diagnostics } = read(raw);
    const row = as(value, 'rangee');
    expect(row.widths).toEqual([6, 6]);
    expect(names(row)).toEqual([['c0'], ['c0']]);
    expect(diagnostics).toEqual([]);
  });

  it('reads a column missing within the layout as empty, in its place', () => {
    const row = as(read(columns('4 4 4', ['colonne2', 1])).value, 'rangee');
    expect(row.widths).toEqual([4, 4, 4]);
    expect(names(row)).toEqual([[], [], ['c0']]);
  });

  it('leaves out a column beyond the layout, and says so when it holds something', () => {
    const { value, diagnostics } = read(
      columns('8 4', ['colonne0', 1], ['colonne2', 2], ['colonne3', 0]),
    );
    expect(names(as(value, 'rangee'))).toEqual([['c0'], []]);
    expect(diagnostics).toEqual([
      {
        path: `${R}/colonne2`,
        kind: 'rangee',
        field: 'disposition',
        rule: 'beyond-layout',
        effect: 'skipped',
        excerpt: '"8 4"',
        detail: "column beyond the row's 2 column(s)",
      },
    ]);
  });

  it('without readable widths, splits evenly up to the last column that holds something', () => {
    const row = as(
      read(columns(undefined, ['colonne0', 1], ['colonne1', 0], ['colonne2', 1], ['colonne3', 0]))
        .value,
      'rangee',
    );
    expect(row.widths).toEqual([4, 4, 4]);
    expect(names(row)).toEqual([['c0'], [], ['c0']]);
    const { value, diagnostics } = read(columns('large', ['colonne0', 1]));
    expect(as(value, 'rangee').widths).toEqual([12]);
    expect(diagnostics).toMatchObject([
      { field: 'disposition', rule: 'format', effect: 'ignored' },
    ]);
  });
});

describe('every kind reads from its node', () => {
  // The least each kind needs; a table so that a kind added without a schema shows here.
  const minimal: Record<ContentKind, Record<string, unknown>> = {
    entete: {},
    section: {},
    rangee: {},
    'contenant-onglets': {},
    accordeon: { titre: 'Questions' },
    texte: { texte: '<p>Bonjour</p>' },
    message: { texte: '<p>Avis</p>' },
    image: { imageId: 'jcr:1234' },
    video: { videoId: 'dQw4w9WgXcQ' },
    carte: {},
    carrousel: {},
    galerie: {},
    offres: {},
    promotions: { typePromotions: 'enCours' },
    'liste-billets': {},
    'liste-gagnants': {},
    'liste-chroniques': {},
    'liste-videos': { playlistId: 'PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG' },
    balado: { podcastId: '123456' },
  };
  for (const [kind, fields] of Object.entries(minimal)) {
    it(kind, () => {
      const { value, diagnostics } = read(component(`${P}/${kind}-1`, kind, fields));
      expect(diagnostics).toEqual([]);
      expect(value).toMatchObject({ kind, id: `id-${kind}-1`, name: `${kind}-1` });
    });
  }

  it('carries a node UUID short (domain/ids.ts), from `@id` else `jcr:uuid`', () => {
    const uuid = '9bfd6493-db47-511f-8f9b-3fbf4f6b79e7';
    const byId = { ...component(`${P}/carte-1`, 'carte'), '@id': uuid };
    expect(read(byId).value?.id).toBe('9bfd6493db47');
    const byUuid = { ...component(`${P}/carte-2`, 'carte'), '@id': undefined, 'jcr:uuid': uuid };
    expect(read(byUuid).value?.id).toBe('9bfd6493db47');
  });

  it('takes the kind from typeComposante when there is no template', () => {
    const raw = { ...node(`${P}/vieux`, { typeComposante: 'carte' }) };
    expect(read(raw).value?.kind).toBe('carte');
  });
});

describe("Magnolia's habits", () => {
  it('reads booleans and numbers sent as strings, in any case and with spaces', () => {
    const { value, diagnostics } = read(
      component(`${P}/carrousel`, 'carrousel', {
        fluid: 'true',
        displayCover: ' FALSE ',
        arrows: true,
        autoplayTimeout: '5000',
      }),
    );
    expect(diagnostics).toEqual([]);
    const carrousel = as(value, 'carrousel');
    expect(carrousel.fields.fluid).toBe(true);
    expect(carrousel.fields.displayCover).toBe(false);
    expect(carrousel.arrows).toBe(true);
    expect(carrousel.autoplayTimeout).toBe(5000);
  });

  it('orders children as @nodes says, not as the keys come', () => {
    const raw = component(
      `${P}/section`,
      'section',
      {},
      {
        composantes: areaOf(
          `${P}/section/composantes`,
          component(`${P}/section/composantes/b`, 'carte'),
          component(`${P}/section/composantes/a`, 'carte'),
        ),
      },
    );
    expect(Object.keys(raw.composantes as object).indexOf('a')).toBeGreaterThan(-1);
    const section = as(read(raw).value, 'section');
    expect(section.children.map((c) => c.name)).toEqual(['b', 'a']);
  });

  it('reads a missing area as empty, without a diagnostic', () => {
    const section = read(component(`${P}/section`, 'section'));
    expect(section.diagnostics).toEqual([]);
    expect(as(section.value, 'section').children).toEqual([]);
    const tabs = read(component(`${P}/onglets`, 'contenant-onglets'));
    expect(as(tabs.value, 'contenant-onglets').tabs).toEqual([]);
    expect(as(read(component(`${P}/rangee`, 'rangee')).value, 'rangee').columns).toEqual([]);
  });

  it('reads an image by its media id first, else by its {"@path"}', () => {
    const byPath = read(
      component(`${P}/image`, 'image', {
        image: { '@path': '/pari-boreal/images/but.jpg', '@name': 'but.jpg' },
        alternateText: 'Un but',
      }),
    );
    expect(as(byPath.value, 'image').image).toEqual({
      src: `${MEDIA}/pari-boreal/images/but.jpg`,
      alt: 'Un but',
    });
    const both = read(
      component(`${P}/image`, 'image', { imageId: 'jcr:9', image: { '@path': '/x.jpg' } }),
    );
    expect(as(both.value, 'image').image.src).toBe(`${MEDIA}/dam/jcr:9/image`);
  });

  it('passes over fields it does not know, silently', () => {
    const { value, diagnostics } = read(
      component(`${P}/carte`, 'carte', {
        'mgnl:lastModified': '2026-11-20T10:00:00.000Z',
        champFutur: { '@name': 'champFutur', profond: [1, 2] },
        title: 'Parier',
      }),
    );
    expect(diagnostics).toEqual([]);
    expect(as(value, 'carte').fields.title).toBe('Parier');
  });
});

describe('what cannot be used is said', () => {
  it('a wrong optional field is ignored, the component kept', () => {
    const { value, diagnostics } = read(
      component(`${P}/carte`, 'carte', { nouvelleFenetre: 'peut-être', title: { fr: 'x' } }),
    );
    expect(as(value, 'carte').fields.nouvelleFenetre).toBe(false);
    expect(as(value, 'carte').fields.title).toBeUndefined();
    expect(diagnostics).toEqual([
      {
        path: `${P}/carte`,
        kind: 'carte',
        field: 'title',
        rule: 'type',
        effect: 'ignored',
        excerpt: '{"fr":"x"}',
        detail: 'not text',
      },
      {
        path: `${P}/carte`,
        kind: 'carte',
        field: 'nouvelleFenetre',
        rule: 'type',
        effect: 'ignored',
        excerpt: '"peut-être"',
        detail: 'not true or false',
      },
    ]);
  });

  it('a required field of the wrong type skips the component, both said', () => {
    const { value, diagnostics } = read(component(`${P}/texte`, 'texte', { texte: ['<p>'] }));
    expect(value).toBeNull();
    expect(diagnostics.map((d) => [d.field, d.rule, d.effect])).toEqual([
      ['texte', 'type', 'ignored'],
      ['texte', 'required', 'skipped'],
    ]);
    expect(diagnostics[1]).toMatchObject({ path: `${P}/texte`, kind: 'texte' });
  });

  it('an image without a source is skipped', () => {
    const { value, diagnostics } = read(component(`${P}/image`, 'image', { alternateText: 'x' }));
    expect(value).toBeNull();
    expect(diagnostics).toEqual([
      expect.objectContaining({ kind: 'image', field: 'image', rule: 'required' }),
    ]);
  });

  it('a player id not in its form skips the player, with the value', () => {
    const { value, diagnostics } = read(
      component(`${P}/video`, 'video', { videoId: 'javascript:alert(1)' }),
    );
    expect(value).toBeNull();
    expect(diagnostics).toEqual([
      expect.objectContaining({
        kind: 'video',
        field: 'videoId',
        rule: 'format',
        effect: 'skipped',
        excerpt: '"javascript:alert(1)"',
      }),
    ]);
  });

  it('a promotion list reads "terminée" with or without its accent, and refuses another type', () => {
    const ended = read(component(`${P}/p`, 'promotions', { typePromotions: 'terminée' }));
    expect(as(ended.value, 'promotions').typePromotions).toBe('terminee');
    const other = read(component(`${P}/p`, 'promotions', { typePromotions: 'futures' }));
    expect(other.value).toBeNull();
    expect(other.diagnostics[0]).toMatchObject({ field: 'typePromotions', rule: 'format' });
  });

  it('an anchor that is not a safe id is ignored, the accordion kept', () => {
    const { value, diagnostics } = read(
      component(`${P}/faq`, 'accordeon', { titre: 'FAQ', ancre: 'app-root' }),
    );
    expect(as(value, 'accordeon').ancre).toBeUndefined();
    expect(diagnostics[0]).toMatchObject({ field: 'ancre', rule: 'format', effect: 'ignored' });
  });

  it('unknown kinds and nodes without a kind are skipped by name', () => {
    const { value, diagnostics } = parse(() =>
      readArea(
        areaOf(
          P,
          component(`${P}/futur`, 'composante-future'),
          node(`${P}/sans-gabarit`, { title: 'x' }),
          component(`${P}/carte`, 'carte'),
        ),
      ),
    );
    expect(value.map((c) => c.kind)).toEqual(['carte']);
    expect(diagnostics).toEqual([
      { path: `${P}/futur`, kind: 'composante-future', rule: 'unknown-kind', effect: 'skipped' },
      { path: `${P}/sans-gabarit`, rule: 'no-kind', effect: 'skipped' },
    ]);
  });

  it('a slide, card or gallery image that cannot be used is skipped alone', () => {
    const { value, diagnostics } = read(
      component(
        `${P}/galerie`,
        'galerie',
        {},
        {
          images: areaOf(
            `${P}/galerie/images`,
            node(`${P}/galerie/images/sans-image`, { alternateText: 'x' }),
            node(`${P}/galerie/images/bonne`, { imageId: 'jcr:1' }),
          ),
        },
      ),
    );
    expect(as(value, 'galerie').images.map((i) => i.id)).toEqual(['id-bonne']);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        path: `${P}/galerie/images/sans-image`,
        kind: 'galerie',
        field: 'image',
        rule: 'required',
        effect: 'skipped',
      }),
    ]);
  });

  it('rich text over the limit is not sanitised: ignored, its size said, not its text', () => {
    const { value, diagnostics } = read(
      component(`${P}/carte`, 'carte', { texte: `<p>${'é'.repeat(600)}</p>` }),
      { richTextMaxBytes: 1000 },
    );
    expect(as(value, 'carte').fields.texte).toBeUndefined();
    expect(diagnostics).toEqual([
      expect.objectContaining({ field: 'texte', rule: 'too-long', excerpt: undefined }),
    ]);
    expect(diagnostics[0]?.detail).toMatch(/over the limit of 1000 bytes/);
  });

  it('rich text is sanitised on the way in', () => {
    const { value } = read(
      component(`${P}/texte`, 'texte', {
        texte: '<p onclick="x()">Bonjour<script>x()</script></p>',
      }),
    );
    expect(as(value, 'texte').fields.texte).toBe('<p>Bonjour</p>');
  });

  it('areas nested past the bound are cut, with one diagnostic', () => {
    let inner = component(`${P}/fond`, 'carte');
    for (let depth = MAX_AREA_DEPTH + 2; depth > 0; depth -= 1) {
      inner = component(
        `${P}/s${depth}`,
        'section',
        {},
        {
          composantes: areaOf(`${P}/s${depth}/composantes`, inner),
        },
      );
    }
    const { value, diagnostics } = read(inner);
    expect(value?.kind).toBe('section');
    expect(diagnostics).toEqual([expect.objectContaining({ rule: 'too-deep', effect: 'skipped' })]);
  });
});
