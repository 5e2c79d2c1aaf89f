// @vitest-environment node
import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EmbeddedServices } from '../../embedded/server';
import { loadConfig } from './config';
import { startStandIns, testConfig, testServer } from '../../testing/server';

let embedded: EmbeddedServices;
let failing = false;
const calls: string[] = [];

async function server(env: Record<string, string> = {}): Promise<FastifyInstance> {
  return testServer(embedded.origin, {
    config: testConfig(embedded.origin, env),
    logger: process.env.TEST_LOG ? { level: 'warn' } : false,
    // Counts the calls that reach the content service, and fails them on demand.
    fetcher: (input, init) => {
      calls.push(input);
      return failing ? Promise.reject(new Error('ECONNREFUSED')) : fetch(input, init);
    },
  });
}

beforeAll(async () => {
  embedded = await startStandIns();
});

afterAll(async () => {
  await embedded.close();
});

describe('HTTP caching of pages', () => {
  it('lets shared caches keep a page briefly and serve it stale, with no Vary on cookies', async () => {
    const app = await server();
    const res = await app.inject({ url: '/fr/promotions' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=30, stale-while-revalidate=300, stale-if-error=86400',
    );
    expect(res.headers.vary ?? '').not.toMatch(/cookie|user-agent/i);
    await app.close();
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const app = await server();
    const first = await app.inject({ url: '/en/promotions' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({
      url: '/en/promotions',
      headers: { 'if-none-match': `W/${etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await app.close();
  });

  it('compresses a cached page once per encoding, and says it varies by encoding', async () => {
    const app = await server();
    const br = await app.inject({ url: '/fr/accueil', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    const gz = await app.inject({ url: '/fr/accueil', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({
      url: '/fr/accueil',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<html lang="fr-CA" class="site">');
    await app.close();
  });

  it('compresses a page for one visitor too (an error page, no-store)', async () => {
    const app = await server();
    const page = await app.inject({
      url: '/headless/err/503.html',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(503);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('503');
    await app.close();
  });

  it('keeps visitor-dependent pages and redirects out of shared caches', async () => {
    const app = await server();
    // Language from the cookie: private.
    expect((await app.inject({ url: '/promotions' })).headers['cache-control']).toBe(
      'private, no-cache',
    );
    // An Internet Explorer banner: private.
    const ie = await app.inject({
      url: '/fr/promotions',
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko' },
    });
    expect(ie.headers['cache-control']).toBe('private, no-cache');
    expect(ie.body).toContain('ie-banner');
    expect((await app.inject({ url: '/fr/nulle-part' })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/headless/err/503.html' })).headers['cache-control']).toBe(
      'no-store',
    );
    await app.close();
  });
});

describe('the app banner before the site code', () => {
  it('has its inert templates at the end of every page but Internet Explorer’s', async () => {
    const app = await server();
    const page = (await app.inject({ url: '/fr/promotions' })).body;
    for (const platform of ['android', 'ios']) {
      expect(page).toContain(`<template data-app-banner="${platform}">`);
    }
    // After the four roots, before the state: not inside any root React hydrates.
    expect(page.indexOf('<template data-app-banner')).toBeGreaterThan(page.indexOf('mount-footer'));
    expect(page.indexOf('<template data-app-banner')).toBeLessThan(page.indexOf('id="app-state"'));
    const ie = await app.inject({
      url: '/fr/promotions',
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko' },
    });
    expect(ie.body).not.toContain('<template data-app-banner');
    expect(ie.body).not.toContain('data-phone');
    await app.close();
  });
});

describe('the navigation kit (docs/decisions/0046-navigation-code-when-idle.md)', () => {
  it('is listed on the entry’s script element, for every browser but Internet Explorer', async () => {
    const kit = ['/assets/client-navigation-a.js', '/assets/sanitize-b.js'];
    const app = await testServer(embedded.origin, {
      config: testConfig(embedded.origin),
      getAssets: () =>
        Promise.resolve({
          scripts: ['/assets/app.js'],
          styles: [],
          preloads: [],
          navigationKit: kit,
        }),
    });
    const page = (await app.inject({ url: '/fr/promotions' })).body;
    expect(page).toContain(
      '<script type="module" src="/assets/app.js" data-kit="/assets/client-navigation-a.js /assets/sanitize-b.js">',
    );
    const ie = await app.inject({
      url: '/fr/promotions',
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko' },
    });
    expect(ie.body).not.toContain('data-kit');
    await app.close();
  });
});

describe('the entry written into the page (docs/decisions/0056-entry-in-the-page.md)', () => {
  it('is the one module script, with its lists, and its hash is what the CSP allows', async () => {
    const code = 'document.documentElement.dataset.entry = `ran`;';
    const app = await testServer(embedded.origin, {
      config: testConfig(embedded.origin),
      getAssets: () =>
        Promise.resolve({
          scripts: [],
          inlineEntry: code,
          styles: [],
          preloads: [],
          start: ['/assets/start.js'],
        }),
    });
    const answer = await app.inject({ url: '/fr/promotions' });
    expect(answer.body).toContain(
      `<script type="module" data-start="/assets/start.js">${code}</script>`,
    );
    expect(answer.body.match(/<script type="module"/g)).toHaveLength(1);
    const hash = createHash('sha256').update(code).digest('base64');
    expect(answer.headers['content-security-policy']).toContain(
      `script-src 'self' ${new URL(embedded.origin).origin} 'sha256-${hash}';`,
    );
    expect(answer.headers['content-security-policy']).not.toContain('unsafe-inline');
    await app.close();
  });
});

describe('discoverability', () => {
  it('gives every content page its canonical and fr-CA, en-CA and x-default alternates', async () => {
    const app = await server();
    const html = (await app.inject({ url: '/en/home' })).body;
    expect(html).toContain(
      '<link data-managed rel="canonical" href="https://www.pari.example/en/home">',
    );
    expect(html).toContain(
      'rel="alternate" hreflang="fr-CA" href="https://www.pari.example/fr/accueil"',
    );
    expect(html).toContain(
      'rel="alternate" hreflang="en-CA" href="https://www.pari.example/en/home"',
    );
    expect(html).toContain(
      'rel="alternate" hreflang="x-default" href="https://www.pari.example/fr/accueil"',
    );
    await app.close();
  });

  it('lists both languages of each page in sitemap.xml, with alternates, and no 404 page', async () => {
    const app = await server();
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    const xml = res.body;
    expect(xml).toContain('<loc>https://www.pari.example/fr/accueil</loc>');
    expect(xml).toContain('<loc>https://www.pari.example/en/home</loc>');
    expect(xml).toContain(
      'hreflang="en-CA" href="https://www.pari.example/en/columns/winter-review"',
    );
    expect(xml).not.toContain('404.html');
    // Out of its window today: not listed.
    expect(xml).not.toContain('promo-a-venir');
    await app.close();
  });

  it('serves robots.txt pointing at the sitemap, and 404 for a missing asset', async () => {
    const app = await server();
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: https://www.pari.example/sitemap.xml');
    const missing = await app.inject({ url: '/assets/nothing-here.js' });
    expect(missing.statusCode).toBe(404);
    expect((await app.inject({ url: '/favicon.ico' })).statusCode).toBe(200);
    await app.close();
  });
});

describe('the frame demo page', () => {
  const DEMO = '/demo/frame-host.html';

  it('is served on the embedded defaults (no CMS_ORIGIN) and in development', async () => {
    for (const [label, app] of [
      ['embedded defaults', await testServer(embedded.origin, { config: loadConfig({}) })],
      [
        'development',
        await testServer(embedded.origin, { config: testConfig(embedded.origin), dev: true }),
      ],
    ] as const) {
      const res = await app.inject({ url: DEMO });
      expect(res.statusCode, label).toBe(200);
      expect(res.body, label).toContain('/frame.js');
      await app.close();
    }
  });

  it('is an unknown page like any other in a real deployment (CMS_ORIGIN set)', async () => {
    const app = await server();
    const demo = await app.inject({ url: DEMO });
    const unknown = await app.inject({ url: '/demo/no-such-page.html' });
    expect(demo.statusCode).toBe(unknown.statusCode);
    expect(demo.headers.location).toBe(unknown.headers.location);
    expect(demo.body).not.toContain('/frame.js');
    expect(unknown.headers.location).toBe('/fr/404.html');
    expect((await app.inject({ url: '/fr/404.html' })).statusCode).toBe(404);
    await app.close();
  });
});

describe('content cache in the server', () => {
  it('makes one content call per answer for a burst of 200 visitors on a cold page', async () => {
    const app = await server();
    calls.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => app.inject({ url: '/fr/chroniques' })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const pageCalls = calls.filter((c) => c.includes('listerPages?URLfr=chroniques'));
    expect(pageCalls).toHaveLength(1);
    expect(calls.filter((c) => c.includes('listerChroniques'))).toHaveLength(1);
    await app.close();
  });

  it('renders a shared page once whatever its query: made-up queries neither bypass nor fill it', async () => {
    const app = await server();
    calls.length = 0;
    const first = await app.inject({ url: '/fr/videos?utm_source=x' });
    const others = await Promise.all(
      ['/fr/videos', '/fr/videos?a=1', '/fr/videos?lot=lot-2026-001'].map((url) =>
        app.inject({ url }),
      ),
    );
    expect(calls.filter((c) => c.includes('listerPages?URLfr=videos'))).toHaveLength(1);
    for (const answer of others) expect(answer.headers.etag).toBe(first.headers.etag);
    // The HTML carries no visitor's query: the browser reads its own address.
    expect(first.body).not.toContain('utm_source');
    await app.close();
  });

  it('serves the last good answers while the content service fails', async () => {
    // Fresh for 1 s only, no page cache between: the second request must go to the service.
    const app = await server({ CONTENT_CACHE_TTL: '1/0/3600' });
    const good = await app.inject({ url: '/en/winners' });
    expect(good.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    failing = true;
    try {
      const during = await app.inject({ url: '/en/winners', headers: { 'x-bust': '1' } });
      expect(during.headers.location ?? '').toBe('');
      expect(during.statusCode).toBe(200);
      expect(during.body).toContain('Winners');
    } finally {
      failing = false;
    }
    await app.close();
  });

  it('goes to the service every time when turned off', async () => {
    const app = await server({ CONTENT_CACHE_TTL: '0' });
    calls.length = 0;
    await app.inject({ url: '/fr/videos' });
    await app.inject({ url: '/fr/videos' });
    expect(calls.filter((c) => c.includes('listerPages?URLfr=videos'))).toHaveLength(2);
    await app.close();
  });
});
