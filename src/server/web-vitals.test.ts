// @vitest-environment node
/**
 * `POST /_vitals` (docs/operations.md "Speed in visitors' browsers", docs/security.md "Beacons"):
 * a valid beacon feeds one histogram per metric by page type and navigation kind; garbage,
 * unknown names, out-of-range values and oversized bodies are refused, counted, and never logged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { VIEWS_PATH, VITALS_PATH } from '../domain/web-vitals';
import { metricsOrigin } from './metrics';
import { metricValue, parseMetrics, type Sample } from '../../testing/metrics';
import { logLines, testConfig, testServer } from '../../testing/server';

// Nothing here asks the content service: no stand-in runs behind this origin.
const ORIGIN = 'http://127.0.0.1:9';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function site(env: Record<string, string> = { RUM_SAMPLE_RATE: '0.1' }) {
  const { lines, stream } = logLines();
  const app = await testServer(ORIGIN, {
    config: testConfig(ORIGIN, { METRICS_PORT: '0', ACCESS_LOG_LEVEL: 'silent', ...env }),
    logger: { level: 'info', stream },
  });
  apps.push(app);
  await app.ready();
  const scrape = async (): Promise<Sample[]> =>
    parseMetrics(await (await fetch(`${metricsOrigin(app) ?? ''}/metrics`)).text());
  return { app, lines, scrape };
}

const post = (
  app: FastifyInstance,
  payload: unknown,
  type = 'application/json',
  from: { remoteAddress?: string; forwardedFor?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: VITALS_PATH,
    headers: {
      'content-type': type,
      ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}),
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
  });

/** A page view's token, as the site gives it to `from`: its body, or the status when refused. */
async function viewOf(
  app: FastifyInstance,
  from: { remoteAddress?: string; forwardedFor?: string } = {},
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: VIEWS_PATH,
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
    ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
  });
  return res.statusCode === 200 ? res.body : String(res.statusCode);
}

/** A token of the right shape that the site never gave. */
const NEVER_GIVEN = 'A'.repeat(22);

const BEACON = {
  view: NEVER_GIVEN,
  page: 'content',
  navigation: 'load',
  metrics: { LCP: 1800, INP: 120, CLS: 0.02, FCP: 900, TTFB: 150 },
};

describe('POST /_vitals', () => {
  it('observes each metric in its histogram by page type and navigation kind, answers 204', async () => {
    const { app, scrape } = await site();
    expect((await post(app, { ...BEACON, view: await viewOf(app) })).statusCode).toBe(204);
    // A beacon sent as a string comes as text/plain: the same.
    const client = {
      view: await viewOf(app),
      page: 'site-map',
      navigation: 'client',
      metrics: { INP: 600, CLS: 0.3 },
    };
    expect((await post(app, client, 'text/plain;charset=UTF-8')).statusCode).toBe(204);
    const samples = await scrape();
    const labels = { page: 'content', navigation: 'load' };
    expect(metricValue(samples, 'web_vitals_lcp_seconds_count', labels)).toBe(1);
    expect(metricValue(samples, 'web_vitals_lcp_seconds_sum', labels)).toBeCloseTo(1.8, 6);
    // Google's thresholds are bucket bounds: 1.8 s is good (≤ 2.5 s), 120 ms too (≤ 200 ms).
    expect(metricValue(samples, 'web_vitals_lcp_seconds_bucket', { ...labels, le: '2.5' })).toBe(1);
    expect(metricValue(samples, 'web_vitals_lcp_seconds_bucket', { ...labels, le: '1.5' })).toBe(0);
    expect(metricValue(samples, 'web_vitals_inp_seconds_bucket', { ...labels, le: '0.2' })).toBe(1);
    expect(metricValue(samples, 'web_vitals_cls_bucket', { ...labels, le: '0.1' })).toBe(1);
    expect(metricValue(samples, 'web_vitals_fcp_seconds_count', labels)).toBe(1);
    expect(metricValue(samples, 'web_vitals_ttfb_seconds_count', labels)).toBe(1);
    const soft = { page: 'site-map', navigation: 'client' };
    expect(metricValue(samples, 'web_vitals_inp_seconds_bucket', { ...soft, le: '0.5' })).toBe(0);
    expect(metricValue(samples, 'web_vitals_cls_bucket', { ...soft, le: '0.25' })).toBe(0);
    expect(metricValue(samples, 'web_vitals_lcp_seconds_count', soft)).toBe(0);
    expect(metricValue(samples, 'web_vitals_beacons_total')).toBe(2);
  });

  it('refuses garbage, unknown names or page types, values out of range (400) and bodies over 512 bytes (413), counted, never logged', async () => {
    const { app, lines, scrape } = await site();
    const refused = [
      '{"page":',
      'not json at all <script>',
      '',
      { ...BEACON, page: 'évil\npage' },
      { ...BEACON, navigation: 'prerender' },
      { ...BEACON, metrics: { ...BEACON.metrics, FID: 12 } },
      { ...BEACON, metrics: { LCP: -1 } },
      { ...BEACON, metrics: { INP: 60_001 } },
      { ...BEACON, metrics: { CLS: '0.1' } },
      { ...BEACON, metrics: {} },
      { ...BEACON, url: 'https://www.pari.example/fr/accueil?token=1' },
      { ...BEACON, view: undefined },
      { ...BEACON, view: 'short' },
      { ...BEACON, view: `${'A'.repeat(21)}=` },
      [BEACON],
    ];
    for (const body of refused) {
      expect((await post(app, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const padded = { ...BEACON, metrics: { ...BEACON.metrics }, pad: 'x'.repeat(600) };
    expect((await post(app, padded)).statusCode).toBe(413);
    // Announced as larger than it is, or sent in chunks past the limit: the same.
    const chunked = await app.inject({
      method: 'POST',
      url: VITALS_PATH,
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      payload: 'x'.repeat(2048),
    });
    expect(chunked.statusCode).toBe(413);
    const samples = await scrape();
    expect(metricValue(samples, 'web_vitals_refused_total', { reason: 'malformed' })).toBe(
      refused.length,
    );
    expect(metricValue(samples, 'web_vitals_refused_total', { reason: 'too-large' })).toBe(2);
    expect(metricValue(samples, 'web_vitals_beacons_total')).toBe(0);
    expect(metricValue(samples, 'web_vitals_lcp_seconds_count')).toBe(0);
    expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes('évil')))).toBe(
      false,
    );
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('token=1');
    expect(logged).not.toContain('évil');
    expect(logged).not.toContain('<script>');
  });

  it('is only posted to, and does not exist while the site asks no browser for beacons', async () => {
    const on = await site();
    expect((await on.app.inject({ url: VITALS_PATH })).statusCode).toBe(405);
    const off = await site({});
    expect((await post(off.app, BEACON)).statusCode).toBe(405);
  });

  it('refuses what no browser measures (400, counted as implausible), and keeps the token for the true beacon', async () => {
    const { app, scrape } = await site();
    const view = await viewOf(app);
    const lies = [
      // A soft navigation has no document load, so no LCP, FCP or TTFB (decision 0087).
      { page: 'site-map', navigation: 'client', metrics: { LCP: 900, INP: 16 } },
      // Event Timing durations come in steps of 8 ms.
      { ...BEACON, metrics: { INP: 50 } },
      // The sender rounds: whole milliseconds, four decimals of CLS.
      { ...BEACON, metrics: { LCP: 1800.5 } },
      { ...BEACON, metrics: { CLS: 0.00001 } },
      // No paint before the document's first byte.
      { ...BEACON, metrics: { TTFB: 900, FCP: 800 } },
      { ...BEACON, metrics: { TTFB: 900, LCP: 800 } },
    ];
    for (const lie of lies) {
      expect((await post(app, { ...lie, view })).statusCode, JSON.stringify(lie)).toBe(400);
    }
    expect((await post(app, { ...BEACON, view })).statusCode).toBe(204);
    const samples = await scrape();
    expect(metricValue(samples, 'web_vitals_refused_total', { reason: 'implausible' })).toBe(
      lies.length,
    );
    expect(metricValue(samples, 'web_vitals_beacons_total')).toBe(1);
  });

  it('hears one beacon per page view: a token is given for each, taken once, never invented', async () => {
    const { app, scrape } = await site();
    const given = await app.inject({ method: 'POST', url: VIEWS_PATH });
    expect(given.statusCode).toBe(200);
    expect(given.headers['cache-control']).toBe('no-store');
    expect(given.body).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await app.inject({ url: VIEWS_PATH })).statusCode).toBe(405);
    const view = given.body;
    expect((await post(app, { ...BEACON, view })).statusCode).toBe(204);
    // The same page view again, with other values, or a token nobody was given: refused.
    expect((await post(app, { ...BEACON, view, metrics: { LCP: 90_000 } })).statusCode).toBe(400);
    expect((await post(app, BEACON)).statusCode).toBe(400);
    const samples = await scrape();
    expect(metricValue(samples, 'web_vitals_beacons_total')).toBe(1);
    expect(metricValue(samples, 'web_vitals_refused_total', { reason: 'unknown-view' })).toBe(2);
    expect(metricValue(samples, 'web_vitals_views_total', { outcome: 'issued' })).toBe(1);
    expect(metricValue(samples, 'web_vitals_lcp_seconds_bucket', { le: '20' })).toBe(1);
  });

  it('gives one address 4 page views at once, then one every 10 s, and 20 beacons, while other visitors through the same proxy are heard', async () => {
    const { app, scrape } = await site({ RUM_SAMPLE_RATE: '0.1', TRUSTED_PROXIES: '10.1.0.5' });
    const flooder = { remoteAddress: '10.1.0.5', forwardedFor: '203.0.113.7' };
    const tokens: string[] = [];
    for (let i = 0; i < 10; i += 1) tokens.push(await viewOf(app, flooder));
    const views = tokens.filter((token) => token.length === 22);
    expect(views).toHaveLength(4);
    expect(tokens.filter((token) => token === '429')).toHaveLength(6);
    const statuses: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const view = views[i % views.length] ?? NEVER_GIVEN;
      statuses.push((await post(app, { ...BEACON, view }, 'application/json', flooder)).statusCode);
    }
    // Each page view heard once; the other beacons refused, past the burst before being read.
    expect(statuses.filter((s) => s === 204)).toHaveLength(4);
    expect(statuses.filter((s) => s === 400)).toHaveLength(16);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    const visitor = { remoteAddress: '10.1.0.5', forwardedFor: '198.51.100.9' };
    const view = await viewOf(app, visitor);
    expect((await post(app, { ...BEACON, view }, 'application/json', visitor)).statusCode).toBe(
      204,
    );
    const samples = await scrape();
    expect(metricValue(samples, 'web_vitals_beacons_total')).toBe(5);
    expect(metricValue(samples, 'web_vitals_refused_total', { reason: 'rate-limited' })).toBe(30);
    expect(metricValue(samples, 'web_vitals_refused_total', { reason: 'unknown-view' })).toBe(16);
    expect(metricValue(samples, 'web_vitals_views_total', { outcome: 'rate-limited' })).toBe(6);
    expect(metricValue(samples, 'web_vitals_views_total', { outcome: 'issued' })).toBe(5);
  });
});
