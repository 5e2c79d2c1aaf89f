import { describe, expect, it } from 'vitest';
import type { FetchResult } from './http';
import type { Page } from './models';
import { planPurge } from './purge';

const REST = 'http://cms.test/.rest/pari-boreal';
const page = (path: string, URLfr: string, URLen: string): Page => ({
  id: path,
  path,
  type: 'standard',
  URLfr,
  URLen,
  meta: { title: URLfr },
  window: {},
  nePasAfficherZonePub: false,
  components: [],
});
const home = page('/pari-boreal/accueil', 'accueil', 'home');
const promotions = page('/pari-boreal/promotions', 'promotions', 'promotions');
const column = page('/pari-boreal/chroniques/derby', 'chroniques/derby', 'columns/derby');
const ok = (data: unknown): FetchResult<unknown> => ({ ok: true, data });

const held: [string, FetchResult<unknown>][] = [
  [`${REST}/listerTout/pari-boreal?lang=fr`, ok({ header: {}, footer: {} })],
  [`${REST}/listerPages?URLfr=accueil&lang=fr`, ok([home])],
  [`${REST}/listerPages?URLen=home&lang=en`, ok([home])],
  [`${REST}/listerPages?URLfr=promotions&lang=fr`, ok([promotions])],
  [`${REST}/listerPages?URLfr=nouvelle&lang=fr`, ok([])],
  [`${REST}/listerPages?lang=fr&limit=100&offset=0`, ok([home, promotions, column])],
  [`${REST}/listerChroniques?orderBy=dateChronique%20desc&lang=fr`, ok([column])],
  [`${REST}/listerLots?lang=fr`, ok([])],
];

describe('what a publication drops from the content cache', () => {
  it('a node of a page held: that page in both languages, the listings holding it, and pages not found', () => {
    const plan = planPurge(
      held,
      { nodes: ['/pari-boreal/accueil/main/entete-0'], pages: [] },
      '/pari-boreal',
    );
    expect(plan.all).toBe(false);
    if (plan.all) return;
    expect([...plan.keys].sort()).toEqual(
      [
        `${REST}/listerPages?URLfr=accueil&lang=fr`,
        `${REST}/listerPages?URLen=home&lang=en`,
        `${REST}/listerPages?URLfr=nouvelle&lang=fr`,
        `${REST}/listerPages?lang=fr&limit=100&offset=0`,
      ].sort(),
    );
    expect(plan.pages).toEqual([home]);
  });

  it('the deepest page above the node, and the chroniques listing for a chronique', () => {
    const plan = planPurge(
      [
        ...held,
        [
          `${REST}/listerPages?URLfr=chroniques&lang=fr`,
          ok([page('/pari-boreal/chroniques', 'chroniques', 'columns')]),
        ],
      ],
      { nodes: ['/pari-boreal/chroniques/derby'], pages: [] },
      '/pari-boreal',
    );
    if (plan.all) throw new Error(plan.reason);
    expect(plan.pages).toEqual([column]);
    expect(plan.keys).toContain(`${REST}/listerChroniques?orderBy=dateChronique%20desc&lang=fr`);
    expect(plan.keys).not.toContain(`${REST}/listerPages?URLfr=chroniques&lang=fr`);
  });

  it('a page URL: that page, found in either language', () => {
    const plan = planPurge(
      held,
      { nodes: [], pages: [{ lang: 'en', path: 'home' }] },
      '/pari-boreal',
    );
    if (plan.all) throw new Error(plan.reason);
    expect(plan.pages).toEqual([home]);
    expect(plan.keys).toContain(`${REST}/listerPages?URLfr=accueil&lang=fr`);
    expect(plan.keys).not.toContain(`${REST}/listerPages?URLfr=promotions&lang=fr`);
  });

  it('everything for the site node, its header or footer, lots, tiles, or a page not held here', () => {
    for (const node of [
      '/pari-boreal',
      '/pari-boreal/header/menu/0',
      // A lot, its ticket and a tile: at the root of their own workspaces.
      '/lot-2026-011',
      '/lot-2026-011/billet',
      '/decoration/tuile-1',
      '/pari-boreal/nouvelle-page',
    ]) {
      const plan = planPurge(held, { nodes: [node], pages: [] }, '/pari-boreal');
      expect(plan).toEqual({ all: true, reason: `node ${node} is not within a page held here` });
    }
  });

  it('never takes the site root for a page, even when it is listed as one', () => {
    const root = page('/pari-boreal', 'accueil', 'home');
    const plan = planPurge(
      [[`${REST}/listerPages?URLfr=accueil&lang=fr`, ok([root])]],
      { nodes: ['/pari-boreal/footer'], pages: [] },
      '/pari-boreal',
    );
    expect(plan.all).toBe(true);
  });
});
