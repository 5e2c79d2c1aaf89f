// @vitest-environment node
/**
 * `POST /_vitals` (docs/operations.md "Speed in visitors' browsers", docs/security.md "Beacons"):
 * a valid beacon feeds one histogram per metric by page type and navigation kind; garbage,
 * unknown names, out-of-range values and oversized bodies are refused, counted, and never logged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { VITALS_PATH } from '../domain/web-vitals';
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

const BEACON = {
  page: 'content',
  navigation: 'load',
  metrics: { LCP: 1800, INP: 120, CLS: 0.02, FCP: 900, TTFB: 150 },
};

describe('POST /_vitals', () => {
  it('observes each metric in its histogram by page type and navigation kind, answers 204', async () => {
    const { app, scrape } = await site();
    expect((await post(app, BEACON)).statusCode).toBe(204);
    // A beacon sent as a string comes as text/plain: the same.
    const client = { page: 'site-map', navigation: 'client', metrics: { INP: 600, CLS: 0.3 } };
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

  it('lets one address send a burst of 20, then refuses it (429, counted) while other visitors through the same proxy are heard', async () => {
    const { app, scrape } = await site({ RUM_SAMPLE_RATE: '0.1', TRUSTED_PROXIES: '10.1.0.5' });
    const flooder = { remoteAddress: '10.1.0.5', forwardedFor: '203.0.113.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      statuses.push((await post(app, BEACON, 'application/json', flooder)).statusCode);
    }
    expect(statuses.filter((s) => s === 204)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    const visitor = { remoteAddress: '10.1.0.5', forwardedFor: '198.51.100.9' };
    expect((await post(app, BEACON, 'application/json', visitor)).statusCode).toBe(204);
    const samples = await scrape();
    expect(metricValue(samples, 'web_vitals_beacons_total')).toBe(21);
    expect(metricValue(samples, 'web_vitals_refused_total', { reason: 'rate-limited' })).toBe(30);
  });
});
