// @vitest-environment node
/**
 * The CDN purged by tag (issue 44 item 6, docs/decisions/0086-cdn-purged-by-tag.md), through the
 * whole site over the stand-ins, for each vendor: the shared answers carry the tags of what they
 * show (never a private one); publishing a lot purges, at the vendor's API stand-in, exactly the
 * tags the pages that show it carry, so that the CDN's copy of a page that does not show it stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startDemoStandIns, type EmbeddedServices } from '../../embedded/server';
import { startCdnStandIn, type CdnStandIn } from '../../testing/cdn';
import { testConfig, testServer } from '../../testing/server';
import { copyDemoContent, type ContentCopy } from '../../testing/stand-ins';
import { TEST_LOGICAL_DATE } from '../../testing/today';
import { installSanitizer } from '../content/sanitize';
import { lotTag } from './cdn-tags';
import type { CdnVendor } from './config';
import { PUBLISH_HOOK_PATH } from './publish';
import { createServerSanitizer } from './sanitizer';

const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuvwxyz';
const API_TOKEN = 'cdn-api-token-0123456789';
const VENDORS: { vendor: CdnVendor; id: string; header: string }[] = [
  { vendor: 'fastly', id: 'SU1Z0isxPaozGVKXdv0eY', header: 'Surrogate-Key' },
  { vendor: 'cloudflare', id: '023e105f4ecef8ad9ca31a8372d0c353', header: 'Cache-Tag' },
];

/** The pages with a lot list in their first screen, and answers that show none. */
const SHOWING_LOTS = ['/fr/accueil', '/en/home', '/fr/billets-gagnants', '/fr/gagnants'];
const SHOWING_NONE = ['/fr/promotions', '/en/promotions', '/fr/chroniques', '/sitemap.xml'];
const VIEWS = ['/_data/view?path=/fr/accueil', '/_data/view?path=/fr/promotions'];

let content: ContentCopy;
let embedded: EmbeddedServices;

beforeAll(async () => {
  installSanitizer(createServerSanitizer());
  content = copyDemoContent();
  embedded = await startDemoStandIns(TEST_LOGICAL_DATE, { contentDir: content.dir });
});

afterAll(async () => {
  await embedded.close();
  content.remove();
});

/** Changes one lot of the demo content's copy, and has the stand-in serve it. */
function editLot(name: string, change: (lot: Record<string, unknown>) => void) {
  content.edit('lots.json', (json) => {
    const lot = (json.lots as Record<string, unknown>[]).find((l) => l.name === name);
    if (!lot) throw new Error(`no lot ${name} in the demo content`);
    change(lot);
  });
  embedded.reload();
}

describe.each(VENDORS)('a CDN purged by tag at $vendor', ({ vendor, id, header }) => {
  let cdn: CdnStandIn;
  let app: FastifyInstance;
  const tagHeader = header.toLowerCase();

  // Each vendor's round starts from the demo's lots.
  let lots: unknown;
  afterAll(() => {
    content.edit('lots.json', (json) => {
      json.lots = lots;
    });
    embedded.reload();
  });

  beforeAll(async () => {
    content.edit('lots.json', (json) => {
      lots = json.lots;
    });
    cdn = await startCdnStandIn(vendor, id, API_TOKEN);
    app = await testServer(embedded.origin, {
      config: testConfig(embedded.origin, {
        PUBLISH_HOOK_TOKEN: TOKEN,
        CDN_TAG_HEADER: header,
        CDN_PURGE: `${vendor}:${id}`,
        CDN_API_TOKEN: API_TOKEN,
        CDN_API_URL: cdn.apiUrl,
        // No nginx in front here: the purge is sent at once (the delay: cdn-purge.test.ts).
        PROXY_FRESH_SECONDS: '0',
      }),
    });
  });
  afterAll(async () => {
    await app.close();
    await cdn.close();
  });

  /** Asks each URL as the CDN would, and keeps its copy with the tags it came with. */
  async function fillCdn(urls: string[]) {
    for (const url of urls) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(String(res.headers['cache-control']), url).toMatch(/^public/);
      expect(res.headers[tagHeader], url).toBeTruthy();
      cdn.cache.keep(url, String(res.headers[tagHeader]));
    }
  }

  const publish = async (nodes: string[]) => {
    const res = await app.inject({
      method: 'POST',
      url: PUBLISH_HOOK_PATH,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ nodes }),
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ cdn: { scope: string; inSeconds: number } }>();
  };

  it('tags every shared answer with what it shows, and no private one', async () => {
    await fillCdn([...SHOWING_LOTS, ...SHOWING_NONE, ...VIEWS]);
    const first = lotTag('lot-2026-001');
    for (const url of [...SHOWING_LOTS, VIEWS[0] ?? ''])
      expect(cdn.cache.tagsOf(url), url).toContain(first);
    for (const url of [...SHOWING_NONE, VIEWS[1] ?? ''])
      expect(cdn.cache.tagsOf(url), url).not.toContain(first);
    // A page for Internet Explorer is private: kept by no CDN, so tagged for none.
    const ie = await app.inject({
      url: '/fr/accueil',
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko' },
    });
    expect(ie.headers['cache-control']).toBe('private, no-cache');
    expect(ie.headers[tagHeader]).toBeUndefined();
  });

  it("purges, for a lot's new text, the pages that show it and no other", async () => {
    const done = cdn.purges.length;
    await fillCdn([...SHOWING_LOTS, ...SHOWING_NONE, ...VIEWS]);
    editLot('lot-2026-001', (lot) => {
      (lot.billet as { ville: string }).ville = `Québec (${vendor})`;
    });
    const answer = await publish(['/lot-2026-001']);
    expect(answer.cdn).toMatchObject({ scope: 'tags', inSeconds: 0 });
    await cdn.accepted(done + 1);
    expect(cdn.purges[done]?.tags.sort()).toEqual([lotTag('lot-2026-001'), 'overflow'].sort());
    for (const url of [...SHOWING_LOTS, VIEWS[0] ?? ''])
      expect(cdn.cache.has(url), url).toBe(false);
    for (const url of [...SHOWING_NONE, VIEWS[1] ?? '']) expect(cdn.cache.has(url), url).toBe(true);
    // The CDN asks again: the new text.
    expect((await app.inject({ url: '/fr/billets-gagnants' })).body).toContain(
      `Québec (${vendor})`,
    );
  });

  it('purges nothing the CDN holds for an old lot past every first screen', async () => {
    const done = cdn.purges.length;
    await fillCdn([...SHOWING_LOTS, ...SHOWING_NONE]);
    editLot('lot-2026-024', (lot) => {
      (lot.billet as { ville: string }).ville = `Gaspé (${vendor})`;
    });
    await publish(['/lot-2026-024']);
    await cdn.accepted(done + 1);
    expect(cdn.purges[done]?.tags.sort()).toEqual([lotTag('lot-2026-024'), 'overflow'].sort());
    for (const url of [...SHOWING_LOTS, ...SHOWING_NONE])
      expect(cdn.cache.has(url), url).toBe(true);
  });

  it('purges every ticket list when that lot moves to the front of them', async () => {
    const done = cdn.purges.length;
    await fillCdn([...SHOWING_LOTS, ...SHOWING_NONE]);
    editLot('lot-2026-024', (lot) => {
      lot.dateGain = 'today-2d';
    });
    await publish(['/lot-2026-024']);
    await cdn.accepted(done + 1);
    const tags = cdn.purges[done]?.tags ?? [];
    expect(tags).toEqual(expect.arrayContaining(['list:billets:fr', 'list:billets:en']));
    // It has no winner: the winner lists are what they were.
    expect(tags).not.toContain('list:gagnants:fr');
    for (const url of ['/fr/accueil', '/en/home', '/fr/billets-gagnants'])
      expect(cdn.cache.has(url), url).toBe(false);
    for (const url of ['/fr/gagnants', ...SHOWING_NONE]) expect(cdn.cache.has(url), url).toBe(true);
  });

  it('purges everything when the hook does', async () => {
    const done = cdn.purges.length;
    await fillCdn(['/fr/promotions']);
    const res = await app.inject({
      method: 'POST',
      url: PUBLISH_HOOK_PATH,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.json()).toMatchObject({ scope: 'all', cdn: { scope: 'all' } });
    await cdn.accepted(done + 1);
    expect(cdn.purges[done]).toMatchObject({ all: true });
    expect(cdn.cache.has('/fr/promotions')).toBe(false);
  });
});
