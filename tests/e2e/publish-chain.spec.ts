/**
 * The operator's whole chain for a publication (issue 11; docs/operations.md "Purge on publish"
 * and "Proxy and CDN caches"), as a deployment runs it: a real Redis, two built site processes
 * with the default lifetimes (30 s of content and page cache), the deploy/ nginx template in
 * front of both. The webhook sent to one process makes the new page show through nginx within
 * seconds, in both languages, and the metrics of both processes tell it. No browser.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureNginx, startNginx, type Nginx } from '../../bench/lib/nginx';
import { stop } from '../../bench/lib/processes';
import { metricValue, parseMetrics } from '../../testing/metrics';
import { expect, test } from './fixtures';
import { logged, publish, startPublishingBed, title, type PublishingBed } from './support/publish';
import { freePort, startSiteProcess, type SiteProcess } from './support/site-process';

const SERVER_NAME = 'www.pari.example';
const NODE = '/pari-boreal/accueil';
const PAGES = { fr: '/fr/accueil', en: '/en/home' } as const;
const OLD = { fr: /^Accueil\b/, en: /^Home\b/ } as const;
const NEW = { fr: 'Accueil du jour', en: 'Home of the day' } as const;
/** The defaults the sites run with (nothing set): nginx's freshness, the site's s-maxage. */
const PROXY_FRESH_SECONDS = 3;
const CONTENT_FRESH_SECONDS = 30;
/**
 * "Within seconds": nginx's freshness, one background refresh and generous room for a loaded
 * 2-core machine; well below the 30 s the site's caches would keep the old page without the hook.
 */
const WITHIN_MS = PROXY_FRESH_SECONDS * 1000 + 12_000;

interface Site extends SiteProcess {
  metrics: string;
}

async function scrape(site: Site): Promise<string> {
  const res = await fetch(`${site.metrics}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
}

test.describe('a publication through the whole chain', () => {
  test.describe.configure({ mode: 'serial' });

  let dir = '';
  let bed: PublishingBed | undefined;
  let nginx: Nginx | undefined;
  const sites: Site[] = [];

  test.afterAll(async () => {
    // Each by its PID, and each even when another failed to stop.
    if (nginx) await stop(nginx.process).catch(() => undefined);
    for (const site of sites.splice(0)) {
      site.kill();
      await site.exited;
    }
    await bed?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('a hook sent to one process shows the new page through nginx within seconds', async () => {
    test.setTimeout(120_000);
    dir = await mkdtemp(path.join(os.tmpdir(), 'pari-boreal-chain-'));
    // nginx's workers drop root's privileges: they must reach their cache inside.
    await chmod(dir, 0o755);
    bed = await startPublishingBed();
    const { content, embedded } = bed;
    // As a deployment sets them: no CONTENT_CACHE_TTL nor PROXY_FRESH_SECONDS (the defaults).
    const env = { ...bed.env, PUBLIC_ORIGIN: `https://${SERVER_NAME}` };
    for (let i = 0; i < 2; i += 1) {
      const metricsPort = await freePort();
      const site = await startSiteProcess({ ...env, METRICS_PORT: String(metricsPort) });
      sites.push({ ...site, metrics: `http://127.0.0.1:${metricsPort}` });
    }
    const [a, b] = sites as [Site, Site];
    for (const site of sites) await logged(site, 'listening for purges');
    nginx = await startNginx({
      binary: await ensureNginx(() => undefined),
      root: process.cwd(),
      prefix: path.join(dir, 'nginx'),
      port: await freePort(),
      upstreamPorts: [a.port, b.port],
      variant: 'cache',
      logFile: path.join(dir, 'nginx.log'),
      serverName: SERVER_NAME,
    });
    const proxy = nginx;

    // Both processes hold the page in both languages (whichever nginx asks later has it), with
    // the default lifetimes.
    for (const site of sites) {
      for (const lang of ['fr', 'en'] as const) {
        const res = await fetch(`${site.origin}${PAGES[lang]}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toContain(`s-maxage=${CONTENT_FRESH_SECONDS}`);
        expect(res.headers.get('x-accel-expires')).toBe(String(PROXY_FRESH_SECONDS));
        expect(await title(site, PAGES[lang])).toMatch(OLD[lang]);
      }
    }
    // And nginx keeps it.
    for (const lang of ['fr', 'en'] as const) {
      const first = await fetch(`${proxy.origin}${PAGES[lang]}`);
      expect(first.status).toBe(200);
      await first.arrayBuffer();
      const second = await fetch(`${proxy.origin}${PAGES[lang]}`);
      expect(second.headers.get('x-cache-status')).toBe('HIT');
      expect(/<title>([^<]*)</.exec(await second.text())?.[1]).toMatch(OLD[lang]);
    }
    const warmed = Date.now();

    // The publication reaches the content service; every cache still holds the old page.
    content.edit('pages/accueil.json', (page) => {
      page.title = { ...NEW };
    });
    embedded.reload();
    for (const lang of ['fr', 'en'] as const) {
      expect(await title(proxy, PAGES[lang])).toMatch(OLD[lang]);
      for (const site of sites) expect(await title(site, PAGES[lang])).toMatch(OLD[lang]);
    }
    const before = await Promise.all(sites.map(scrape));

    // The webhook, to one process, straight (the route is not for the public).
    const hook = await publish(a, { nodes: [NODE] });
    expect(hook.summary).toMatchObject({ scope: 'pages', broadcast: 'sent' });
    const published = Date.now();

    // Through nginx, in both languages, within seconds.
    const shown = { fr: false, en: false };
    while (!(shown.fr && shown.en) && Date.now() - published < WITHIN_MS) {
      for (const lang of ['fr', 'en'] as const)
        if (!shown[lang]) shown[lang] = (await title(proxy, PAGES[lang])).startsWith(NEW[lang]);
      if (!(shown.fr && shown.en)) await sleep(250);
    }
    const took = Date.now() - published;
    expect(shown, `through nginx after ${took} ms`).toEqual({ fr: true, en: true });
    expect(took).toBeLessThan(WITHIN_MS);
    // Sooner than the site's caches would have let it without the hook.
    expect(Date.now() - warmed).toBeLessThan(CONTENT_FRESH_SECONDS * 1000);
    // Each process serves it too (the other one heard it through Redis).
    for (const site of sites)
      for (const lang of ['fr', 'en'] as const)
        expect(await title(site, PAGES[lang])).toMatch(new RegExp(`^${NEW[lang]}\\b`));
    await logged(b, hook.requestId);

    // The metrics: the hook counted where it came; a page cache miss after the purge on both.
    const after = await Promise.all(sites.map(scrape));
    const hooks = (text: string) =>
      metricValue(parseMetrics(text), 'http_request_duration_seconds_count', {
        route: 'hook',
        status_class: '2xx',
      });
    expect(hooks(after[0] ?? '') - hooks(before[0] ?? '')).toBe(1);
    expect(hooks(after[1] ?? '')).toBe(0);
    const misses = (text: string) =>
      metricValue(parseMetrics(text), 'page_cache_lookups_total', { outcome: 'miss' });
    for (let i = 0; i < sites.length; i += 1)
      expect(misses(after[i] ?? ''), `page cache misses of process ${i + 1}`).toBeGreaterThan(
        misses(before[i] ?? ''),
      );
  });
});
