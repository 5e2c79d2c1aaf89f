/**
 * Limits per visitor behind the deploy/ nginx template, with a real nginx (installed by
 * scripts/ensure-test-tools.sh) and the site told to trust it (`TRUSTED_PROXIES`,
 * docs/decisions/0082-limits-per-visitor.md): one client flooding the error reports or the Web
 * Vitals beacons never keeps another client's from arriving and being counted, through nginx or
 * straight at the process. Clients are told apart by their loopback source address (127.0.0.2,
 * 127.0.0.3…: Linux answers the whole 127.0.0.0/8 on the loopback interface). No browser.
 */
import { rm } from 'node:fs/promises';
import type { Nginx } from '../../bench/lib/nginx';
import { stopAll } from '../../bench/lib/processes';
import { metricValue, parseMetrics } from '../../testing/metrics';
import { expect, test } from './fixtures';
import { nginxInFront, proxyWorkDir } from './support/nginx';
import { postFrom } from './support/raw-http';
import { freePort, startSiteProcess, type SiteProcess } from './support/site-process';

/** POSTs a JSON body from a given local address; resolves with the status. */
async function post(origin: string, url: string, body: unknown, from: string, headers = {}) {
  return (await postFrom(origin, url, JSON.stringify(body), from, headers)).status;
}

const REPORT = { kind: 'render', block: 'carrousel', page: 'content', message: 'boom' };
const BEACON = { page: 'content', navigation: 'load', metrics: { LCP: 1800, FCP: 900 } };

/** A page view's token for `from`, through `origin`; undefined when refused. */
async function viewFor(origin: string, from: string): Promise<string | undefined> {
  const answer = await postFrom(origin, '/_vitals/view', '', from);
  return answer.status === 200 ? answer.body : undefined;
}

test.describe('limits per visitor behind nginx', () => {
  let dir: string;
  let site: SiteProcess | undefined;
  let nginx: Nginx;
  let metrics: string;

  test.beforeAll(async () => {
    dir = await proxyWorkDir('limits');
    const metricsPort = await freePort();
    metrics = `http://127.0.0.1:${metricsPort}/metrics`;
    site = await startSiteProcess({
      TRUSTED_PROXIES: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
      RUM_SAMPLE_RATE: '1',
      LOG_LEVEL: 'error',
    });
    nginx = await nginxInFront(dir, [site.port]);
  });

  test.afterAll(async () => {
    await stopAll();
    site?.kill();
    await rm(dir, { recursive: true, force: true });
  });

  const scrape = async (family: string, labels: Record<string, string> = {}) =>
    metricValue(parseMetrics(await (await fetch(metrics)).text()), family, labels);

  test('one client flooding the error reports through nginx silences no other, and the refusals show', async () => {
    const before = await scrape('client_errors_total');
    const flood: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      flood.push(await post(nginx.origin, '/_errors', REPORT, '127.0.0.2'));
    }
    // nginx's burst, then its 429s: the process hears no more of this client.
    expect(flood.filter((s) => s === 204)).toHaveLength(10);
    expect(flood.filter((s) => s === 429)).toHaveLength(30);
    // Others, through the same nginx, are heard and counted.
    for (const from of ['127.0.0.3', '127.0.0.4']) {
      expect(await post(nginx.origin, '/_errors', REPORT, from)).toBe(204);
    }
    expect((await scrape('client_errors_total')) - before).toBe(12);
  });

  test('one client flooding the beacons through nginx leaves the others’ in the histograms', async () => {
    const before = await scrape('web_vitals_beacons_total');
    // Page views' tokens: nginx's burst of 4, then its 429s (docs/decisions/0087-beacons-that-cannot-lie.md).
    const views: (string | undefined)[] = [];
    for (let i = 0; i < 10; i += 1) views.push(await viewFor(nginx.origin, '127.0.0.5'));
    const given = views.filter((view) => view !== undefined);
    expect(given).toHaveLength(4);
    const flood: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const view = given[i % given.length];
      flood.push(await post(nginx.origin, '/_vitals', { ...BEACON, view }, '127.0.0.5'));
    }
    // nginx passes its burst of 20; of those, each page view is heard once.
    expect(flood.filter((s) => s === 204)).toHaveLength(4);
    expect(flood.filter((s) => s === 400)).toHaveLength(16);
    expect(flood.filter((s) => s === 429)).toHaveLength(40);
    const view = await viewFor(nginx.origin, '127.0.0.6');
    expect(await post(nginx.origin, '/_vitals', { ...BEACON, view }, '127.0.0.6')).toBe(204);
    expect((await scrape('web_vitals_beacons_total')) - before).toBe(5);
  });

  test('straight at the process, a client’s forged X-Forwarded-For buys it no new bucket', async () => {
    const origin = site?.origin ?? '';
    const before = await scrape('client_errors_refused_total', { reason: 'rate-limited' });
    const statuses: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      // Not a trusted proxy: its header is ignored, its own address is the bucket.
      const forged = { 'x-forwarded-for': `198.51.100.${i}` };
      statuses.push(await post(origin, '/_errors', REPORT, '127.0.0.7', forged));
    }
    expect(statuses.filter((s) => s === 204)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(await post(origin, '/_errors', REPORT, '127.0.0.8')).toBe(204);
    expect((await scrape('client_errors_refused_total', { reason: 'rate-limited' })) - before).toBe(
      5,
    );
  });
});
