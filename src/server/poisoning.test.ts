// @vitest-environment node
/**
 * Hostile requests at the server (issue 10): headers that try to change the host, the scheme, the
 * path or the method of a request, and floods of made-up query strings, must neither reach an
 * answer nor multiply renders and cache entries. And every kind of answer carries the headers
 * of a trusted site, scored as the MDN HTTP Observatory does.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standInOrigins, standInVariables, type EmbeddedServices } from '../../embedded/server';
import { render } from '../app/entry-server';
import { loadConfig } from './config';
import { registerAssets } from './static';
import { observatoryScore } from '../../testing/observatory';
import { pageStateText, stateAddressOf } from '../../testing/page-state';
import { startStandIns, testServer } from '../../testing/server';
import { TEST_LOGICAL_DATE } from '../../testing/today';

const HOSTILE = 'evil.example';
const PUBLIC = 'https://www.pari.example';

let embedded: EmbeddedServices;
/** Set by a test for one request: every render fails (the error page's own failure). */
let failEveryRender = false;
let assetsDir: string;
const calls: string[] = [];

interface Counted {
  app: FastifyInstance;
  renders: () => number;
}

/** What production serves: every third party on https (the stand-ins are on http). */
const HTTPS_VENDORS = {
  media: 'https://media.pari.example',
  videoPlayer: 'https://video.pari.example/embed',
  podcastPlayer: 'https://podcasts.pari.example/player',
  bettingWidget: 'https://widget.pari.example/widget.js',
};

async function server(
  env: Record<string, string> = {},
  vendors: Partial<typeof HTTPS_VENDORS> = {},
): Promise<Counted> {
  let renders = 0;
  // Every third party named, as the production guard requires when PUBLIC_ORIGIN is set.
  const config = loadConfig({
    LOGICAL_DATE: TEST_LOGICAL_DATE,
    ...standInVariables(embedded.origin),
    ...env,
  });
  const app = await testServer(embedded.origin, {
    config,
    origins: { ...standInOrigins(embedded.origin), ...vendors },
    // Counts renders; `boom` in the path makes rendering fail, to reach the error handler, and
    // `failEveryRender` every render, to reach the failure of the error page itself.
    getRender: (url) => {
      if (url.includes('boom') || failEveryRender)
        return Promise.reject(new Error('render failed (test)'));
      return Promise.resolve((snapshot) => {
        renders += 1;
        return render(snapshot);
      });
    },
    // The production static files (src/server/static.ts), over a directory of the test.
    registerStatic: (instance) => registerAssets(instance, assetsDir),
    logger: process.env.TEST_LOG ? { level: 'warn' } : false,
    fetcher: (input, init) => {
      calls.push(input);
      return fetch(input, init);
    },
  });
  return { app, renders: () => renders };
}

beforeAll(async () => {
  embedded = await startStandIns();
  assetsDir = await mkdtemp(path.join(os.tmpdir(), 'pari-boreal-assets-'));
  await writeFile(path.join(assetsDir, 'app-1234.js'), 'export const x = 1;\n');
});

afterAll(async () => {
  await embedded.close();
  await rm(assetsDir, { recursive: true, force: true });
});

/** Headers that proxies, frameworks or caches have been known to believe. */
const POISONING: Record<string, string>[] = [
  { host: HOSTILE },
  { host: `${HOSTILE}:8443` },
  { 'x-forwarded-host': HOSTILE },
  { 'x-forwarded-proto': 'http' },
  { 'x-forwarded-proto': 'javascript' },
  { 'x-forwarded-port': '6666' },
  { 'x-forwarded-prefix': '/evil' },
  { 'x-forwarded-server': HOSTILE },
  { 'x-host': HOSTILE },
  { 'x-original-host': HOSTILE },
  { forwarded: `for=1.2.3.4;host=${HOSTILE};proto=http` },
  { 'x-original-url': '/en/winners' },
  { 'x-rewrite-url': '/en/winners' },
  { 'x-http-method-override': 'DELETE' },
  { 'x-http-method': 'PUT' },
  { 'x-method-override': 'PATCH' },
  {
    host: HOSTILE,
    'x-forwarded-host': HOSTILE,
    'x-forwarded-proto': 'http',
    forwarded: `host=${HOSTILE}`,
  },
];

/** Every answer's text a visitor or a cache could keep: status, location, body. */
const trace = (r: LightMyRequestResponse) =>
  `${r.statusCode} ${r.headers.location ?? ''}\n${r.body}`;

/** The state's origin, read from the page's hydration data (in it, or beside it). */
async function stateOrigin(app: FastifyInstance, html: string): Promise<string | undefined> {
  return (JSON.parse(await pageStateText(app, html)) as { origin?: string }).origin;
}

describe('a request cannot choose the host of an answer', () => {
  const urls = [
    '/fr/promotions', // shared page
    '/promotions', // language from the cookie: rendered for this visitor
    '/', // redirect
    '/fr/nulle-part', // redirect to the 404 page
    '/fr/404.html',
    '/headless/err/503.html',
    '/sitemap.xml',
    '/robots.txt',
    '/_data/view?path=/fr/promotions',
    '/frame.js',
  ];

  it('answers every poisoning header exactly as a clean request, on every kind of answer', async () => {
    const { app } = await server({ PUBLIC_ORIGIN: PUBLIC });
    // The shared page's state beside it (docs/decisions/0081) is an answer a cache keeps too.
    const beside = stateAddressOf((await app.inject({ url: '/fr/promotions' })).body);
    expect(beside).toBeDefined();
    const all = beside ? [...urls, beside] : urls;
    const clean = new Map<string, string>();
    for (const url of all) clean.set(url, trace(await app.inject({ url })));
    for (const headers of POISONING) {
      for (const url of all) {
        const answer = await app.inject({ url, headers });
        const text = trace(answer);
        expect(text, `${url} with ${JSON.stringify(headers)}`).toBe(clean.get(url));
        expect(text).not.toContain(HOSTILE);
      }
    }
    // The absolute URLs are the configured origin's.
    const page = clean.get('/fr/promotions') ?? '';
    expect(page).toContain(`rel="canonical" href="${PUBLIC}/fr/promotions"`);
    expect(await stateOrigin(app, page)).toBe(PUBLIC);
    expect(clean.get('/robots.txt')).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
    // Redirects carry a path, never a host.
    expect((await app.inject({ url: '/', headers: { host: HOSTILE } })).headers.location).toMatch(
      /^\/[^/]/,
    );
    await app.close();
  });

  it('trusting the proxy for the visitor’s address (TRUSTED_PROXIES) trusts it for nothing else', async () => {
    const { app } = await server({ PUBLIC_ORIGIN: PUBLIC, TRUSTED_PROXIES: '127.0.0.1' });
    const url = '/fr/promotions';
    const clean = trace(await app.inject({ url }));
    for (const headers of POISONING) {
      const answer = await app.inject({ url, headers, remoteAddress: '127.0.0.1' });
      expect(trace(answer), JSON.stringify(headers)).toBe(clean);
    }
    await app.close();
  });

  it('keeps the method of the request line: an override header neither allows nor forbids', async () => {
    const { app } = await server({ PUBLIC_ORIGIN: PUBLIC });
    const post = await app.inject({
      method: 'POST',
      url: '/fr/promotions',
      headers: { 'x-http-method-override': 'GET', 'x-method-override': 'GET' },
    });
    expect(post.statusCode).toBe(405);
    const get = await app.inject({
      url: '/fr/promotions',
      headers: { 'x-http-method-override': 'DELETE' },
    });
    expect(get.statusCode).toBe(200);
    await app.close();
  });

  it('renders a shared page once for 50 distinct Host and X-Forwarded-Host values', async () => {
    // No PUBLIC_ORIGIN: the embedded demo's case, where the origin is made from HOST and PORT.
    const { app, renders } = await server({ HOST: '0.0.0.0', PORT: '8080' });
    const first = await app.inject({ url: '/fr/videos', headers: { host: `a0.${HOSTILE}` } });
    const rest = await Promise.all(
      Array.from({ length: 49 }, (_, i) =>
        app.inject({
          url: '/fr/videos',
          headers: { host: `h${i}.${HOSTILE}`, 'x-forwarded-host': `f${i}.${HOSTILE}` },
        }),
      ),
    );
    expect(renders()).toBe(1);
    for (const answer of [first, ...rest]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers.etag).toBe(first.headers.etag);
      expect(answer.body).not.toContain(HOSTILE);
    }
    expect(await stateOrigin(app, first.body)).toBe('http://localhost:8080');
    expect(first.body).toContain('rel="canonical" href="http://localhost:8080/fr/videos"');
    await app.close();
  });
});

describe('made-up query strings', () => {
  it('render a shared page once and keep one cache entry for 500 distinct queries', async () => {
    const { app, renders } = await server({ PUBLIC_ORIGIN: PUBLIC });
    calls.length = 0;
    const answers: LightMyRequestResponse[] = [];
    // In bursts of 100, as a crawler or an attacker would send them.
    for (let burst = 0; burst < 5; burst++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            app.inject({ url: `/fr/chroniques?x=${burst * 100 + i}` }),
          ),
        )),
      );
    }
    expect(renders()).toBe(1);
    expect(calls.filter((c) => c.includes('listerPages?URLfr=chroniques'))).toHaveLength(1);
    const etags = new Set(answers.map((a) => a.headers.etag));
    expect(etags.size).toBe(1);
    expect(answers.every((a) => a.statusCode === 200 && !a.body.includes('x=4'))).toBe(true);
    // Still one entry afterwards: a new query is answered from it, with no render.
    await app.inject({ url: '/fr/chroniques?x=500' });
    expect(renders()).toBe(1);
    await app.close();
  });
});

describe('headers of a trusted site', () => {
  const kinds: [string, { url: string; method?: 'GET' | 'POST' }, number, string][] = [
    ['page', { url: '/fr/promotions' }, 200, 'same-origin'],
    ['asset', { url: '/assets/app-1234.js' }, 200, 'cross-origin'],
    ['missing asset', { url: '/assets/nothing-1234.js' }, 404, 'cross-origin'],
    ['frame loader', { url: '/frame.js' }, 200, 'cross-origin'],
    ['frame data', { url: '/_data/frame?lang=fr' }, 200, 'cross-origin'],
    ['error page', { url: '/headless/err/503.html' }, 503, 'same-origin'],
    ['not-found page', { url: '/fr/404.html' }, 404, 'same-origin'],
    ['redirect', { url: '/' }, 302, 'same-origin'],
    ['failed render', { url: '/boom' }, 302, 'same-origin'],
    ['failed error page', { url: '/headless/err/503.html' }, 500, 'same-origin'],
    ['405', { url: '/fr/promotions', method: 'POST' }, 405, 'same-origin'],
    ['JSON', { url: '/_data/view?path=/fr/promotions' }, 200, 'same-origin'],
    ['bad JSON request', { url: '/_data/view?path=x' }, 400, 'same-origin'],
    ['date', { url: '/date' }, 200, 'same-origin'],
    ['sitemap', { url: '/sitemap.xml' }, 200, 'same-origin'],
  ];

  it('sends them on every kind of answer, and HSTS on an https origin', async () => {
    const { app } = await server({ PUBLIC_ORIGIN: PUBLIC, HSTS_MAX_AGE: '31536000' });
    for (const [kind, request, status, corp] of kinds) {
      failEveryRender = kind === 'failed error page';
      const answer = await app.inject(request);
      failEveryRender = false;
      expect(answer.statusCode, kind).toBe(status);
      expect(answer.headers['strict-transport-security'], kind).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect(answer.headers['cross-origin-resource-policy'], kind).toBe(corp);
      expect(answer.headers['content-security-policy'], kind).toContain("frame-ancestors 'self'");
      expect(answer.headers['x-content-type-options'], kind).toBe('nosniff');
      // The site's code answers no-referrer: its imports name no page (src/server/security.ts).
      expect(answer.headers['referrer-policy'], kind).toBe(
        request.url.startsWith('/assets/') ? 'no-referrer' : 'strict-origin-when-cross-origin',
      );
      expect(answer.headers['x-frame-options'], kind).toBe('SAMEORIGIN');
    }
    await app.close();
  });

  it('sends no HSTS on an http origin, and preload only when asked', async () => {
    const http = await server({ PUBLIC_ORIGIN: 'http://www.pari.example' });
    expect((await http.app.inject({ url: '/fr/promotions' })).headers).not.toHaveProperty(
      'strict-transport-security',
    );
    await http.app.close();
    const preload = await server({ PUBLIC_ORIGIN: PUBLIC, HSTS_PRELOAD: 'true' });
    expect((await preload.app.inject({ url: '/date' })).headers['strict-transport-security']).toBe(
      'max-age=63072000; includeSubDomains; preload',
    );
    await preload.app.close();
  });

  it('scores at least 100 (A+) on the MDN HTTP Observatory for a page, an asset, an error page and a redirect', async () => {
    const { app } = await server({ PUBLIC_ORIGIN: PUBLIC }, HTTPS_VENDORS);
    const scores: Record<string, number> = {};
    for (const url of ['/fr/promotions', '/assets/app-1234.js', '/headless/err/503.html', '/']) {
      const answer = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      const score = observatoryScore({
        url: `${PUBLIC}${url}`,
        status: answer.statusCode,
        headers: answer.headers,
        body: answer.body,
      });
      scores[url] = score.score;
      expect(score.grade, `${url}: ${JSON.stringify(score.results)}`).toBe('A+');
      expect(score.score).toBeGreaterThanOrEqual(100);
    }
    if (process.env.TEST_LOG) console.log('Observatory scores', scores);
    await app.close();
  });
});
