import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EmbeddedServices } from '../../embedded/server';
import type { BlockData, Component, Page } from '../content/models';
import { list, lot, ticket, winner } from '../../testing/lots';
import { pageStateText } from '../../testing/page-state';
import { startStandIns, testConfig, testServer } from '../../testing/server';
import { TEST_LOGICAL_DATE } from '../../testing/today';
import { checkLotsAnswer } from './answer-format';
import { checkLoadResult } from './answers';
import { forHydration } from './hydration-state';
import {
  ANSWER_FORMAT,
  type LoadResult,
  type SiteState,
  type Snapshot,
  type Versioned,
  type View,
} from './state';
import { readState } from './wire';

const combine = { name: 'combine', image: { src: '/logos/combine.svg', alt: 'Combiné' } };
const soccer = { name: 'soccer', nomSport: 'Soccer', image: { src: '/logos/soccer.svg', alt: '' } };
const { sports: hockey } = lot('x');
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

describe('the hydration state (docs/decisions/0067-byte-tricks-measured.md)', () => {
  it('is written and read as one type: the snapshot', () => {
    // A field added to the model travels, and is read, with no code of the wire's to change.
    expectTypeOf(forHydration).returns.toEqualTypeOf<Snapshot>();
    expectTypeOf(readState).returns.toEqualTypeOf<Snapshot>();
    expectTypeOf(forHydration).parameter(0).toEqualTypeOf<Snapshot>();
  });

  it('refuses a text that is not a snapshot', () => {
    expect(() => readState('{"path":"/fr/accueil"}')).toThrow(/not a snapshot/);
    expect(() => readState('[]')).toThrow(/not a snapshot/);
  });
});

describe('every page type of the demo content, written then read back', () => {
  let embedded: EmbeddedServices;
  let app: FastifyInstance;

  beforeAll(async () => {
    embedded = await startStandIns(TEST_LOGICAL_DATE);
    app = await testServer(embedded.origin, {
      config: testConfig(embedded.origin, { LOGICAL_DATE: TEST_LOGICAL_DATE }),
    });
  });

  afterAll(async () => {
    await app.close();
    await embedded.close();
  });

  /** An answer's body without its format: the model it carries. */
  const model = <T extends object>(answer: Versioned<T>): T => {
    const { format, ...rest } = answer;
    expect(format).toBe(ANSWER_FORMAT);
    return rest as unknown as T;
  };

  for (const path of [
    '/fr/accueil',
    '/en/home',
    '/fr/demo/carrousel',
    '/fr/chroniques/bilan-hiver',
    '/fr/gagnants',
    '/fr/billets-gagnants',
    '/sports/fr',
    '/fr/plan-du-site',
    '/headless/err/503.html',
    '/fr/404.html',
  ]) {
    it(`${path}: the page's state is the models written by forHydration, read back whole`, async () => {
      const text = await pageStateText(app, (await app.inject({ url: path })).body);
      const sent = readState(text);
      // The reader changes nothing: what it gives is what was written.
      expect(JSON.stringify(sent).replace(/</g, '\\u003c')).toBe(text);
      // The models the page was drawn from, as the navigation's and the site's answers carry them.
      const answer = model(
        (await app.inject({ url: `/_data/view?path=${encodeURIComponent(path)}` })).json<
          Versioned<LoadResult>
        >(),
      );
      const site = model(
        (await app.inject({ url: `/_data/site?lang=${sent.locale}` })).json<Versioned<SiteState>>(),
      );
      if (answer.type !== 'view') throw new Error(`${path}: a view`);
      const snapshot: Snapshot = {
        ...sent,
        view: answer.state.view,
        site,
        // The head travels as its title only: the models' whole head is the answer's.
      };
      const written = forHydration(snapshot);
      expect(JSON.parse(JSON.stringify(written))).toEqual(JSON.parse(text));
      expect(readState(JSON.stringify(written))).toEqual(JSON.parse(JSON.stringify(written)));
      // Only the server reads the components' node names (docs/decisions/0053).
      expect(text).not.toMatch(/"name":"[^"]*","fields"|"fields":\{[^}]*\},"name"/);
    });
  }
});

describe('lots in the answers', () => {
  it('travel as the models in /_data/view', () => {
    const view = contentView({ playlists: {}, lots });
    const state = { path: '/fr/gagnants', locale: 'fr' as const, view };
    const answer = { format: ANSWER_FORMAT, type: 'view', status: 200, state };
    const checked = checkLoadResult(JSON.parse(JSON.stringify(answer)));
    expect(checked.ok && checked.value).toMatchObject(
      JSON.parse(JSON.stringify({ type: 'view', status: 200, state })) as object,
    );
    const packed = { ...answer, state: { ...state, view: { ...view, data: { lots: {} } } } };
    expect(checkLoadResult(packed)).toMatchObject({ ok: false, reason: 'shape' });
  });

  it('travel as a list in /_data/lots; a failed call is null, anything else is refused', () => {
    const answer = JSON.parse(JSON.stringify({ format: ANSWER_FORMAT, lots })) as unknown;
    expect(checkLotsAnswer(answer)).toEqual({
      ok: true,
      value: JSON.parse(JSON.stringify(lots)) as unknown,
    });
    expect(checkLotsAnswer({ format: ANSWER_FORMAT, lots: null })).toEqual({
      ok: true,
      value: null,
    });
    const packed = { produits: [], sports: [], lots: [] };
    expect(checkLotsAnswer({ format: ANSWER_FORMAT, lots: packed })).toMatchObject({
      ok: false,
      reason: 'shape',
    });
    expect(checkLotsAnswer({ format: ANSWER_FORMAT })).toMatchObject({
      ok: false,
      reason: 'shape',
    });
    expect(checkLotsAnswer({ format: ANSWER_FORMAT, lots: [...lots, { dateGain: 'x' }] })).toEqual({
      ok: false,
      reason: 'shape',
      detail: `lot ${lots.length} without a name`,
    });
    expect(checkLotsAnswer({ format: 3, lots })).toMatchObject({
      ok: false,
      reason: 'format',
    });
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
    title: `Chronique ${i}`,
    dateChronique: '2026-11-19T00:00:00.000-05:00',
    summary: '…',
    href: `/fr/chroniques/c${i}`,
    newWindow: false,
  }));
  const state = (components: Component[], preview = false, total?: number) =>
    hydratedData(
      {
        playlists: {},
        chronicles: cards,
        ...(total === undefined ? {} : { chroniclesTotal: total }),
      },
      components,
      preview,
    );

  it('are left out when the list is not in the first component, with how many there are', () => {
    expect(state([band, section([list])], false, 10)).toMatchObject({
      chronicles: [],
      chroniclesTotal: 10,
      chroniclesLater: true,
    });
    // All on the page: the total is their number.
    expect(state([band, list])).toMatchObject({ chronicles: [], chroniclesTotal: 2 });
  });

  it('stay when the list is in the first component, on a page without the list, and in a preview', () => {
    for (const data of [state([section([list]), band]), state([band]), state([band, list], true)]) {
      expect(data.chronicles).toHaveLength(2);
      expect(data.chroniclesLater).toBeUndefined();
    }
  });
});
