// @vitest-environment node
/**
 * `POST /_errors` (docs/operations.md "Errors in visitors' browsers", docs/security.md "Error
 * reports"): a valid report is one warning line and one count; an oversized, malformed or
 * flooding body is refused and writes nothing of its own.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createRateLimit } from './browser-errors';
import { metricsOrigin } from './metrics';
import { metricValue, parseMetrics } from '../../testing/metrics';
import { logLines, testConfig, testServer } from '../../testing/server';

// Nothing here asks the content service: no stand-in runs behind this origin.
const ORIGIN = 'http://127.0.0.1:9';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function site() {
  const { lines, stream } = logLines();
  const app = await testServer(ORIGIN, {
    config: testConfig(ORIGIN, { METRICS_PORT: '0', ACCESS_LOG_LEVEL: 'silent' }),
    logger: { level: 'info', stream },
  });
  apps.push(app);
  await app.ready();
  const counted = async (labels: Record<string, string>) => {
    const text = await (await fetch(`${metricsOrigin(app) ?? ''}/metrics`)).text();
    return metricValue(parseMetrics(text), 'client_errors_total', labels);
  };
  return { app, lines, counted };
}

const post = (app: FastifyInstance, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/_errors',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
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
    const { app, lines, counted } = await site();
    expect((await post(app, { ...REPORT, message: 'x'.repeat(3000) })).statusCode).toBe(413);
    expect((await post(app, '{"kind":')).statusCode).toBe(400);
    expect((await post(app, { ...REPORT, kind: 'invented' })).statusCode).toBe(400);
    expect((await post(app, { ...REPORT, page: 'x' })).statusCode).toBe(400);
    expect((await post(app, [REPORT])).statusCode).toBe(400);
    expect(lines.filter((l) => l.browserError)).toEqual([]);
    expect(await counted({})).toBe(0);
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

describe('the rate limit', () => {
  it('gives a token back every 6 s, up to the burst', () => {
    let now = 0;
    const limit = createRateLimit(() => now);
    for (let i = 0; i < 10; i += 1) expect(limit.take('a')).toBe(true);
    expect(limit.take('a')).toBe(false);
    now += 6_000;
    expect(limit.take('a')).toBe(true);
    expect(limit.take('a')).toBe(false);
    now += 600_000;
    for (let i = 0; i < 10; i += 1) expect(limit.take('a')).toBe(true);
    expect(limit.take('a')).toBe(false);
  });
});
