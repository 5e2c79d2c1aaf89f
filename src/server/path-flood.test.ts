// @vitest-environment node
/**
 * The attack run's cache bypass (issue 30 item 1; docs/decisions/0062): spellings of one page,
 * made-up sports paths, made-up unknown paths and view answers, each sent in their hundreds. None
 * may cost a render, a content call or a cache entry of its own, and the caches stay within their
 * bounds in bytes whatever comes.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServices } from '../../embedded/server';
import { render } from '../app/entry-server';
import { installSanitizer } from '../content/sanitize';
import { createServerSanitizer } from './sanitizer';
import { startStandIns, testConfig, testServer } from '../../testing/server';
import { metricsOrigin } from './metrics';

let embedded: EmbeddedServices;

interface Counted {
  app: FastifyInstance;
  /** Renders, by the path the snapshot was made for. */
  renders: string[];
  /** Calls to the content service, by URL. */
  calls: string[];
}

async function server(env: Record<string, string> = {}): Promise<Counted> {
  const renders: string[] = [];
  const calls: string[] = [];
  const app = await testServer(embedded.origin, {
    config: testConfig(embedded.origin, { METRICS_PORT: '0', ...env }),
    getRender: () =>
      Promise.resolve((snapshot) => {
        renders.push(snapshot.path);
        return render(snapshot);
      }),
    logger: false,
    fetcher: (input, init) => {
      calls.push(input);
      return fetch(input, init);
    },
  });
  await app.ready();
  return { app, renders, calls };
}

/** The value of `cache_bytes{cache}` at the metrics listener. */
async function cacheBytes(app: FastifyInstance, cache: 'pages' | 'content'): Promise<number> {
  const text = await (await fetch(`${metricsOrigin(app) ?? ''}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`cache_bytes{cache="${cache}"}`));
  return Number(line?.split(' ')[1]);
}

beforeAll(async () => {
  installSanitizer(createServerSanitizer());
  embedded = await startStandIns();
});

afterAll(async () => {
  await embedded.close();
});

describe('spellings of one page', () => {
  const SPELLINGS = [
    '/fr/accueil/',
    '/fr/accueil//',
    '//fr/accueil',
    '/fr//accueil',
    '/fr/%61ccueil',
    '/fr/%61%63%63ueil/',
    '/headless/fr/accueil',
    '/headless/headless/fr/accueil',
    '/%66r/accueil',
    '/fr%2Faccueil',
  ];

  it('each goes to the one path by a permanent redirect, the query kept, without a render', async () => {
    const { app, renders, calls } = await server();
    for (const spelling of SPELLINGS) {
      const res = await app.inject({ url: `${spelling}?lot=lot-2026-011` });
      expect(res.statusCode, spelling).toBe(301);
      expect(res.headers.location, spelling).toBe('/fr/accueil?lot=lot-2026-011');
      // Browsers may keep it; nginx in front does not (docs/operations.md).
      expect(res.headers['x-accel-expires'], spelling).toBe('0');
    }
    expect(renders).toEqual([]);
    expect(calls).toEqual([]);
    await app.close();
  });

  it('a flood of 200 costs no render and no cache entry; the one path then renders once', async () => {
    const { app, renders } = await server();
    for (let i = 0; i < 200; i++) {
      const spelling = `${'/'.repeat(1 + (i % 3))}fr/%61ccueil${'/'.repeat(i % 4)}?n=${i}`;
      expect((await app.inject({ url: spelling })).statusCode).toBe(301);
    }
    expect(renders).toEqual([]);
    for (let i = 0; i < 3; i++)
      expect((await app.inject({ url: `/fr/accueil?n=${i}` })).statusCode).toBe(200);
    expect(renders).toEqual(['/fr/accueil']);
    await app.close();
  });
});

describe('the sports area', () => {
  it('renders once per language, whatever the path under /sports/', async () => {
    const { app, renders } = await server();
    for (let i = 0; i < 200; i++) {
      const lang = i % 2 ? 'en' : 'fr';
      const res = await app.inject({ url: `/sports/${lang}/match-${i}/cotes` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`lang="${lang}-CA"`);
    }
    expect(renders.sort()).toEqual(['/sports/en', '/sports/fr']);
    await app.close();
  });

  it('keeps a path whose language comes from the cookie private', async () => {
    const { app } = await server();
    const res = await app.inject({ url: '/sports/match', headers: { cookie: 'sgdLocale=en' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toContain('lang="en-CA"');
    await app.close();
  });
});

describe('unknown paths', () => {
  it('cost no content call each once the page listing is held: a set look-up, then the 404 page', async () => {
    const { app, calls } = await server();
    expect((await app.inject({ url: '/fr/nulle-part-0' })).headers.location).toBe('/fr/404.html');
    const before = calls.length;
    for (let i = 1; i <= 300; i++) {
      const res = await app.inject({ url: `/fr/nulle-part-${i}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/fr/404.html');
    }
    expect(calls.slice(before)).toEqual([]);
    // A page the listing holds is still found and shown.
    expect((await app.inject({ url: '/fr/promotions' })).statusCode).toBe(200);
    await app.close();
  });
});

describe('view answers (/_data/view)', () => {
  it('are made once per page and kept as the page is, whatever the query', async () => {
    const { app, calls } = await server();
    const first = await app.inject({ url: '/_data/view?path=/fr/promotions' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toContain('s-maxage=');
    const before = calls.length;
    for (let i = 0; i < 200; i++) {
      const res = await app.inject({
        url: `/_data/view?path=${encodeURIComponent(`/fr/promotions?lot=${i}`)}&junk=${i}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(first.body);
    }
    expect(calls.slice(before)).toEqual([]);
    await app.close();
  });

  it('answer another spelling with a redirect to the one path, loading nothing', async () => {
    const { app, calls } = await server();
    const res = await app.inject({
      url: `/_data/view?path=${encodeURIComponent('/fr//promotions/?lot=1')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'redirect',
      status: 301,
      location: '/fr/promotions?lot=1',
    });
    expect(calls).toEqual([]);
    await app.close();
  });
});

describe('memory', () => {
  // Renders the demo's pages until a third more than the bound was asked (31 of its 38): about
  // 2 s with both cores taken by other work (scripts/busy-load.sh).
  it('stays within the configured bounds in bytes, whatever is asked', async () => {
    const { app } = await server({ PAGE_CACHE_MAX_MB: '1', CONTENT_CACHE_MAX_MB: '1' });
    // The pages the site has, from its own sitemap, and the French ones' view answers.
    const sitemap = (await app.inject({ url: '/sitemap.xml' })).body;
    const paths = [...sitemap.matchAll(/<loc>[^<]*?(\/(?:fr|en)\/[^<]*)<\/loc>/g)].map(
      (m) => m[1] ?? '/',
    );
    expect(paths.length).toBeGreaterThan(20);
    let seen = 0;
    for (const path of paths) {
      const res = await app.inject({ url: path });
      const view = path.startsWith('/fr/')
        ? (await app.inject({ url: `/_data/view?path=${path}` })).body.length
        : 0;
      // What the cache counts for them (src/server/pages.ts): half again for the encodings.
      if (res.statusCode === 200) seen += 1.5 * (res.body.length + view);
      if (seen > (4 / 3) * 2 ** 20) break;
    }
    // Enough was asked to go past the bound, and the caches kept within it.
    expect(seen).toBeGreaterThan(2 ** 20);
    expect(await cacheBytes(app, 'pages')).toBeGreaterThan(0);
    expect(await cacheBytes(app, 'pages')).toBeLessThanOrEqual(2 ** 20);
    expect(await cacheBytes(app, 'content')).toBeLessThanOrEqual(2 ** 20);
    await app.close();
  });
});
