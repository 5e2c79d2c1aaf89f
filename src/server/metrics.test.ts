// @vitest-environment node
/**
 * Metrics in Prometheus' format (issue 11, docs/operations.md "Metrics and alerts"): a real server
 * over the stand-ins, its separate listener scraped after some requests, each family moving as
 * the requests say, labels from fixed sets whatever the URL.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startEmbeddedServices, type EmbeddedServices } from '../../embedded/server';
import type { Env } from './config';
import { metricsOrigin } from './metrics';
import { metricValue, parseMetrics, type Sample } from '../../testing/metrics';
import { startStandIns, testConfig, testServer } from '../../testing/server';
import { TEST_LOGICAL_DATE } from '../../testing/today';

let embedded: EmbeddedServices;
/** Stand-ins whose content calls all answer 500 (embedded/cms/faults.ts). */
let failing: EmbeddedServices;

beforeAll(async () => {
  embedded = await startStandIns();
  failing = await startEmbeddedServices({
    host: '127.0.0.1',
    port: 0,
    app: 'pari-boreal',
    timeZone: 'America/Toronto',
    anchorDate: TEST_LOGICAL_DATE,
    fault: '500',
  });
});

afterAll(async () => {
  await Promise.all([embedded.close(), failing.close()]);
});

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A ready server with metrics on a free loopback port (unless `env` says otherwise). */
async function site(env: Env = { METRICS_PORT: '0' }, cms = embedded.origin) {
  const app = await testServer(embedded.origin, {
    config: testConfig(embedded.origin, { ...env, CMS_ORIGIN: cms }),
    origins: {
      cms,
      media: embedded.origin,
      videoApi: `${embedded.origin}/video-api`,
      videoPlayer: `${embedded.origin}/video-player/embed`,
      podcastPlayer: `${embedded.origin}/podcast-player/`,
      bettingWidget: `${embedded.origin}/betting-widget/widget.js`,
    },
  });
  apps.push(app);
  await app.ready();
  return app;
}

async function scrape(app: FastifyInstance): Promise<{ text: string; samples: Sample[] }> {
  const origin = metricsOrigin(app);
  if (!origin) throw new Error('no metrics listener');
  const res = await fetch(`${origin}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  return { text, samples: parseMetrics(text) };
}

describe('the metrics listener', () => {
  it('answers GET /metrics on its own loopback port, apart from the site', async () => {
    const app = await site();
    const origin = metricsOrigin(app) ?? '';
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { text } = await scrape(app);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect((await fetch(`${origin}/other`)).status).toBe(404);
    expect((await fetch(`${origin}/metrics`, { method: 'POST' })).status).toBe(405);
    // The site itself has no metrics to show.
    const onSite = await app.inject({ url: '/metrics' });
    expect(onSite.body).not.toContain('process_resident_memory_bytes');
  });

  it('is off when METRICS_PORT is unset', async () => {
    const app = await site({});
    expect(metricsOrigin(app)).toBeUndefined();
    expect((await app.inject({ url: '/metrics' })).body).not.toContain('# TYPE');
  });

  it('closes with the server, after it', async () => {
    const app = await site();
    const origin = metricsOrigin(app) ?? '';
    await scrape(app);
    await app.close();
    expect(metricsOrigin(app)).toBeUndefined();
    await expect(fetch(`${origin}/metrics`)).rejects.toThrow();
  });

  it('counts for each server apart (one registry each)', async () => {
    const [one, two] = await Promise.all([site(), site()]);
    await one.inject({ url: '/livez' });
    const health = { route: 'health', status_class: '2xx' };
    expect(
      metricValue((await scrape(one)).samples, 'http_request_duration_seconds_count', health),
    ).toBe(1);
    expect(
      metricValue((await scrape(two)).samples, 'http_request_duration_seconds_count', health),
    ).toBe(0);
  });
});

describe('the metric families', () => {
  it('has the process and Node.js metrics, the event loop delay among them', async () => {
    const { samples } = await scrape(await site());
    expect(metricValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(metricValue(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(metricValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds'])
      expect(samples.some((s) => s.name === name)).toBe(true);
  });

  it('counts a page miss then a hit, the requests by route kind and status class, and the render', async () => {
    const app = await site();
    expect((await app.inject({ url: '/fr/promotions' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/fr/promotions' })).statusCode).toBe(200);
    // The same page's data: its content comes from the content cache now.
    expect((await app.inject({ url: '/_data/view?path=/fr/promotions' })).statusCode).toBe(200);
    const { samples } = await scrape(app);

    // The view answer is kept as its page is (docs/decisions/0062): its first ask a miss too.
    expect(metricValue(samples, 'page_cache_lookups_total', { outcome: 'miss' })).toBe(2);
    expect(metricValue(samples, 'page_cache_lookups_total', { outcome: 'hit' })).toBe(1);
    const count = 'http_request_duration_seconds_count';
    expect(metricValue(samples, count, { route: 'page', status_class: '2xx' })).toBe(2);
    expect(metricValue(samples, count, { route: 'data', status_class: '2xx' })).toBe(1);
    expect(
      metricValue(samples, 'http_request_duration_seconds_sum', { route: 'page' }),
    ).toBeGreaterThan(0);
    // Only the first request rendered.
    expect(metricValue(samples, 'render_duration_seconds_count', { view: 'content' })).toBe(1);

    expect(
      metricValue(samples, 'content_cache_lookups_total', { outcome: 'miss' }),
    ).toBeGreaterThan(0);
    expect(metricValue(samples, 'content_cache_lookups_total', { outcome: 'hit' })).toBeGreaterThan(
      0,
    );
    const calls = 'content_service_request_duration_seconds_count';
    expect(metricValue(samples, calls, { call: 'page' })).toBeGreaterThan(0);
    expect(metricValue(samples, calls, { call: 'site' })).toBeGreaterThan(0);
    expect(metricValue(samples, 'content_service_failures_total')).toBe(0);
  });

  it('counts content-service failures by call and reason, and what the caches could not serve', async () => {
    const app = await site({ METRICS_PORT: '0' }, failing.origin);
    const first = await app.inject({ url: '/fr/promotions' });
    // A failed page call ends on the 503 page (docs/requirements.md §8), whose site node fails too.
    expect(first.statusCode).toBe(302);
    expect((await app.inject({ url: first.headers.location ?? '' })).statusCode).toBe(503);
    const { samples } = await scrape(app);

    const failures = 'content_service_failures_total';
    expect(metricValue(samples, failures, { call: 'page', reason: 'status' })).toBeGreaterThan(0);
    expect(metricValue(samples, failures, { call: 'site', reason: 'status' })).toBeGreaterThan(0);
    expect(
      metricValue(samples, 'content_cache_lookups_total', { outcome: 'error' }),
    ).toBeGreaterThan(0);
    expect(metricValue(samples, 'content_cache_lookups_total', { outcome: 'hit' })).toBe(0);
    expect(metricValue(samples, 'page_cache_lookups_total', { outcome: 'error' })).toBe(1);
    const count = 'http_request_duration_seconds_count';
    expect(metricValue(samples, count, { route: 'page', status_class: '3xx' })).toBe(1);
    expect(metricValue(samples, count, { route: 'page', status_class: '5xx' })).toBe(1);
  });

  it('counts a 404 as 4xx, and hostile URLs add no label value', async () => {
    const app = await site();
    expect((await app.inject({ url: '/assets/nothing-here.js' })).statusCode).toBe(404);
    const hostile = () =>
      `/${randomBytes(1500).toString('hex')}/%22%7D%0Aevil_total%201?${randomBytes(8).toString('hex')}`;
    await app.inject({ url: hostile() });
    await app.inject({ method: 'POST', url: hostile() });
    const before = (await scrape(app)).samples;
    expect(
      metricValue(before, 'http_request_duration_seconds_count', {
        route: 'asset',
        status_class: '4xx',
      }),
    ).toBe(1);

    const tokens: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const url = hostile();
      tokens.push(url.slice(1, 40));
      await app.inject({ url });
      await app.inject({ method: i % 2 ? 'DELETE' : 'PUT', url });
    }
    const { text, samples } = await scrape(app);
    for (const token of tokens) expect(text).not.toContain(token);
    expect(text).not.toContain('evil_total');
    const series = (list: Sample[]) =>
      new Set(
        list
          .filter((s) => s.name.startsWith('http_request_duration_seconds'))
          .map((s) => `${s.name}${JSON.stringify(s.labels)}`),
      );
    // Twenty more strange URLs and forty more requests: not one more series.
    expect(series(samples)).toEqual(series(before));
    const routes = new Set(
      samples.filter((s) => s.labels.route !== undefined).map((s) => s.labels.route),
    );
    for (const route of routes)
      expect(['page', 'data', 'asset', 'seo', 'health', 'hook', 'other']).toContain(route);
    expect(metricValue(samples, 'http_request_duration_seconds_count', { route: 'other' })).toBe(
      21,
    );
  });
});
