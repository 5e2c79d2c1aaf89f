/**
 * Real-user Core Web Vitals (docs/operations.md "Speed in visitors' browsers", decision 0069), on
 * a site of the test's with every document in the sample (RUM_SAMPLE_RATE=1) and its metrics on:
 * a first load sends one beacon with the five metrics, a client-side page view one of its own, the
 * histograms move; garbage and oversize bodies are refused and counted.
 */
import { VITALS_PATH, WATCHING_MARK } from '../../src/domain/web-vitals';
import { metricValue, parseMetrics, type Sample } from '../../testing/metrics';
import { expect, test, waitForHydration } from './fixtures';
import { freePort, startSiteProcess, type SiteProcess } from './support/site-process';

test.describe.configure({ mode: 'serial' });

let site: SiteProcess | undefined;
let metricsUrl = '';

test.beforeAll(async () => {
  const port = await freePort();
  site = await startSiteProcess({
    RUM_SAMPLE_RATE: '1',
    METRICS_PORT: String(port),
    LOG_LEVEL: 'warn',
  });
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
});

test.afterAll(() => {
  site?.kill();
});

const scrape = async (): Promise<Sample[]> => parseMetrics(await (await fetch(metricsUrl)).text());

test('a first load sends one beacon with the five metrics, a client-side page view its own, and the histograms move', async ({
  page,
}) => {
  const origin = site?.origin ?? '';
  const beacons: Record<string, unknown>[] = [];
  // Read on their way (a beacon's body is a Blob, which the request event does not show).
  await page.route(`**${VITALS_PATH}`, async (route) => {
    beacons.push(route.request().postDataJSON() as Record<string, unknown>);
    await route.continue();
  });
  await page.goto(`${origin}/en/home`);
  await waitForHydration(page);
  // web-vitals comes once the page is interactive and the browser idle.
  await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark).length > 0,
    WATCHING_MARK,
  );
  // An interaction, for INP.
  await page.locator('#mount-main h1').first().click();
  // A client-side navigation ends the load's page view; the site map's begins.
  await page.evaluate(() => {
    history.pushState(null, '', '/en/site-map');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  const siteMap = page.getByRole('heading', { level: 1, name: 'Site map' });
  await expect(siteMap).toBeVisible();
  await siteMap.click();
  // The page hidden, as when the visitor switches tabs: both page views send their beacon. (One
  // leaving the document sends them too, as the page goes, where Playwright no longer sees them.)
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect.poll(() => beacons.length).toBe(2);
  expect(beacons.find((b) => b.navigation === 'load')).toEqual({
    view: expect.stringMatching(/^[\w-]{22}$/) as unknown,
    page: 'content',
    navigation: 'load',
    metrics: {
      TTFB: expect.any(Number) as unknown,
      FCP: expect.any(Number) as unknown,
      LCP: expect.any(Number) as unknown,
      INP: expect.any(Number) as unknown,
      CLS: expect.any(Number) as unknown,
    },
  });
  expect(beacons.find((b) => b.navigation === 'client')).toMatchObject({
    page: 'site-map',
    metrics: { INP: expect.any(Number) as unknown, CLS: expect.any(Number) as unknown },
  });

  // Sent as the page went: the server may still be reading them.
  await expect.poll(async () => metricValue(await scrape(), 'web_vitals_beacons_total')).toBe(2);
  const samples = await scrape();
  const load = { page: 'content', navigation: 'load' };
  for (const family of ['lcp_seconds', 'inp_seconds', 'cls', 'fcp_seconds', 'ttfb_seconds']) {
    expect(metricValue(samples, `web_vitals_${family}_count`, load), family).toBe(1);
  }
  const client = { page: 'site-map', navigation: 'client' };
  expect(metricValue(samples, 'web_vitals_inp_seconds_count', client)).toBe(1);
  expect(metricValue(samples, 'web_vitals_lcp_seconds_count', client)).toBe(0);
});

test('a beacon of garbage or over its size is refused and counted', async ({ page }) => {
  const url = `${site?.origin ?? ''}${VITALS_PATH}`;
  const garbage = await page.request.post(url, {
    headers: { 'content-type': 'application/json' },
    data: '{"page":"content","navigation":"load","metrics":{"LCP":"soon"}}',
  });
  expect(garbage.status()).toBe(400);
  const oversize = await page.request.post(url, {
    headers: { 'content-type': 'application/json' },
    data: JSON.stringify({
      page: 'content',
      navigation: 'load',
      metrics: { LCP: 1 },
      pad: 'x'.repeat(4096),
    }),
  });
  expect(oversize.status()).toBe(413);
  const samples = await scrape();
  expect(metricValue(samples, 'web_vitals_refused_total', { reason: 'malformed' })).toBe(1);
  expect(metricValue(samples, 'web_vitals_refused_total', { reason: 'too-large' })).toBe(1);
});
