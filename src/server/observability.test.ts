// @vitest-environment node
/**
 * What an operator relies on to run the site (issue 11): `/livez` and `/readyz` (503 from the stop
 * signal on, and when the content service fails with nothing cached), request ids taken or made,
 * echoed, on every log line of the request and on its calls to the content service, and one
 * access line per request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EmbeddedServices } from '../../embedded/server';
import { createReadiness, type Readiness } from './health';
import { logLines, startStandIns, testConfig, testServer } from '../../testing/server';

let embedded: EmbeddedServices;

interface Site {
  app: FastifyInstance;
  /** Parsed log lines. */
  lines: Record<string, unknown>[];
  /** Every call to the content service, with its X-Request-Id. */
  calls: { url: string; requestId: string | null }[];
  readiness: Readiness;
}

interface Options {
  env?: Record<string, string>;
  /** Fails every call to the content service when true. */
  failing?: () => boolean;
  now?: () => number;
}

async function site({ env = {}, failing = () => false, now }: Options = {}): Promise<Site> {
  const { lines, stream } = logLines();
  const calls: Site['calls'] = [];
  const readiness = createReadiness();
  const app = await testServer(embedded.origin, {
    config: testConfig(embedded.origin, env),
    readiness,
    ...(now ? { now } : {}),
    logger: { level: 'info', stream },
    fetcher: (input, init) => {
      calls.push({ url: input, requestId: new Headers(init?.headers).get('x-request-id') });
      return failing() ? Promise.reject(new Error('connect ECONNREFUSED')) : fetch(input, init);
    },
  });
  return { app, lines, calls, readiness };
}

beforeAll(async () => {
  embedded = await startStandIns();
});

afterAll(async () => {
  await embedded.close();
});

describe('/livez', () => {
  it('answers while the process runs, never cached, even while stopping', async () => {
    const { app, readiness } = await site();
    const res = await app.inject({ url: '/livez' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'alive' });
    readiness.startDraining('SIGTERM');
    expect((await app.inject({ url: '/livez' })).statusCode).toBe(200);
  });
});

describe('/readyz', () => {
  it('is ready when the site node can be read, never cached', async () => {
    const { app } = await site();
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 from the stop signal on, while pages are still served', async () => {
    const { app, readiness } = await site();
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    readiness.startDraining('SIGTERM');
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'not-ready', reasons: ['stopping: SIGTERM received'] });
    // Requests that still come are answered: only the probe changes.
    expect((await app.inject({ url: '/fr/promotions' })).statusCode).toBe(200);
  });

  it('says why when the content service fails and nothing is cached, without its address', async () => {
    const { app } = await site({ failing: () => true, env: { CONTENT_CACHE_TTL: '0' } });
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    const body = res.json<{ status: string; reasons: string[] }>();
    expect(body.status).toBe('not-ready');
    expect(body.reasons).toHaveLength(1);
    expect(body.reasons[0]).toMatch(/^content service: network on the site node: /);
    expect(res.body).not.toContain(embedded.origin);
  });

  it('stays ready on a stale copy of the site node while the service fails', async () => {
    let failing = false;
    let at = Date.now();
    const { app, lines } = await site({
      failing: () => failing,
      now: () => at,
      env: { CONTENT_CACHE_TTL: '30/0/600' },
    });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    failing = true;
    at += 60_000;
    const res = await app.inject({ url: '/readyz', headers: { 'x-request-id': 'probe-7' } });
    expect(res.statusCode).toBe(200);
    // The content cache's warning is a line of the request that met the failure.
    const served = lines.find((l) => String(l.msg).startsWith('content service failing'));
    expect(served?.reqId).toBe('probe-7');
    at += 600_000;
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
  });
});

describe('readiness', () => {
  it('holds the listener open for the delay, or until a second signal cuts it', async () => {
    const readiness = createReadiness();
    expect(readiness.draining).toBeUndefined();
    readiness.startDraining('SIGTERM');
    readiness.startDraining('SIGINT');
    expect(readiness.draining).toBe('SIGTERM');
    let over = false;
    const held = readiness.holdOpen(600_000).then(() => (over = true));
    await Promise.resolve();
    expect(over).toBe(false);
    readiness.cutWait();
    await held;
    expect(over).toBe(true);
    await readiness.holdOpen(600_000);
  });
});

describe('request ids', () => {
  it('keeps a safe incoming id: echoed, on the request’s log lines and its content calls', async () => {
    const { app, lines, calls } = await site();
    const res = await app.inject({
      url: '/fr/promotions',
      headers: { 'x-request-id': 'edge-42.a:b_c-d' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('edge-42.a:b_c-d');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.requestId).toBe('edge-42.a:b_c-d');
    const access = lines.filter((l) => l.msg === 'access');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      reqId: 'edge-42.a:b_c-d',
      method: 'GET',
      path: '/fr/promotions',
      status: 200,
      cache: 'miss',
      level: 30,
    });
    expect(access[0]?.bytes).toBe(Number(res.headers['content-length']));
    expect(typeof access[0]?.ms).toBe('number');
  });

  it('makes one when the request has none, or one unsafe to repeat', async () => {
    const { app, lines } = await site();
    const none = await app.inject({ url: '/date' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    for (const hostile of [
      'a'.repeat(129),
      'id with spaces',
      'id\u2028line',
      '<script>',
      'x\\ny',
      '',
    ]) {
      const res = await app.inject({ url: '/date', headers: { 'x-request-id': hostile } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const ids = lines.filter((l) => l.msg === 'access').map((l) => l.reqId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(lines.map((l) => JSON.stringify(l)).join('\n')).not.toContain('<script>');
  });

  it('puts the id on the content client’s warnings for that request', async () => {
    // The page's site node fails: the loader's warning about it is the request's own line.
    const { app, lines } = await site({ failing: () => true, env: { CONTENT_CACHE_TTL: '0' } });
    await app.inject({ url: '/fr/promotions', headers: { 'x-request-id': 'req-warn-1' } });
    const warnings = lines.filter((l) => l.level === 40);
    expect(warnings.length).toBeGreaterThan(0);
    for (const line of warnings) expect(line.reqId).toBe('req-warn-1');
  });

  it('is on answers refused before a route (a method not allowed, a path that does not decode)', async () => {
    const { app } = await site();
    const res = await app.inject({
      method: 'POST',
      url: '/fr/promotions',
      headers: { 'x-request-id': 'post-1' },
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers['x-request-id']).toBe('post-1');
    const undecodable = await app.inject({
      url: '/fr/%E0%A4%A',
      headers: { 'x-request-id': 'bad-url-1' },
    });
    expect(undecodable.statusCode).toBe(302);
    expect(undecodable.headers['x-request-id']).toBe('bad-url-1');
  });
});

describe('the access log', () => {
  it('says how the page cache answered: miss, then hit; a private page by its variant', async () => {
    const { app, lines } = await site();
    await app.inject({ url: '/fr/promotions' });
    await app.inject({ url: '/fr/promotions' });
    // The language from the cookie: one entry per language, private to HTTP caches.
    await app.inject({ url: '/promotions' });
    await app.inject({ url: '/promotions' });
    await app.inject({ url: '/promotions', headers: { cookie: 'sgdLocale=en' } });
    expect(lines.filter((l) => l.msg === 'access').map((l) => l.cache)).toEqual([
      'miss',
      'hit',
      'miss',
      'hit',
      'miss',
    ]);
  });

  it('writes at ACCESS_LOG_LEVEL, none when silent, and a passing probe only at debug', async () => {
    const silent = await site({ env: { ACCESS_LOG_LEVEL: 'silent' } });
    await silent.app.inject({ url: '/date' });
    expect(silent.lines.filter((l) => l.msg === 'access')).toEqual([]);
    const warn = await site({ env: { ACCESS_LOG_LEVEL: 'warn' } });
    await warn.app.inject({ url: '/date' });
    await warn.app.inject({ url: '/livez' });
    expect(warn.lines.filter((l) => l.msg === 'access').map((l) => [l.path, l.level])).toEqual([
      ['/date', 40],
    ]);
  });

  it('cuts a long path', async () => {
    const { app, lines } = await site();
    await app.inject({ url: `/assets/${'x'.repeat(5000)}.js` });
    const [line] = lines.filter((l) => l.msg === 'access');
    expect(String(line?.path).length).toBeLessThanOrEqual(201);
  });
});
