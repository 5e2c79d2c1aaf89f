// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lot, Page } from '../content/models';
import { startCdnStandIn, type CdnStandIn } from '../../testing/cdn';
import {
  cdnPurgeDelayMs,
  planCdnPurge,
  purgeCalls,
  resolvePlan,
  sendPurge,
  type CdnPlan,
  type HeldContent,
} from './cdn-purge';
import { listTag, lotTag, nodeTag, pageTag } from './cdn-tags';
import type { CdnPurge } from './config';

const SITE = '/pari-boreal';

const page = (path: string, URLfr: string, URLen: string, type = 'standard') =>
  ({ path, URLfr, URLen, type }) as Page;
const lot = (name: string, dateGain: string, billetStart?: string) =>
  ({
    name,
    dateGain,
    billet: billetStart === undefined ? undefined : { window: { start: billetStart } },
    gagnant: { window: {} },
  }) as unknown as Lot;

const held: HeldContent = {
  pages: [
    page(`${SITE}/accueil`, 'accueil', 'home'),
    page(`${SITE}/chroniques/une`, 'chroniques/une', 'columns/one', 'chronique'),
  ],
  lots: {
    fr: new Map([['lot-1', lot('lot-1', '2026-11-20T12:00:00Z', '2026-11-20T12:00:00Z')]]),
    en: new Map([['lot-1', lot('lot-1', '2026-11-20T12:00:00Z', '2026-11-20T12:00:00Z')]]),
  },
};

const plan = (nodes: string[], pages: { lang: 'fr' | 'en'; path: string }[] = []) =>
  planCdnPurge({ change: { nodes, pages } }, held, SITE) as Exclude<CdnPlan, { all: string }>;
const sorted = (tags: Iterable<string>) => [...tags].sort();

describe("a publication's tags", () => {
  it('are everything when the hook purges everything', () => {
    expect(planCdnPurge({ all: 'no body' }, held, SITE)).toEqual({ all: 'no body' });
  });

  it("of the site node, its header or footer: every page's site tag", () => {
    for (const node of [SITE, `${SITE}/header/menu/0`, `${SITE}/footer`])
      expect(sorted(plan([node]).tags)).toEqual(['overflow', 'site:en', 'site:fr']);
  });

  it("of a page held here: its node, both its URLs, the listings; a chronique's lists too", () => {
    expect(sorted(plan([`${SITE}/accueil/main/0`]).tags)).toEqual(
      sorted([
        'overflow',
        nodeTag(`${SITE}/accueil`),
        pageTag('/fr/accueil'),
        pageTag('/en/home'),
        'pages',
      ]),
    );
    expect(plan([`${SITE}/chroniques/une`]).tags).toContain('list:chroniques:en');
    // Named by its URL, the same.
    expect(sorted(plan([], [{ lang: 'en', path: 'home' }]).tags)).toEqual(
      sorted(plan([`${SITE}/accueil`]).tags),
    );
  });

  it('of a page not held: every node above the one named, and the lists it may join', () => {
    const tags = plan([`${SITE}/nouvelle/main/0`]).tags;
    for (const node of [`${SITE}/nouvelle`, `${SITE}/nouvelle/main`, `${SITE}/nouvelle/main/0`])
      expect(tags).toContain(nodeTag(node));
    expect(tags).toContain('list:chroniques:fr');
    expect(tags).not.toContain('site:fr');
    // Below a page held, a node outside its area may be a new page: a chronique, say.
    const below = plan([`${SITE}/accueil/nouvelle`]).tags;
    expect(below).toContain(nodeTag(`${SITE}/accueil`));
    expect(below).toContain(nodeTag(`${SITE}/accueil/nouvelle`));
    expect(below).toContain('list:chroniques:en');
    // Named by URL: checked with the content service once the purge is due.
    expect(plan([], [{ lang: 'fr', path: 'nouvelle' }]).urls).toEqual([
      { lang: 'fr', path: 'nouvelle' },
    ]);
  });

  it('of a lot held here: its own tag, its lists checked later; of a tile: the tiles', () => {
    const lotPlan = plan(['/lot-1/billet']);
    expect(sorted(lotPlan.tags)).toEqual(sorted(['overflow', lotTag('lot-1')]));
    expect(lotPlan.lots.map((check) => check.name)).toEqual(['lot-1']);
    expect(sorted(plan(['/decoration/tuile-1']).tags)).toEqual(['overflow', 'tiles']);
    // A lot not held (a new one): every list it may join.
    const unknown = plan(['/lot-9']).tags;
    for (const tag of ['list:billets:fr', 'list:gagnants:en', 'tiles', lotTag('lot-9')])
      expect(unknown).toContain(tag);
  });

  it("add a lot's lists only when it entered, left or moved in them, or when that cannot be told", async () => {
    const fresh = (lots: Lot[] | null) => ({
      lots: () => Promise.resolve(lots),
      page: () => Promise.resolve(null),
    });
    const same = [lot('lot-1', '2026-11-20T12:00:00Z', '2026-11-20T12:00:00Z')];
    expect(sorted(await resolvePlan(plan(['/lot-1']), fresh(same)))).toEqual([
      lotTag('lot-1'),
      'overflow',
    ]);
    // Its ticket opens later: the ticket lists change, not the winner lists.
    const moved = [lot('lot-1', '2026-11-20T12:00:00Z', '2026-11-25T12:00:00Z')];
    const tags = await resolvePlan(plan(['/lot-1']), fresh(moved));
    expect(tags).toContain(listTag('billets', 'fr'));
    expect(tags).toContain(listTag('billets', 'en'));
    expect(tags).not.toContain(listTag('gagnants', 'fr'));
    // Unpublished (gone), or the service failing: every list it was in.
    for (const now of [[], null])
      expect(await resolvePlan(plan(['/lot-1']), fresh(now))).toContain(listTag('gagnants', 'en'));
  });
});

describe('the time a purge waits', () => {
  it("is past nginx's freshness, in whole seconds, and Redis's message; none with neither", () => {
    expect(cdnPurgeDelayMs(3, true)).toBe(5000);
    expect(cdnPurgeDelayMs(3, false)).toBe(5000);
    expect(cdnPurgeDelayMs(0, true)).toBe(1000);
    expect(cdnPurgeDelayMs(0, false)).toBe(0);
  });
});

const FASTLY: CdnPurge = {
  vendor: 'fastly',
  id: 'SU1Z0isxPaozGVKXdv0eY',
  token: 'fastly-token-0123456789',
  apiUrl: '',
  soft: false,
};
const CLOUDFLARE: CdnPurge = {
  vendor: 'cloudflare',
  id: '023e105f4ecef8ad9ca31a8372d0c353',
  token: 'cloudflare-token-0123456789',
  apiUrl: '',
  soft: false,
};
const many = Array.from({ length: 300 }, (_, i) => `lot:${String(i).padStart(10, '0')}`);

describe('the calls of a purge', () => {
  it("keep within each API's limit per call: 256 keys at Fastly, 100 tags at Cloudflare", () => {
    expect(purgeCalls(FASTLY, { tags: many }).map((call) => call.tags)).toEqual([256, 44]);
    expect(purgeCalls(CLOUDFLARE, { tags: many }).map((call) => call.tags)).toEqual([
      100, 100, 100,
    ]);
    expect(purgeCalls(FASTLY, { all: true })[0]?.url).toBe(`/service/${FASTLY.id}/purge_all`);
    expect(purgeCalls(CLOUDFLARE, { all: true })[0]?.init.body).toBe('{"purge_everything":true}');
  });
});

describe.each([FASTLY, CLOUDFLARE])('the purge sent to $vendor', (target) => {
  let api: CdnStandIn;
  let at: CdnPurge;
  const waits: number[] = [];
  const deps = {
    fetch,
    sleep: (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    },
  };

  beforeAll(async () => {
    api = await startCdnStandIn(target.vendor, target.id, target.token);
    at = { ...target, apiUrl: api.apiUrl };
  });
  afterAll(() => api.close());

  it('is accepted, split as its API asks', async () => {
    const before = api.purges.length;
    const sent = await sendPurge(at, { tags: many }, deps);
    expect(sent).toMatchObject({ outcome: 'ok', calls: target.vendor === 'fastly' ? 2 : 3 });
    expect(api.purges.slice(before).flatMap((purge) => purge.tags)).toEqual(many);
    expect((await sendPurge(at, { all: true }, deps)).outcome).toBe('ok');
    expect(api.purges.at(-1)).toMatchObject({ all: true });
  });

  it('is refused at once with a wrong token: no retry', async () => {
    const calls = api.statuses.length;
    const sent = await sendPurge({ ...at, token: 'wrong-token-0123456789' }, { tags: ['a'] }, deps);
    expect(sent.outcome).toBe('refused');
    expect(api.statuses.slice(calls)).toEqual([target.vendor === 'fastly' ? 401 : 403]);
  });

  it('is tried again after a 429, waiting as long as Retry-After says, and then accepted', async () => {
    waits.length = 0;
    api.throttle(1, 2);
    const calls = api.statuses.length;
    const sent = await sendPurge(at, { tags: ['lot:0123456789'] }, deps);
    expect(sent.outcome).toBe('ok');
    expect(api.statuses.slice(calls)).toEqual([429, 200]);
    expect(waits).toEqual([2000]);
  });

  it('fails after five attempts when the API keeps refusing for now, the waits doubling', async () => {
    waits.length = 0;
    api.throttle(5);
    const sent = await sendPurge(at, { tags: ['lot:0123456789'] }, deps);
    expect(sent.outcome).toBe('failed');
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
  });
});
