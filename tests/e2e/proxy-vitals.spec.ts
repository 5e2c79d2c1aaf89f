/**
 * Beacons that cannot lie much (docs/decisions/0087-beacons-that-cannot-lie.md), as deployed: two
 * site processes sharing Redis, the deploy/ nginx template in front. A page view's token is good
 * at any process, once; while Redis is away none is given and no beacon counts. Real page views in
 * Chromium send their beacons, then one client floods through nginx with beacons of the largest
 * values the site accepts: it gets 4 page views' worth in, and the p75 of every histogram stays
 * among the values the real page views measured.
 *
 * The real visitors reach the processes straight, each browser context with its own address in
 * X-Forwarded-For as a proxy the site trusts would give it (nginx would key them all on the one
 * loopback address Chromium connects from); the flood comes from its own loopback address
 * (127.0.0.66) through nginx, whose per-address zones hold across processes.
 */
import { rm } from 'node:fs/promises';
import type { Nginx } from '../../bench/lib/nginx';
import { stopAll } from '../../bench/lib/processes';
import { VIEWS_PATH, VITALS_PATH, WATCHING_MARK } from '../../src/domain/web-vitals';
import { histogramQuantile, metricValue, parseMetrics, type Sample } from '../../testing/metrics';
import { expect, test, waitForHydration } from './fixtures';
import { nginxInFront, proxyWorkDir } from './support/nginx';
import { postFrom } from './support/raw-http';
import { redisServer, type RedisServer } from './support/redis';
import { freePort, startSiteProcess, type SiteProcess } from './support/site-process';

test.describe.configure({ mode: 'serial' });

const beacon = (view: string, metrics: Record<string, number>) =>
  JSON.stringify({ view, page: 'content', navigation: 'load', metrics });

/** The largest values the site accepts, consistent with each other: what a liar would send. */
const EXTREME = { TTFB: 299_000, FCP: 299_500, LCP: 300_000, INP: 59_992, CLS: 50 };

const FAMILIES = [
  'web_vitals_lcp_seconds',
  'web_vitals_fcp_seconds',
  'web_vitals_ttfb_seconds',
  'web_vitals_inp_seconds',
  'web_vitals_cls',
];

let redis: RedisServer | undefined;
let sites: SiteProcess[] = [];
let metricsUrls: string[] = [];
let nginx: Nginx | undefined;
let dir = '';

test.beforeAll(async () => {
  dir = await proxyWorkDir('vitals');
  redis = await redisServer(await freePort());
  await redis.start();
  const ports = [await freePort(), await freePort()];
  metricsUrls = ports.map((port) => `http://127.0.0.1:${port}/metrics`);
  sites = await Promise.all(
    ports.map((port) =>
      startSiteProcess({
        RUM_SAMPLE_RATE: '1',
        TRUSTED_PROXIES: '127.0.0.1',
        REDIS_URL: redis?.url ?? '',
        METRICS_PORT: String(port),
        LOG_LEVEL: 'error',
      }),
    ),
  );
  nginx = await nginxInFront(
    dir,
    sites.map((site) => site.port),
  );
});

test.afterAll(async () => {
  await stopAll();
  for (const site of sites) site.kill();
  await redis?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Both processes' samples, as Prometheus sums them. */
const scrape = async (): Promise<Sample[]> =>
  (await Promise.all(metricsUrls.map(async (url) => (await fetch(url)).text()))).flatMap(
    parseMetrics,
  );

test('a page view’s token is good at any process, once, through Redis; while Redis is away none is given and no beacon counts', async () => {
  const [a, b] = sites.map((site) => site.origin);
  const from = '127.0.0.1';
  const visitor = { 'x-forwarded-for': '203.0.113.50' };
  const view = await postFrom(a ?? '', VIEWS_PATH, '', from, visitor);
  expect(view.status).toBe(200);
  const values = { TTFB: 40, FCP: 300, LCP: 400 };
  expect(
    (await postFrom(b ?? '', VITALS_PATH, beacon(view.body, values), from, visitor)).status,
  ).toBe(204);
  expect(
    (await postFrom(a ?? '', VITALS_PATH, beacon(view.body, values), from, visitor)).status,
  ).toBe(400);
  const kept = await postFrom(b ?? '', VIEWS_PATH, '', from, visitor);
  expect(kept.status).toBe(200);

  await redis?.kill();
  expect((await postFrom(a ?? '', VIEWS_PATH, '', from, visitor)).status).toBe(503);
  expect(
    (await postFrom(a ?? '', VITALS_PATH, beacon(kept.body, values), from, visitor)).status,
  ).toBe(503);
  await redis?.start();
  // Tokens again once the process has its connection back (each try from another visitor, whose
  // share of page views the tries do not use up).
  let attempt = 0;
  await expect
    .poll(async () => {
      attempt += 1;
      const next = { 'x-forwarded-for': `198.51.100.${attempt}` };
      return (await postFrom(b ?? '', VIEWS_PATH, '', from, next)).status;
    })
    .toBe(200);

  const samples = await scrape();
  expect(metricValue(samples, 'web_vitals_beacons_total')).toBe(1);
  expect(metricValue(samples, 'web_vitals_refused_total', { reason: 'unknown-view' })).toBe(1);
  expect(metricValue(samples, 'web_vitals_refused_total', { reason: 'unverified' })).toBe(1);
  // The first refusal, and the poll's until the connection came back.
  expect(
    metricValue(samples, 'web_vitals_views_total', { outcome: 'unavailable' }),
  ).toBeGreaterThanOrEqual(1);
});

const PAGES = ['/fr/accueil', '/en/home', '/fr/plan-du-site', '/en/site-map'];

test('real page views, then one client’s flood of extreme beacons through nginx: the p75 of every histogram stays among the real values', async ({
  browser,
}) => {
  const start = await scrape();
  const before = metricValue(start, 'web_vitals_beacons_total');
  // Four visitors at once, four page views each, each view with a click (INP) before it is hidden.
  await Promise.all(
    [1, 2, 3, 4].map(async (visitor) => {
      const context = await browser.newContext({
        extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${visitor}` },
      });
      const page = await context.newPage();
      const origin = sites[visitor % 2]?.origin ?? '';
      for (const path of PAGES) {
        const token = page.waitForResponse((res) => res.url().endsWith(VIEWS_PATH));
        const sent = page.waitForRequest((req) => req.url().endsWith(VITALS_PATH));
        await page.goto(`${origin}${path}`);
        await waitForHydration(page);
        await page.waitForFunction(
          (mark) => performance.getEntriesByName(mark).length > 0,
          WATCHING_MARK,
        );
        expect((await token).status()).toBe(200);
        // What each metric is read from exists before the click ends LCP and the page is hidden:
        // TTFB waits for the load, FCP and LCP for their paints (a busy machine delays them).
        await page.waitForLoadState('load');
        await page.evaluate(() =>
          Promise.all(
            ['paint', 'largest-contentful-paint'].map(
              (type) =>
                new Promise<void>((resolve) => {
                  new PerformanceObserver((_list, observer) => {
                    observer.disconnect();
                    resolve();
                  }).observe({ type, buffered: true });
                }),
            ),
          ),
        );
        await page.locator('h1').first().click();
        // The click's entry exists before the page is hidden: else its INP may not be read yet.
        await page.waitForFunction(() => performance.getEntriesByType('first-input').length > 0);
        await page.evaluate(() => {
          Object.defineProperty(document, 'visibilityState', {
            configurable: true,
            value: 'hidden',
          });
          document.dispatchEvent(new Event('visibilitychange'));
        });
        await sent;
      }
      await context.close();
    }),
  );
  const real = before + PAGES.length * 4;
  await expect.poll(async () => metricValue(await scrape(), 'web_vitals_beacons_total')).toBe(real);
  const honest = await scrape();

  // The flood: 100 rounds of a token asked for and a beacon sent with it (or, refused one, with
  // the last token again), all through nginx from one address, on 10 connections at once: over
  // in a second or two, before the address's share grows by one (every 10 s).
  const origin = nginx?.origin ?? '';
  let last = 'A'.repeat(22);
  const outcomes: number[] = [];
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let round = 0; round < 10; round += 1) {
        const view = await postFrom(origin, VIEWS_PATH, '', '127.0.0.66');
        if (view.status === 200) last = view.body;
        const sent = await postFrom(origin, VITALS_PATH, beacon(last, EXTREME), '127.0.0.66');
        outcomes.push(sent.status);
      }
    }),
  );
  const flooded = await scrape();
  const accepted = metricValue(flooded, 'web_vitals_beacons_total') - real;
  // nginx's zone gives the address 4 page views at once (and one more every 10 s).
  expect(outcomes.filter((status) => status === 204)).toHaveLength(accepted);
  expect(accepted).toBeGreaterThanOrEqual(1);
  expect(accepted).toBeLessThanOrEqual(5);

  for (const family of FAMILIES) {
    // Every real page view measured every metric: the flood meets 16 real values in each.
    const measured = metricValue(honest, `${family}_count`) - metricValue(start, `${family}_count`);
    expect(measured, family).toBe(real - before);
    const truth = histogramQuantile(0.75, honest, family);
    const after = histogramQuantile(0.75, flooded, family);
    // The highest bucket a real page view reached: the flood's values are far past it.
    const highest = histogramQuantile(1, honest, family);
    test.info().annotations.push({
      type: 'p75',
      description: `${family}: ${truth.toFixed(4)} → ${after.toFixed(4)} (real ≤ ${highest.toFixed(4)})`,
    });
    expect(after, family).toBeGreaterThanOrEqual(truth);
    expect(after, family).toBeLessThanOrEqual(highest);
  }
});
