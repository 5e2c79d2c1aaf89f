/**
 * The deploy/ nginx template in front of a real site process (a production deployment on
 * stand-ins), with Debian's nginx: every answer carries the security headers, nginx's own
 * refusals and Node's included, and none twice; nginx names no version; an encoding refused with
 * q=0 is not sent; the cache is keyed, and the site asked, by the path and only the query
 * parameters the site reads (a page's "show more" count among them), so made-up queries take no
 * entry. No browser: raw HTTP requests.
 */
import { createServer, type Server } from 'node:http';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureNginx, startNginx, type Nginx } from '../../bench/lib/nginx';
import { start, stopAll, waitForUrl } from '../../bench/lib/processes';
import { securityHeaders } from '../../src/server/security';
import { expect, test } from './fixtures';
import { get, headerValues, sendRaw, type RawAnswer } from './support/raw-http';
import { freePort } from './support/site-process';
import { startStandIns, type StandIns } from './support/stand-ins';
import { TEST_LOGICAL_DATE } from '../../testing/today';

const PUBLIC = 'https://www.pari.example';
const SERVER_NAME = 'www.pari.example';
const PAGE = '/fr/promotions';

/** What the site sends on every answer (HSTS too: the public origin is https), and CORP. */
const SITE_HEADERS = [
  ...Object.keys(securityHeaders('csp', 'hsts')),
  'cross-origin-resource-policy',
];
/** What nginx adds to its own answers: the same, but HSTS, which stays the site's. */
const NGINX_HEADERS = SITE_HEADERS.filter((name) => name !== 'strict-transport-security');

const request = (target: string, extra = '') =>
  `GET ${target} HTTP/1.1\r\nHost: ${SERVER_NAME}\r\nConnection: close${extra}\r\n\r\n`;

/** Every file under `dir` (nginx's cache: one file per entry). */
async function filesUnder(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

test.describe('nginx in front of the site: headers, encodings and the cache key', () => {
  test.describe.configure({ mode: 'serial' });

  let dir = '';
  let standIns: StandIns | undefined;
  let siteOrigin = '';
  let siteLog = '';
  let nginx: Nginx | undefined;
  let recorder: Server | undefined;

  async function nginxBefore(upstreamPort: number, name: string): Promise<Nginx> {
    return startNginx({
      binary: await ensureNginx(() => undefined),
      root: process.cwd(),
      prefix: path.join(dir, `nginx-${name}`),
      port: await freePort(),
      upstreamPorts: [upstreamPort],
      variant: 'cache',
      logFile: path.join(dir, `nginx-${name}.log`),
      serverName: SERVER_NAME,
    });
  }

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dir = await mkdtemp(path.join(os.tmpdir(), 'pari-boreal-proxy-headers-'));
    // nginx's workers drop root's privileges: they must be able to reach their cache inside.
    await chmod(dir, 0o755);
    standIns = await startStandIns();
    const port = await freePort();
    siteLog = path.join(dir, 'site.log');
    const site = start({
      name: 'site',
      command: process.execPath,
      args: ['dist/server/main.js'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        ...standIns.complete({ PUBLIC_ORIGIN: PUBLIC }),
        LOGICAL_DATE: TEST_LOGICAL_DATE,
        LOG_LEVEL: 'info',
        // nginx keeps a page fresh for the whole spec: a second request is a HIT, not a refresh.
        PROXY_FRESH_SECONDS: '600',
      },
      logFile: siteLog,
    });
    siteOrigin = `http://127.0.0.1:${port}`;
    await waitForUrl(`${siteOrigin}/date`, site);
    nginx = await nginxBefore(port, 'site');
  });

  test.afterAll(async () => {
    // Everything this worker started, nginx included, is stopped by its PID, newest first.
    await stopAll();
    recorder?.closeAllConnections();
    await new Promise<void>((resolve) => (recorder ? recorder.close(() => resolve()) : resolve()));
    await standIns?.close();
    standIns = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  test('every answer carries the security headers once, nginx’s own refusals and Node’s too', async () => {
    test.setTimeout(60_000);
    const origin = nginx?.origin ?? '';
    const reference = await sendRaw(siteOrigin, request(PAGE));
    const expected = (name: string) => headerValues(reference, name)[0];
    const page = await get(siteOrigin, PAGE);
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(page.body)?.[1] ?? '';
    expect(asset).not.toBe('');

    /** An answer of the site's, through nginx: each of its headers once, as the site sends it. */
    const fromSite = (answer: RawAnswer, label: string, corp = 'same-origin') => {
      for (const name of SITE_HEADERS) {
        // Assets send no referrer at all (docs/preview.md "Never logged, never handed on").
        const want =
          name === 'cross-origin-resource-policy'
            ? corp
            : name === 'referrer-policy' && label.includes('asset')
              ? 'no-referrer'
              : expected(name);
        expect(want, `${label}: ${name}`).toBeTruthy();
        expect(headerValues(answer, name), `${label}: ${name}`).toEqual([want]);
      }
    };
    /** An answer of nginx's own: the same headers, strict, each once. */
    const fromNginx = (answer: RawAnswer, label: string) => {
      for (const name of NGINX_HEADERS) {
        expect(headerValues(answer, name), `${label}: ${name}`).toHaveLength(1);
      }
      expect(headerValues(answer, 'content-security-policy')[0], label).toContain(
        "default-src 'none'",
      );
      expect(headerValues(answer, 'x-content-type-options'), label).toEqual(['nosniff']);
    };

    const cases: [string, RawAnswer, number, 'site' | 'nginx', string?][] = [
      ['a page', await sendRaw(origin, request(PAGE)), 200, 'site'],
      ['the page from the cache', await sendRaw(origin, request(PAGE)), 200, 'site'],
      ['an asset', await sendRaw(origin, request(asset)), 200, 'site', 'cross-origin'],
      [
        'an asset path that does not decode',
        await sendRaw(origin, request('/assets/%E0%A4%41.js')),
        400,
        'site',
        'cross-origin',
      ],
      [
        'the frame demo page, not served in a deployment',
        await sendRaw(origin, request('/demo/frame-host.html')),
        302,
        'site',
      ],
      [
        'a request line nginx cannot read',
        await sendRaw(origin, 'GET /fr/ promotions x HTTP/1.1\r\nHost: x\r\n\r\n'),
        400,
        'nginx',
      ],
      [
        'a URI over nginx’s buffers',
        await sendRaw(origin, request(`/fr/${'a'.repeat(70_000)}`)),
        414,
        'nginx',
      ],
      [
        'a header line over nginx’s buffers',
        await sendRaw(origin, request(PAGE, `\r\nX-Big: ${'b'.repeat(9000)}`)),
        400,
        'nginx',
      ],
      [
        'headers that nginx passes and Node finds too large',
        await sendRaw(
          origin,
          // /date is never kept: the request reaches the site.
          request('/date', [1, 2, 3].map((n) => `\r\nX-Big-${n}: ${'b'.repeat(6000)}`).join('')),
        ),
        431,
        'site',
      ],
    ];
    // A process that answers nginx's start-up probe, then drops every request: nginx's own 502.
    const dropping = createServer((req, res) => {
      if (req.url === '/date') res.writeHead(200, { 'cache-control': 'no-store' }).end('ok');
      else req.socket.destroy();
    });
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    try {
      const orphan = await nginxBefore((dropping.address() as AddressInfo).port, 'dropping');
      cases.push([
        'no process answering',
        await sendRaw(orphan.origin, request(PAGE)),
        502,
        'nginx',
      ]);
    } finally {
      dropping.closeAllConnections();
      await new Promise<void>((resolve) => dropping.close(() => resolve()));
    }

    for (const [label, answer, status, by, corp] of cases) {
      expect(answer.status, label).toBe(status);
      if (by === 'site') fromSite(answer, label, corp);
      else fromNginx(answer, label);
      expect(headerValues(answer, 'server'), label).toEqual(['nginx']);
      expect(answer.body, label).not.toMatch(/nginx\/\d/);
    }
    const cached = cases.find(([label]) => label === 'the page from the cache')?.[1];
    expect(cached && headerValues(cached, 'x-cache-status')).toEqual(['HIT']);
    // The demo page is the site's answer to an unknown page.
    const demo = cases.find(([label]) => label.startsWith('the frame demo'))?.[1];
    expect(demo && headerValues(demo, 'location')).toEqual(['/fr/404.html']);
  });

  test('an encoding refused with q=0 is neither asked of the site nor sent', async () => {
    const origin = nginx?.origin ?? '';
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip, br;q=0', 'gzip'],
      ['BR;Q=0.000, GZIP;Q=0.8', 'gzip'],
      ['br;q=0.5, gzip', 'br'],
      ['br, gzip;q=0', 'br'],
      ['gzip;q=0', undefined],
      ['br;q=0, gzip;q=0.0', undefined],
    ] as const) {
      const answer = await get(origin, PAGE, { 'accept-encoding': accept });
      expect(answer.status, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      if (encoding === undefined) expect(answer.body, accept).toContain('<!doctype html>');
    }
  });

  test('made-up query strings on a page take one cache entry and reach the site once', async () => {
    test.setTimeout(60_000);
    const origin = nginx?.origin ?? '';
    const target = '/en/winners';
    const cache = path.join(dir, 'nginx-site', 'cache-cache');
    const before = await filesUnder(cache);
    const first = await get(origin, `${target}?junk=0`);
    expect(first.status).toBe(200);
    expect(first.headers['x-cache-status']).toBe('MISS');
    for (let i = 1; i < 300; i += 1) {
      const answer = await get(origin, `${target}?junk=${i}&utm_source=${i}x&lot=lot-${i}`);
      expect(answer.headers['x-cache-status'], `request ${i}`).toBe('HIT');
    }
    expect(await filesUnder(cache)).toBe(before + 1);
    const lines = (await readFile(siteLog, 'utf8'))
      .split('\n')
      .filter((line) => line.includes('"msg":"access"') && line.includes(`"path":"${target}"`));
    expect(lines).toHaveLength(1);
  });

  test('a "show more" count is a page of its own, kept once; a count the page refuses is never kept', async () => {
    // docs/decisions/0078: the demo's 20 winners; 12 is a count the list's links ask for, 7 not.
    const origin = nginx?.origin ?? '';
    const first = await get(origin, '/en/winners?gagnants=12');
    expect(first.headers['x-cache-status']).toBe('MISS');
    expect(first.body.match(/data-lot-index="/g)).toHaveLength(12);
    const again = await get(origin, '/en/winners?utm_source=x&gagnants=12&lot=lot-1');
    expect(again.headers['x-cache-status']).toBe('HIT');
    for (let i = 0; i < 2; i += 1) {
      const refused = await get(origin, '/en/winners?gagnants=7');
      expect(refused.headers['x-cache-status']).toBe('MISS');
      expect(refused.body.match(/data-lot-index="/g)).toHaveLength(6);
    }
  });

  test('another spelling of a page is redirected to its one path with its query, never kept', async () => {
    const origin = nginx?.origin ?? '';
    for (const lot of ['lot-2026-011', 'lot-2026-012', 'lot-2026-011']) {
      const answer = await get(origin, `/fr/accueil/?lot=${lot}`);
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe(`/fr/accueil?lot=${lot}`);
      expect(answer.headers['x-cache-status']).not.toBe('HIT');
    }
  });

  test('the site is asked exactly what the cache is keyed by', async () => {
    const seen: string[] = [];
    recorder = createServer((req, res) => {
      seen.push(req.url ?? '');
      res
        .writeHead(200, {
          'content-type': 'text/plain',
          // Kept by any cache, on purpose: what decides is the key alone.
          'cache-control': 'public, max-age=600',
          'content-security-policy': "default-src 'self'",
        })
        .end(`answer to ${req.url}`);
    });
    await new Promise<void>((resolve) => recorder?.listen(0, '127.0.0.1', resolve));
    const proxy = await nginxBefore((recorder.address() as AddressInfo).port, 'recorder');
    /** What reached the recorder for `url`, and how nginx's cache answered. */
    const ask = async (url: string) => {
      seen.length = 0;
      const answer = await get(proxy.origin, url);
      return { upstream: [...seen], cache: answer.headers['x-cache-status'], body: answer.body };
    };

    // A page: keyed by its path alone, whatever the query; asked with the query it came with
    // (a redirect to its one spelling keeps `?lot=`; the site lets nginx keep no such answer).
    expect(await ask('/fr/page?a=1')).toMatchObject({ upstream: ['/fr/page?a=1'], cache: 'MISS' });
    expect(await ask('/fr/page?b=2&lot=x')).toMatchObject({ upstream: [], cache: 'HIT' });
    // A page in a language is keyed on a list's "show more" count too (docs/decisions/0078):
    // the first of a count's form of each name; another path on none of it.
    expect(await ask('/fr/page?gagnants=12&a=1')).toMatchObject({
      upstream: ['/fr/page?gagnants=12&a=1'],
      cache: 'MISS',
    });
    expect(await ask('/fr/page?gagnants=x&b=2&gagnants=12')).toMatchObject({ cache: 'HIT' });
    expect(await ask('/fr/page?gagnants=012&lot=y')).toMatchObject({ upstream: [], cache: 'HIT' });
    expect(await ask('/sports/fr?gagnants=12')).toMatchObject({ cache: 'MISS' });
    expect(await ask('/sports/fr?gagnants=15')).toMatchObject({ upstream: [], cache: 'HIT' });
    // The raw path, not nginx's decoded one: another spelling is another request.
    expect(await ask('/fr/p%61ge')).toMatchObject({ upstream: ['/fr/p%61ge'], cache: 'MISS' });
    // A request line in absolute form is asked by its path too.
    seen.length = 0;
    await sendRaw(
      proxy.origin,
      'GET http://evil.example/fr/other?q=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(seen).toEqual(['/fr/other?q=1']);
    // /_data/*: the parameters the site reads, the first of each, in one order; nothing else.
    expect(await ask('/_data/view?junk=1&path=/fr/x&lang=fr&path=/y')).toMatchObject({
      upstream: ['/_data/view?path=/fr/x&lang=fr'],
      cache: 'MISS',
    });
    const again = await ask('/_data/view?lang=fr&other=2&path=/fr/x');
    expect(again).toMatchObject({ upstream: [], cache: 'HIT' });
    expect(again.body).toBe('answer to /_data/view?path=/fr/x&lang=fr');
    expect(await ask('/_data/view?path=/fr/y')).toMatchObject({
      upstream: ['/_data/view?path=/fr/y'],
      cache: 'MISS',
    });
    expect(await ask('/_data/lots?lists=&lang=en&x=1')).toMatchObject({
      upstream: ['/_data/lots?lang=en&lists='],
    });
    expect(await ask('/_data/lots?lang=en')).toMatchObject({
      upstream: ['/_data/lots?lang=en'],
      cache: 'MISS',
    });
    // The preview reads its own parameters and the page's: sent as asked, never kept.
    const preview = '/_preview/fr/page?token=t&date=2026-12-01%2012:00&lot=x';
    for (let i = 0; i < 2; i += 1) {
      const answer = await ask(preview);
      expect(answer.upstream).toEqual([preview]);
      expect(answer.cache).toBeUndefined();
    }
  });
});
