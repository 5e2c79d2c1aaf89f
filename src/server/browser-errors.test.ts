// @vitest-environment node
/**
 * `POST /_errors` (docs/operations.md "Errors in visitors' browsers", docs/security.md "Error
 * reports"): a valid report is one warning line and one count; an oversized, malformed or
 * flooding body is refused and writes nothing of its own.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { metricsOrigin } from './metrics';
import { metricValue, parseMetrics } from '../../testing/metrics';
import { logLines, testConfig, testServer } from '../../testing/server';

// Nothing here asks the content service: no stand-in runs behind this origin.
const ORIGIN = 'http://127.0.0.1:9';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function site(env: Record<string, string> = {}) {
  const { lines, stream } = logLines();
  const app = await testServer(ORIGIN, {
    config: testConfig(ORIGIN, { METRICS_PORT: '0', ACCESS_LOG_LEVEL: 'silent', ...env }),
    logger: { level: 'info', stream },
  });
  apps.push(app);
  await app.ready();
  const scrape = async (family: string, labels: Record<string, string>) => {
    const text = await (await fetch(`${metricsOrigin(app) ?? ''}/metrics`)).text();
    return metricValue(parseMetrics(text), family, labels);
  };
  const counted = (labels: Record<string, string>) => scrape('client_errors_total', labels);
  const refused = (reason: string) => scrape('client_errors_refused_total', { reason });
  return { app, lines, counted, refused };
}

const post = (
  app: FastifyInstance,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) =>
  app.inject({
    method: 'POST',
    url: '/_errors',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const REPORT = { kind: 'render', block: 'carrousel', page: 'content', message: 'boom' };

describe('POST /_errors', () => {
  it('logs a valid report once with its fields and the request id, counts it, answers 204', async () => {
    const { app, lines, counted } = await site();
    const res = await post(app, REPORT, { 'x-request-id': 'report-1' });
    expect(res.statusCode).toBe(204);
    const logged = lines.filter((l) => l.browserError);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 40,
      reqId: 'report-1',
      browserError: { kind: 'render', block: 'carrousel', page: 'content', message: 'boom' },
    });
    expect((logged[0]?.browserError as { release?: unknown }).release).toMatch(/^\d+\.\d+\.\d+/);
    expect(await counted({ kind: 'render', block: 'carrousel' })).toBe(1);
  });

  it('counts an unknown block as other, cleans the message of line breaks and control characters', async () => {
    const { app, lines, counted } = await site();
    const message = `first\nline\r\n\u0000second\u001b[31m \u2028 https://x.example/a?token=1#f ${'x'.repeat(400)}`;
    const res = await post(app, { ...REPORT, kind: 'chunk', block: 'évil\nblock', message });
    expect(res.statusCode).toBe(204);
    const logged = lines.find((l) => l.browserError)?.browserError as Record<string, string>;
    expect(logged.block).toBe('other');
    expect(logged.message).toMatch(/^first line second \[31m https:\/\/x\.example\/a x+$/);
    expect(logged.message).toHaveLength(300);
    expect(JSON.stringify(lines)).not.toContain('token=1');
    expect(await counted({ kind: 'chunk', block: 'other' })).toBe(1);
    expect(await counted({ block: 'évil\nblock' })).toBe(0);
  });

  it('refuses a body over 2 KB (413), a malformed one or one off the schema (400), and logs no report', async () => {
    const { app, lines, counted, refused } = await site();
    expect((await post(app, { ...REPORT, message: 'x'.repeat(3000) })).statusCode).toBe(413);
    expect((await post(app, '{"kind":')).statusCode).toBe(400);
    expect((await post(app, { ...REPORT, kind: 'invented' })).statusCode).toBe(400);
    expect((await post(app, { ...REPORT, page: 'x' })).statusCode).toBe(400);
    expect((await post(app, [REPORT])).statusCode).toBe(400);
    expect(lines.filter((l) => l.browserError)).toEqual([]);
    expect(await counted({})).toBe(0);
    // Each refusal is counted by its reason, so that a flood of them shows.
    expect(await refused('too-large')).toBe(1);
    expect(await refused('malformed')).toBe(4);
  });

  it('answers 405 to other methods', async () => {
    const { app } = await site();
    const get = await app.inject({ url: '/_errors' });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect((await app.inject({ method: 'PUT', url: '/_errors', payload: '{}' })).statusCode).toBe(
      405,
    );
  });

  it('lets one address send a burst, then refuses it (429) while others still report', async () => {
    const { app, lines } = await site();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await post(app, REPORT)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(204));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(lines.filter((l) => l.browserError)).toHaveLength(10);
    const other = await app.inject({
      method: 'POST',
      url: '/_errors',
      remoteAddress: '10.0.0.2',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(REPORT),
    });
    expect(other.statusCode).toBe(204);
  });
});

describe('POST /_errors behind the proxies TRUSTED_PROXIES names (docs/decisions/0082)', () => {
  const PROXY = '10.1.0.5';
  const flood = async (app: FastifyInstance, headers: Record<string, string>, from: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1)
      statuses.push((await post(app, REPORT, headers, from)).statusCode);
    return statuses;
  };

  it('keeps each visitor’s bucket by the address the proxy names: one flooding silences no other', async () => {
    const { app, counted, refused } = await site({ TRUSTED_PROXIES: '10.1.0.0/16, 127.0.0.1' });
    const statuses = await flood(app, { 'x-forwarded-for': '203.0.113.7' }, PROXY);
    expect(statuses.filter((s) => s === 204)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // Another visitor through the same proxy is heard and counted.
    const other = await post(app, REPORT, { 'x-forwarded-for': '198.51.100.9' }, PROXY);
    expect(other.statusCode).toBe(204);
    expect(await counted({})).toBe(11);
    expect(await refused('rate-limited')).toBe(20);
  });

  it('takes the last address no trusted proxy holds: a forged first hop changes no bucket', async () => {
    const { app } = await site({ TRUSTED_PROXIES: '10.1.0.0/16' });
    await flood(app, { 'x-forwarded-for': '203.0.113.7' }, PROXY);
    // The client wrote its own X-Forwarded-For; the proxy appended the address it saw.
    const forged = await post(app, REPORT, { 'x-forwarded-for': '192.0.2.1, 203.0.113.7' }, PROXY);
    expect(forged.statusCode).toBe(429);
  });

  it('believes no X-Forwarded-For from an address it does not trust, nor without TRUSTED_PROXIES', async () => {
    for (const env of [{}, { TRUSTED_PROXIES: '10.1.0.0/16' }] as Record<string, string>[]) {
      const { app } = await site(env);
      // Straight from 192.0.2.50: each request claims another visitor, all share its bucket.
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const headers = { 'x-forwarded-for': `198.51.100.${i}` };
        statuses.push((await post(app, REPORT, headers, '192.0.2.50')).statusCode);
      }
      expect(statuses.slice(10)).toEqual([429, 429]);
    }
  });
});
