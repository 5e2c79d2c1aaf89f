import { describe, expect, it } from 'vitest';
import type { BlockData, Component, Page } from '../content/models';
import { list, lot, ticket, winner } from '../../testing/lots';
import { checkLotsAnswer } from './answer-format';
import { checkLoadResult } from './answers';
import { forHydration } from './hydration-state';
import { ANSWER_FORMAT, type SiteState, type Snapshot, type View } from './state';
import {
  compactFields,
  loadResultToWire,
  packLots,
  restoreFields,
  readState,
  shareOrigin,
  siteFromWire,
  siteToWire,
  snapshotFromWire,
  unpackLots,
  viewFromWire,
  viewToWire,
} from './wire';
import { TEST_LOGICAL_DATE } from '../../testing/today';

const combine = { name: 'combine', image: { src: '/logos/combine.svg', alt: 'Combiné' } };
const soccer = { name: 'soccer', nomSport: 'Soccer', image: { src: '/logos/soccer.svg', alt: '' } };
const { produit: selection, sports: hockey } = lot('x');
const lots = [
  lot('lot-1', { billet: ticket() }),
  lot('lot-2', { gagnant: winner(), sports: [] }),
  lot('lot-3', { produit: combine, sports: [...hockey, soccer] }),
  lot('lot-4', { produit: undefined }),
];

function contentView(data: BlockData): View {
  const page = { components: [], meta: {} } as unknown as Page;
  return { kind: 'content', page, alternate: '/en/home', data };
}

const band = { kind: 'entete', id: 'e', name: 'e', fields: { window: {} } } as unknown as Component;
const section = (children: Component[]) =>
  ({ kind: 'section', id: 's', name: 's', fields: { window: {} }, children }) as Component;

/** The block data of a page of `components`, as the browser reads it from the hydration state. */
function hydratedData(data: BlockData, components: Component[], preview = false): BlockData {
  const plain = contentView(data);
  if (plain.kind !== 'content') throw new Error('a content view');
  const snapshot = {
    path: '/fr/accueil',
    locale: 'fr',
    view: { ...plain, page: { ...plain.page, components } },
    logicalDate: TEST_LOGICAL_DATE,
    config: { timeZone: 'America/Toronto' },
    site: { locale: 'fr', status: 'error' },
    ...(preview ? { preview: { logicalDate: TEST_LOGICAL_DATE } } : {}),
  } as unknown as Snapshot;
  const read = readState(JSON.stringify(forHydration(snapshot)));
  if (read.view.kind !== 'content') throw new Error('a content view');
  return read.view.data;
}

describe('lots on the wire', () => {
  it('write each product and sport once, and come back as they were', () => {
    const packed = packLots(lots);
    expect(packed.produits).toEqual([selection, combine]);
    expect(packed.sports.map((sport) => sport.name)).toEqual(['hockey', 'soccer']);
    expect(packed.lots.map((l) => [l.produit, l.sports])).toEqual([
      [0, [0]],
      [0, []],
      [1, [0, 1]],
      [undefined, [0]],
    ]);
    expect(unpackLots(JSON.parse(JSON.stringify(packed)) as typeof packed)).toEqual(lots);
  });

  it('are smaller than the lots they stand for', () => {
    const many = Array.from({ length: 24 }, (_, i) => lot(`lot-${i}`, { billet: ticket() }));
    expect(JSON.stringify(packLots(many)).length).toBeLessThan(JSON.stringify(many).length * 0.8);
  });

  it('leave out an index that names nothing', () => {
    const [first] = unpackLots({
      produits: [],
      sports: [soccer],
      lots: [{ name: 'a', produit: 3, sports: [0, 7] }],
    });
    expect(first).toEqual({ name: 'a', sports: [soccer] });
  });

  it('keep a failed call (null) and views without lots as they are', () => {
    const failed = contentView({ playlists: {}, lots: null });
    expect(viewFromWire(viewToWire(failed))).toEqual(failed);
    const sports: View = { kind: 'sports' };
    expect(viewToWire(sports)).toBe(sports);
  });

  it('travel packed in the hydration state, and unpack to the snapshot the server rendered', () => {
    const snapshot = {
      path: '/fr/gagnants',
      locale: 'fr',
      view: contentView({ playlists: {}, lots }),
      logicalDate: TEST_LOGICAL_DATE,
      config: { timeZone: 'America/Toronto' },
      site: { locale: 'fr', status: 'error' },
    } as unknown as Snapshot;
    const wire = JSON.parse(JSON.stringify(forHydration(snapshot))) as ReturnType<
      typeof forHydration
    >;
    expect(wire.view.kind === 'content' && wire.view.data.lots).toMatchObject({
      produits: [selection, combine],
    });
    expect(snapshotFromWire(wire).view).toEqual(snapshot.view);
  });

  it('travel packed in /_data/view, which the browser unpacks, and refuses unpacked lots', () => {
    const view = contentView({ playlists: {}, lots });
    const state = { path: '/fr/gagnants', locale: 'fr' as const, view };
    const answer = {
      format: ANSWER_FORMAT,
      ...loadResultToWire({ type: 'view', status: 200, state }),
    };
    const checked = checkLoadResult(JSON.parse(JSON.stringify(answer)));
    // As the wire has them: an undefined field is no field.
    expect(checked.ok && checked.value).toMatchObject(
      JSON.parse(JSON.stringify({ type: 'view', status: 200, state })) as object,
    );
    const unpacked = { format: ANSWER_FORMAT, type: 'view', status: 200, state };
    expect(checkLoadResult(unpacked)).toMatchObject({ ok: false, reason: 'shape' });
  });

  it('travel packed in /_data/lots; a failed call is null, anything else is refused', () => {
    const answer = JSON.parse(
      JSON.stringify({ format: ANSWER_FORMAT, lots: packLots(lots) }),
    ) as unknown;
    expect(checkLotsAnswer(answer)).toEqual({
      ok: true,
      value: JSON.parse(JSON.stringify(lots)) as unknown,
    });
    expect(checkLotsAnswer({ format: ANSWER_FORMAT, lots: null })).toEqual({
      ok: true,
      value: null,
    });
    expect(checkLotsAnswer({ format: ANSWER_FORMAT, lots })).toMatchObject({
      ok: false,
      reason: 'shape',
    });
    expect(checkLotsAnswer({ format: ANSWER_FORMAT })).toMatchObject({
      ok: false,
      reason: 'shape',
    });
    expect(checkLotsAnswer({ format: 1, lots: null })).toMatchObject({
      ok: false,
      reason: 'format',
    });
  });
});

describe('generic fields on the wire', () => {
  const fields = (over: object = {}) => ({
    fluid: false,
    displayCover: false,
    nouvelleFenetre: false,
    window: {},
    ...over,
  });
  const components = [
    {
      kind: 'section',
      id: 's',
      name: 's',
      fields: fields({ title: 'Promotions', fluid: true }),
      children: [
        {
          kind: 'carrousel',
          id: 'c',
          name: 'c',
          // As the content client reads it: edges there, undefined.
          fields: fields({ window: { start: undefined, end: undefined } }),
          slides: [
            { id: 'sl', fields: fields({ window: { start: '2026-11-11T00:00:00-05:00' } }) },
          ],
        },
      ],
    },
  ];

  const [section] = components;
  const unnamed = section
    ? [
        {
          kind: section.kind,
          id: section.id,
          fields: section.fields,
          children: section.children.map((child) =>
            Object.fromEntries(Object.entries(child).filter(([key]) => key !== 'name')),
          ),
        },
      ]
    : [];

  it('leaves out the defaults, keeps what differs, and puts the defaults back', () => {
    const compact = compactFields(components);
    const json = JSON.stringify(compact);
    expect(json).not.toContain('"displayCover"');
    expect(json).not.toContain('"window":{}');
    expect(json).not.toContain('"nouvelleFenetre"');
    expect(json).toContain('"fluid":true');
    expect(json).toContain('"window":{"start"');
    // Component names stay on the server (docs/decisions/0053); the rest reads back whole.
    expect(json).not.toContain('"name"');
    expect(restoreFields(JSON.parse(json))).toEqual(unnamed);
  });

  it('travels so in the state and in /_data/view, and the browser reads it back whole', () => {
    const plain = contentView({ playlists: {} });
    if (plain.kind !== 'content') throw new Error('a content view');
    const view: View = {
      ...plain,
      page: { ...plain.page, components: components as unknown as Component[] },
    };
    const wire = JSON.parse(JSON.stringify(viewToWire(view))) as ReturnType<typeof viewToWire>;
    expect(JSON.stringify(wire)).not.toContain('"displayCover"');
    expect(viewFromWire(wire)).toEqual({
      ...view,
      page: { ...view.page, components: unnamed as unknown as Component[] },
    });
  });
});

describe('the site node on the wire', () => {
  const later = { end: '2026-12-01T00:00:00-05:00' };
  const link = (titre: string, over: object = {}) => ({
    id: titre,
    titre,
    lien: `/fr/${titre}`,
    nouvelleFenetre: false,
    window: {},
    ...over,
  });
  const state: SiteState = {
    locale: 'fr',
    status: 'ok',
    site: {
      header: {
        menu: [
          {
            ...link('parier'),
            links: [
              // As the content client reads it: edges there, undefined.
              link('sports', { window: { start: undefined, end: undefined } }),
              link('ailleurs', { nouvelleFenetre: true }),
            ],
          },
        ],
        messages: [
          { id: 'm1', texte: '<p>Avis</p>', window: {} },
          { id: 'm2', texte: '<p>Bientôt fini</p>', window: later },
        ],
      },
      footer: {
        menu: [
          { id: 'c', entete: 'Aide', links: [link('aide'), link('sondage', { window: later })] },
        ],
        socialLogos: [],
        corporateLogos: [],
        partners: [],
        pub: [],
        nePasAfficherZonePub: false,
      },
    },
  };

  it('leaves out the links’ and messages’ defaults, keeps what differs, and reads back whole', () => {
    const json = JSON.stringify(siteToWire(state));
    expect(json).not.toContain('"nouvelleFenetre":false');
    expect(json).not.toContain('"window":{}');
    expect(json).toContain('"nouvelleFenetre":true');
    expect(json.match(/"window":\{"end"/g)).toHaveLength(2);
    expect(siteFromWire(JSON.parse(json) as ReturnType<typeof siteToWire>)).toEqual(state);
    expect(siteToWire({ locale: 'en', status: 'error' })).toEqual({
      locale: 'en',
      status: 'error',
    });
  });

  it('travels so in the hydration state, with only the title of the page’s head', () => {
    const plain = contentView({ playlists: {} });
    if (plain.kind !== 'content') throw new Error('a content view');
    const meta = { title: 'Nos gagnants', description: 'Les témoignages de nos gagnants.' };
    const snapshot = {
      path: '/fr/gagnants',
      locale: 'fr',
      view: { ...plain, page: { ...plain.page, meta } },
      logicalDate: TEST_LOGICAL_DATE,
      config: { timeZone: 'America/Toronto' },
      site: state,
    } as unknown as Snapshot;
    const json = JSON.stringify(forHydration(snapshot));
    expect(json).not.toContain('"window":{}');
    expect(json).not.toContain('témoignages');
    const read = snapshotFromWire(JSON.parse(json) as ReturnType<typeof forHydration>);
    expect(read.view.kind === 'content' && read.view.page.meta).toEqual({ title: 'Nos gagnants' });
    // The footer's menu has a link that still closes: it travels (docs/decisions/0042).
    expect(read.site).toEqual(state);
  });
});

describe('lots in the hydration state (docs/decisions/0044)', () => {
  const pageLots = [lot('t1', { billet: ticket() }), lot('w1', { gagnant: winner() })];
  const state = (components: Component[], preview = false) =>
    hydratedData({ playlists: {}, lots: pageLots }, components, preview);

  it('are left out when no list is in the first component, with each list’s total', () => {
    const data = state([band, section([list('liste-billets'), list('liste-gagnants')])]);
    expect(data).toMatchObject({ lots: [], lotsLater: true, lotTotals: { billet: 1, gagnant: 1 } });
  });

  it('stay when a list is in the first component, on a page without lists, and in a preview', () => {
    for (const data of [
      state([section([list('liste-gagnants')]), band]),
      state([band]),
      state([band, section([list('liste-gagnants')])], true),
    ]) {
      expect(data.lots).toHaveLength(2);
      expect(data.lotsLater).toBeUndefined();
    }
  });
});

describe('chronique cards in the hydration state (docs/decisions/0051)', () => {
  const list = {
    kind: 'liste-chroniques',
    id: 'c',
    name: 'c',
    fields: { window: {} },
  } as unknown as Component;
  const cards = [1, 2].map((i) => ({
    id: `c${i}`,
    titre: `Chronique ${i}`,
    dateChronique: '2026-11-19T00:00:00.000-05:00',
    summary: '…',
    href: `/fr/chroniques/c${i}`,
    newWindow: false,
  }));
  const state = (components: Component[], preview = false, total?: number) =>
    hydratedData(
      {
        playlists: {},
        chroniques: cards,
        ...(total === undefined ? {} : { chroniquesTotal: total }),
      },
      components,
      preview,
    );

  it('are left out when the list is not in the first component, with how many there are', () => {
    expect(state([band, section([list])], false, 10)).toMatchObject({
      chroniques: [],
      chroniquesTotal: 10,
      chroniquesLater: true,
    });
    // All on the page: the total is their number.
    expect(state([band, list])).toMatchObject({ chroniques: [], chroniquesTotal: 2 });
  });

  it('stay when the list is in the first component, on a page without the list, and in a preview', () => {
    for (const data of [state([section([list]), band]), state([band]), state([band, list], true)]) {
      expect(data.chroniques).toHaveLength(2);
      expect(data.chroniquesLater).toBeUndefined();
    }
  });
});

describe('the media origin in the hydration state (docs/decisions/0052)', () => {
  const media = 'https://media.example.ca';
  const img = (path: string, alt = '') => ({ src: `${media}${path}`, alt });
  const data: BlockData = {
    playlists: {},
    decorTiles: [1, 2, 3, 4].map((i) => ({ id: `t${i}`, image: img(`/dam/jcr:${i}/image`) })),
    chroniques: [
      {
        id: 'c',
        // A text that starts with the mark itself, with the mark and a slash, with the origin
        // alone, and an address elsewhere: all come back as they were.
        titre: '~ tilde',
        nomChroniqueur: '~/not-an-address',
        summary: media,
        dateChronique: '2026-11-19T00:00:00.000-05:00',
        href: 'https://ailleurs.example/fr/chronique',
        image: img('/dam/jcr:5/image'),
        newWindow: false,
      },
    ],
  };
  const snapshot = (blockData: BlockData) =>
    ({
      path: '/fr/accueil',
      locale: 'fr',
      view: contentView(blockData),
      logicalDate: TEST_LOGICAL_DATE,
      config: { timeZone: 'America/Toronto', bettingWidgetUrl: `${media}/widget.js` },
      site: { locale: 'fr', status: 'error' },
    }) as unknown as Snapshot;

  it('is written once, each address as ~/path, and every string reads back as it was', () => {
    const json = JSON.stringify(forHydration(snapshot(data)));
    const plain = JSON.stringify({ ...snapshot(data), view: viewToWire(snapshot(data).view) });
    // Once as the shared origin, once in the configuration (left as it is), once alone as a
    // summary (not an address): nowhere else.
    expect(json.split(media)).toHaveLength(4);
    expect(json).toContain('"src":"~/dam/jcr:1/image"');
    expect(json.length).toBeLessThan(plain.length);
    const read = readState(json);
    expect(read.view).toEqual(snapshot(data).view);
    expect(read.config).toEqual(snapshot(data).config);
    expect(read).not.toHaveProperty('sharedOrigin');
  });

  it('is not shared when that would save nothing, and strings then travel untouched', () => {
    const one: BlockData = { playlists: {}, decorTiles: [{ id: 't', image: img('/x.svg') }] };
    const wire = forHydration(snapshot({ ...one, chroniques: data.chroniques?.slice(0, 0) }));
    expect(wire.sharedOrigin).toBeUndefined();
    expect(JSON.stringify(wire)).toContain(`"src":"${media}/x.svg"`);
    const tilde = shareOrigin(forHydration(snapshot({ playlists: { '~': null } })));
    expect(tilde.sharedOrigin).toBeUndefined();
    expect(readState(JSON.stringify(tilde)).view).toEqual(
      contentView({ playlists: { '~': null } }),
    );
  });
});
