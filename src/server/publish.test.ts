// @vitest-environment node
/**
 * Purge on publish (issue 11 item 4): `POST /_hooks/content-published` exists only with its token,
 * refuses a missing or wrong one and a large body, drops what a publication names (everything when
 * the body says nothing usable), and the next request shows the published content.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startDemoStandIns, type EmbeddedServices } from '../../embedded/server';
import { copyDemoContent, type ContentCopy } from '../../testing/stand-ins';
import { installSanitizer } from '../content/sanitize';
import { createServerSanitizer } from './sanitizer';
import { PUBLISH_HOOK_PATH, whenHealthy } from './publish';
import { logLines, testConfig, testServer } from '../../testing/server';
import { TEST_LOGICAL_DATE } from '../../testing/today';

const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuvwxyz';

let content: ContentCopy;
let embedded: EmbeddedServices;

interface Site {
  app: FastifyInstance;
  /** Takes the content service down (every call fails as a refused connection) or back up. */
  setDown(down: boolean): void;
  /** Every call to the content service, by URL. */
  calls: string[];
  lines: Record<string, unknown>[];
}

async function site(
  env: Record<string, string> = { PUBLISH_HOOK_TOKEN: TOKEN },
  now?: () => number,
): Promise<Site> {
  const calls: string[] = [];
  const { lines, stream } = logLines();
  let down = false;
  const app = await testServer(embedded.origin, {
    config: testConfig(embedded.origin, env),
    logger: { level: 'info', stream },
    ...(now ? { now } : {}),
    fetcher: (input, init) => {
      calls.push(input);
      return down ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init);
    },
  });
  return { app, calls, lines, setDown: (value) => (down = value) };
}

const hook = (app: FastifyInstance, body?: string, token: string | null = TOKEN) =>
  app.inject({
    method: 'POST',
    url: PUBLISH_HOOK_PATH,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: body }),
  });

/** The page cache's answer for a page, from its access line. */
async function outcome(s: Site, url: string): Promise<unknown> {
  const res = await s.app.inject({ url });
  expect(res.statusCode).toBe(200);
  const access = s.lines.filter((line) => line.msg === 'access' && line.path === url).at(-1);
  return access?.cache;
}

beforeAll(async () => {
  installSanitizer(createServerSanitizer());
  content = copyDemoContent();
  embedded = await startDemoStandIns(TEST_LOGICAL_DATE, { contentDir: content.dir });
});

afterAll(async () => {
  await embedded.close();
  content.remove();
});

describe('the webhook', () => {
  it('is not found when PUBLISH_HOOK_TOKEN is unset', async () => {
    const { app } = await site({});
    const res = await hook(app, '{}');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe('Not found');
  });

  it('refuses a missing or wrong token with 401, never cached', async () => {
    const { app } = await site();
    for (const token of [null, 'nope', `${TOKEN}x`, TOKEN.slice(0, -1) + 'X', '']) {
      const res = await hook(app, '{}', token);
      expect(res.statusCode).toBe(401);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
    expect((await hook(app, undefined)).statusCode).toBe(200);
  });

  it('refuses a body over 64 KiB with 413', async () => {
    const { app } = await site();
    const res = await hook(app, JSON.stringify({ nodes: ['/x'.repeat(40_000)] }));
    expect(res.statusCode).toBe(413);
  });

  it('purges everything on an empty, garbled or unknown body', async () => {
    const s = await site();
    for (const body of [undefined, 'not json {', '{"paths": 3}', '[1, 2]']) {
      await outcome(s, '/fr/promotions');
      expect(await outcome(s, '/fr/promotions')).toBe('hit');
      const res = await hook(s.app, body);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toMatchObject({ scope: 'all', broadcast: 'off' });
      expect(res.json<{ pagesDropped: number }>().pagesDropped).toBeGreaterThanOrEqual(1);
      expect(await outcome(s, '/fr/promotions')).toBe('miss');
    }
  });

  it('drops only the page named by URL or node path; another page stays a cache hit', async () => {
    const s = await site();
    for (const body of [{ urls: ['/fr/accueil'] }, { nodes: ['/pari-boreal/accueil/main'] }]) {
      await outcome(s, '/fr/accueil');
      await outcome(s, '/fr/promotions');
      const res = await hook(s.app, JSON.stringify(body));
      expect(res.json()).toMatchObject({ scope: 'pages', pages: ['/fr/accueil'] });
      const before = s.calls.length;
      expect(await outcome(s, '/fr/promotions')).toBe('hit');
      expect(s.calls.length).toBe(before);
      expect(await outcome(s, '/fr/accueil')).toBe('miss');
      expect(s.calls.slice(before).some((url) => url.includes('URLfr=accueil'))).toBe(true);
    }
  });

  it('purges everything for the site node (header, footer), lots and tiles', async () => {
    const s = await site();
    // Lots and tiles sit at the root of their own workspaces (docs/content-contract.md "Lots").
    for (const node of ['/pari-boreal/header/menu', '/lot-2026-011', '/decoration/tuile-1']) {
      await outcome(s, '/fr/promotions');
      const res = await hook(s.app, JSON.stringify({ nodes: [node] }));
      expect(res.json()).toMatchObject({ scope: 'all' });
      expect(await outcome(s, '/fr/promotions')).toBe('miss');
    }
  });

  it('purges every page, both languages, for any part of the site node (header, footer)', async () => {
    const s = await site();
    // The site node itself: src/content/purge.test.ts.
    const pages = ['/fr/promotions', '/en/promotions'];
    // Cached once: each round's misses cache them again for the next.
    for (const url of pages) await outcome(s, url);
    for (const node of [
      '/pari-boreal/header/messages/message-series',
      '/pari-boreal/footer/menu/colonne-aide/liens/temoins',
    ]) {
      const res = await hook(s.app, JSON.stringify({ nodes: [node] }));
      expect(res.json()).toMatchObject({ scope: 'all' });
      for (const url of pages)
        expect([node, url, await outcome(s, url)]).toEqual([node, url, 'miss']);
    }
  });

  it('makes the next request show the published content, in both languages, and logs it', async () => {
    const s = await site();
    const title = async (url: string) =>
      /<title>([^<]*)<\/title>/.exec((await s.app.inject({ url })).body)?.[1];
    const [fr, en] = [await title('/fr/accueil'), await title('/en/home')];
    expect(fr).toMatch(/^Accueil/);
    content.edit('pages/accueil.json', (page) => {
      page.title = { fr: 'Accueil publié', en: 'Home published' };
    });
    embedded.reload();
    try {
      // Cached: the change is not seen yet.
      expect(await title('/fr/accueil')).toBe(fr);
      const res = await hook(s.app, JSON.stringify({ nodes: ['/pari-boreal/accueil'] }));
      expect(res.json()).toMatchObject({ scope: 'pages' });
      expect(await title('/fr/accueil')).toMatch(/^Accueil publié/);
      expect(await title('/en/home')).toMatch(/^Home published/);
      expect(en).not.toMatch(/published/);
      const line = s.lines.find((l) => String(l.msg).startsWith('purge on publish'));
      expect(line?.reqId).toBe(res.headers['x-request-id']);
      expect(line?.msg).toMatch(/pages \/fr\/accueil, \/en\/home|pages \/en\/home, \/fr\/accueil/);
    } finally {
      content.edit('pages/accueil.json', (page) => {
        page.title = { fr: 'Accueil', en: 'Home' };
      });
      embedded.reload();
    }
  });
});

describe('a purge during an outage of the content service', () => {
  it('marks pages and answers stale: the site keeps serving them and stays ready', async () => {
    let clock = Date.now();
    const s = await site({ PUBLISH_HOOK_TOKEN: TOKEN }, () => clock);
    const title = async (url: string) => {
      const res = await s.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      return /<title>([^<]*)<\/title>/.exec(res.body)?.[1];
    };
    const before = await title('/fr/accueil');
    await title('/en/home');
    expect((await s.app.inject({ url: '/_data/view?path=/fr/promotions' })).statusCode).toBe(200);
    s.setDown(true);
    try {
      // Everything (no body), then one page by its URL: the same outcome.
      for (const body of [undefined, JSON.stringify({ urls: ['/fr/accueil'] })]) {
        expect((await hook(s.app, body)).statusCode).toBe(200);
        expect(await title('/fr/accueil')).toBe(before);
        expect(await title('/en/home')).toMatch(/^Home/);
        const view = await s.app.inject({ url: '/_data/view?path=/fr/promotions' });
        expect(view.json<{ type: string }>().type).toBe('view');
        expect((await s.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      }
      // Said where it happens, with its cause.
      expect(s.lines.some((l) => String(l.msg).includes('serving the last answer'))).toBe(true);
      // Past its fresh life, a page whose making fails is still the old one.
      clock += 31_000;
      await title('/fr/accueil');
      expect(await title('/fr/accueil')).toBe(before);
    } finally {
      s.setDown(false);
    }
    // The service back: a page made from old answers was fresh a few seconds only, and the
    // purge takes effect within them.
    clock += 6_000;
    await title('/fr/accueil');
    await expect.poll(() => outcome(s, '/fr/accueil')).toBe('hit');
    expect(s.calls.filter((url) => url.includes('URLfr=accueil')).length).toBeGreaterThan(2);
  });

  it('waits for the content service before the purge that Redis coming back calls for', async () => {
    vi.useFakeTimers();
    try {
      const answers = [false, false, true];
      const act = vi.fn();
      const healthy = vi.fn(() => Promise.resolve(answers.shift() ?? true));
      whenHealthy(healthy, act, 2000);
      await vi.advanceTimersByTimeAsync(0);
      expect(act).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2000);
      expect(act).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2000);
      expect(act).toHaveBeenCalledTimes(1);
      expect(healthy).toHaveBeenCalledTimes(3);
      // Stopped (the process closing), it asks no more and never acts.
      const never = vi.fn();
      const asked = vi.fn(() => Promise.resolve(false));
      whenHealthy(asked, never, 2000).stop();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(never).not.toHaveBeenCalled();
      expect(asked).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
