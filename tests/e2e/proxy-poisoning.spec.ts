/**
 * The deploy/ nginx template in front of the site, with a real nginx (installed by
 * scripts/ensure-test-tools.sh): a visitor's Host and forwarded headers reach neither the site
 * nor the cache key, so the next visitor's page is untouched. No browser: plain HTTP requests,
 * which may carry any Host.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureNginx, startNginx, type Nginx } from '../../bench/lib/nginx';
import { start, stopAll, waitForUrl } from '../../bench/lib/processes';
import { expect, test } from './fixtures';
import { get } from './support/raw-http';
import { freePort } from './support/site-process';
import { startStandIns, type StandIns } from './support/stand-ins';
import { TEST_LOGICAL_DATE } from '../../testing/today';

const PUBLIC = 'https://www.pari.example';
const SERVER_NAME = 'www.pari.example';
const HOSTILE = 'evil.example';
const PAGE = '/fr/promotions';

/** What a visitor or an attacker may send. */
const POISONING: Record<string, string>[] = [
  { host: HOSTILE },
  { host: `${HOSTILE}:8443`, 'x-forwarded-proto': 'http' },
  { 'x-forwarded-host': HOSTILE },
  { 'x-forwarded-proto': 'http' },
  { forwarded: `for=1.2.3.4;host=${HOSTILE};proto=http` },
  { 'x-original-url': '/en/winners', 'x-rewrite-url': '/en/winners' },
  { 'x-http-method-override': 'DELETE' },
  {
    host: HOSTILE,
    'x-forwarded-host': HOSTILE,
    'x-forwarded-proto': 'http',
    'x-forwarded-port': '6666',
    'x-forwarded-prefix': '/evil',
    'x-host': HOSTILE,
  },
];

/**
 * What a visitor's page says about where it lives, its state included (beside a shared page,
 * docs/decisions/0081: asked for with the same headers, from the same server).
 */
async function placeOf(html: string, origin: string, headers: Record<string, string> = {}) {
  const state =
    /<script type="application\/json" id="app-state"(?: data-src="([^"]*)")?>([\s\S]*?)<\/script>/.exec(
      html,
    );
  const json = state?.[1] ? (await get(origin, state[1], headers)).body : state?.[2];
  return {
    canonical: /<link[^>]*rel="canonical"[^>]*>/.exec(html)?.[0],
    alternates: [...html.matchAll(/<link[^>]*hreflang="[^"]*"[^>]*>/g)].map((m) => m[0]),
    ogUrl: /<meta[^>]*property="og:url"[^>]*>/.exec(html)?.[0],
    origin: json ? (JSON.parse(json) as { origin?: string }).origin : undefined,
  };
}

test.describe('nginx in front of the site', () => {
  let dir: string;
  let standIns: StandIns | undefined;

  test.beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pari-boreal-proxy-'));
    // nginx's workers drop root's privileges: they must be able to reach their cache inside.
    await chmod(dir, 0o755);
  });

  test.afterAll(async () => {
    // Everything this worker started, nginx included even when it failed to answer, is stopped
    // by its PID (each leads its own process group), newest first.
    await stopAll();
    // Once: the hooks run again if this worker comes back to the group later.
    await standIns?.close();
    standIns = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  async function nginxBefore(upstreamPort: number, name: string): Promise<Nginx> {
    const nginx = await startNginx({
      binary: await ensureNginx(() => undefined),
      root: process.cwd(),
      prefix: path.join(dir, `nginx-${name}`),
      port: await freePort(),
      upstreamPorts: [upstreamPort],
      variant: 'cache',
      logFile: path.join(dir, `nginx-${name}.log`),
      serverName: SERVER_NAME,
    });
    return nginx;
  }

  test('a poisoned request leaves the next visitor’s page untouched', async () => {
    test.setTimeout(90_000);
    const port = await freePort();
    // PUBLIC_ORIGIN set: every third party is named (the production guard), on stand-ins here.
    standIns = await startStandIns();
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
        LOG_LEVEL: 'warn',
      },
      logFile: path.join(dir, 'site.log'),
    });
    const siteOrigin = `http://127.0.0.1:${port}`;
    await waitForUrl(`${siteOrigin}/date`, site);
    const expected = await placeOf((await get(siteOrigin, PAGE)).body, siteOrigin);
    expect(expected.canonical).toContain(`href="${PUBLIC}${PAGE}"`);
    expect(expected.alternates.length).toBeGreaterThan(0);
    expect(expected.origin).toBe(PUBLIC);

    const nginx = await nginxBefore(port, 'site');
    // The poisoned requests come first, so that any of them could fill the cache for the others.
    for (const headers of POISONING) {
      const poisoned = await get(nginx.origin, PAGE, headers);
      expect(poisoned.status, JSON.stringify(headers)).toBe(200);
      expect(poisoned.body).not.toContain(HOSTILE);
      expect(await placeOf(poisoned.body, nginx.origin, headers)).toEqual(expected);
    }
    const clean = await get(nginx.origin, PAGE, { host: SERVER_NAME });
    expect(clean.status).toBe(200);
    // One cache entry whatever the Host: the clean visitor is served the entry they all shared.
    expect(clean.headers['x-cache-status']).toBe('HIT');
    expect(clean.body).not.toContain(HOSTILE);
    expect(await placeOf(clean.body, nginx.origin, { host: SERVER_NAME })).toEqual(expected);
    // The redirect of the root goes to a path, whatever the Host.
    const root = await get(nginx.origin, '/', { host: HOSTILE });
    expect(root.status).toBe(302);
    expect(root.headers.location).toMatch(/^\/[^/]/);
  });

  test('tells the site its own host and scheme, and drops the forwarding headers a client sends', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const recorder = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('ok');
    });
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
    try {
      const nginx = await nginxBefore((recorder.address() as AddressInfo).port, 'recorder');
      seen.length = 0;
      await get(nginx.origin, '/anything', {
        host: HOSTILE,
        'x-forwarded-host': HOSTILE,
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '6.6.6.6',
        'x-forwarded-port': '6666',
        'x-forwarded-prefix': '/evil',
        'x-forwarded-server': HOSTILE,
        'x-host': HOSTILE,
        'x-original-host': HOSTILE,
        forwarded: `for=6.6.6.6;host=${HOSTILE};proto=https`,
        'x-original-url': '/admin',
        'x-rewrite-url': '/admin',
        'x-http-method-override': 'DELETE',
        'x-method-override': 'DELETE',
      });
      expect(seen).toHaveLength(1);
      const headers = seen[0] ?? {};
      expect(headers.host).toBe(SERVER_NAME);
      expect(headers['x-forwarded-host']).toBe(SERVER_NAME);
      // The listener's scheme (plain HTTP here), not what the client claimed.
      expect(headers['x-forwarded-proto']).toBe('http');
      expect(headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
      for (const dropped of [
        'x-forwarded-port',
        'x-forwarded-prefix',
        'x-forwarded-server',
        'x-host',
        'x-original-host',
        'forwarded',
        'x-original-url',
        'x-rewrite-url',
        'x-http-method-override',
        'x-method-override',
      ]) {
        expect(headers, dropped).not.toHaveProperty(dropped);
      }
      expect(JSON.stringify(headers)).not.toContain(HOSTILE);
    } finally {
      const closed = new Promise<void>((resolve) => recorder.close(() => resolve()));
      recorder.closeAllConnections();
      await closed;
    }
  });

  test('sends the site a request id: a safe incoming one kept, else its own; each answer its own', async () => {
    const seen: (string | undefined)[] = [];
    const recorder = createServer((req, res) => {
      const id = req.headers['x-request-id'];
      seen.push(typeof id === 'string' ? id : undefined);
      // As the site does: the id echoed, on a page shared caches may keep.
      res
        .writeHead(200, {
          'content-type': 'text/plain',
          'cache-control': 'public, max-age=0, s-maxage=60',
          'x-request-id': typeof id === 'string' ? id : '',
        })
        .end('ok');
    });
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
    try {
      const nginx = await nginxBefore((recorder.address() as AddressInfo).port, 'request-id');
      seen.length = 0;
      const kept = await get(nginx.origin, '/kept', { 'x-request-id': 'cdn-1.a:b_c' });
      expect(seen.at(-1)).toBe('cdn-1.a:b_c');
      expect(kept.headers['x-request-id']).toBe('cdn-1.a:b_c');
      const made = await get(nginx.origin, '/made');
      expect(seen.at(-1)).toMatch(/^[0-9a-f]{32}$/);
      expect(made.headers['x-request-id']).toBe(seen.at(-1));
      const unsafe = await get(nginx.origin, '/unsafe', { 'x-request-id': '<bad id>' });
      expect(seen.at(-1)).toMatch(/^[0-9a-f]{32}$/);
      expect(unsafe.headers['x-request-id']).toBe(seen.at(-1));
      // From the cache: the id of this request, not of the one that filled the entry.
      const hit = await get(nginx.origin, '/kept', { 'x-request-id': 'cdn-2' });
      expect(hit.headers['x-cache-status']).toBe('HIT');
      expect(hit.headers['x-request-id']).toBe('cdn-2');
      expect(seen).toHaveLength(3);
    } finally {
      const closed = new Promise<void>((resolve) => recorder.close(() => resolve()));
      recorder.closeAllConnections();
      await closed;
    }
  });
});
