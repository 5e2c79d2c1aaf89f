/**
 * The deploy/ nginx template in front of the site, with a real nginx (issue 11 item 6,
 * docs/decisions/0030): nginx keeps a shared page fresh for the site's `X-Accel-Expires`
 * (PROXY_FRESH_SECONDS) rather than its `s-maxage`, then revalidates it with a conditional
 * request the site answers 304, so a publication shows through nginx within seconds without
 * purging nginx; a copy served stale is marked for a CDN in front not to keep (decision 0086).
 * No browser: plain HTTP requests.
 */
import { chmod, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { standInVariables, startDemoStandIns, type EmbeddedServices } from '../../embedded/server';
import { ensureNginx, startNginx, type Nginx } from '../../bench/lib/nginx';
import { start, stop, stopAll, waitForUrl, type Started } from '../../bench/lib/processes';
import { expect, test } from './fixtures';
import { get } from './support/raw-http';
import { freePort } from './support/site-process';
import { TEST_LOGICAL_DATE } from '../../testing/today';

const SERVER_NAME = 'www.pari.example';
const PAGE = '/fr/promotions';
/** nginx's freshness in these tests, the s-maxage a CDN is told, far apart on purpose. */
const PROXY_FRESH_SECONDS = 4;
const S_MAXAGE = 300;
/**
 * The bound for "within seconds": the freshness, one background refresh and room for a loaded
 * 2-core machine, still far below the s-maxage nginx would otherwise follow.
 */
const WITHIN_MS = 30_000;
const MARKER = 'Publié à l’instant';

interface AccessLine {
  msg?: string;
  method?: string;
  path?: string;
  status?: number;
}

/** The site's access lines for `path` (pino JSON, one a line). */
async function accessLines(logFile: string, pathname: string): Promise<AccessLine[]> {
  const text = await readFile(logFile, 'utf8').catch(() => '');
  return text
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as AccessLine];
      } catch {
        return [];
      }
    })
    .filter((line) => line.msg === 'access' && line.path === pathname);
}

test.describe('nginx revalidates within seconds', () => {
  test.describe.configure({ mode: 'serial' });

  let dir = '';
  let contentDir = '';
  let standIns: EmbeddedServices | undefined;
  let standInsPort = 0;
  let sitePort = 0;
  let site: Started | undefined;
  let siteRun = 0;
  let siteLog = '';
  let nginx: Nginx | undefined;

  async function startStandIns(): Promise<void> {
    standIns = await startDemoStandIns(TEST_LOGICAL_DATE, { contentDir, port: standInsPort });
    standInsPort = Number(new URL(standIns.origin).port);
  }

  /** A site process on `sitePort` (always the same: nginx's upstream), logging every request. */
  async function startSite(): Promise<void> {
    siteRun += 1;
    siteLog = path.join(dir, `site-${siteRun}.log`);
    const origin = `http://127.0.0.1:${standInsPort}`;
    site = start({
      name: `site ${siteRun}`,
      command: process.execPath,
      args: ['dist/server/main.js'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(sitePort),
        ...standInVariables(origin),
        PUBLIC_ORIGIN: `https://${SERVER_NAME}`,
        LOGICAL_DATE: TEST_LOGICAL_DATE,
        LOG_LEVEL: 'info',
        ACCESS_LOG_LEVEL: 'info',
        // Long for the site and for CDNs: only X-Accel-Expires can make nginx quick.
        CONTENT_CACHE_TTL: `${S_MAXAGE}/600/86400`,
        PROXY_FRESH_SECONDS: String(PROXY_FRESH_SECONDS),
      },
      logFile: siteLog,
    });
    await waitForUrl(`http://127.0.0.1:${sitePort}/date`, site);
  }

  /** The stand-ins, one site process and nginx in front, started once for the group. */
  async function setUp(): Promise<Nginx> {
    if (nginx) return nginx;
    dir = await mkdtemp(path.join(os.tmpdir(), 'pari-boreal-freshness-'));
    // nginx's workers drop root's privileges: they must be able to reach their cache inside.
    await chmod(dir, 0o755);
    contentDir = path.join(dir, 'content');
    await cp(path.join('embedded', 'cms', 'content'), contentDir, { recursive: true });
    await startStandIns();
    sitePort = await freePort();
    await startSite();
    nginx = await startNginx({
      binary: await ensureNginx(() => undefined),
      root: process.cwd(),
      prefix: path.join(dir, 'nginx'),
      port: await freePort(),
      upstreamPorts: [sitePort],
      variant: 'cache',
      logFile: path.join(dir, 'nginx.log'),
      serverName: SERVER_NAME,
    });
    return nginx;
  }

  test.afterAll(async () => {
    // Everything this worker started is stopped by its PID, newest first.
    await stopAll();
    await standIns?.close();
    standIns = undefined;
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('a page is a HIT within its freshness, and X-Accel-Expires never reaches the client', async () => {
    test.setTimeout(90_000);
    const { origin } = await setUp();
    const first = await get(origin, PAGE);
    expect(first.status).toBe(200);
    expect(first.headers['x-cache-status']).toBe('MISS');
    const second = await get(origin, PAGE);
    expect(second.headers['x-cache-status']).toBe('HIT');
    for (const answer of [first, second]) {
      expect(answer.headers).not.toHaveProperty('x-accel-expires');
      // The CDN's lifetime goes on unchanged; nginx's own stays between nginx and the site.
      expect(answer.headers['cache-control']).toContain(`s-maxage=${S_MAXAGE}`);
    }
    // The site does send it: nginx takes it for itself.
    const direct = await get(`http://127.0.0.1:${sitePort}`, PAGE);
    expect(direct.headers['x-accel-expires']).toBe(String(PROXY_FRESH_SECONDS));
  });

  test('once expired, nginx asks the site with If-None-Match and the site answers 304', async () => {
    test.setTimeout(90_000);
    const { origin } = await setUp();
    const url = '/en/promotions';
    const filled = await get(origin, url);
    expect(filled.status).toBe(200);
    // The site writes its log asynchronously: its line comes a moment after the answer.
    await expect
      .poll(async () => (await accessLines(siteLog, url)).filter((l) => l.status === 200).length)
      .toBe(1);
    // Visitors keep coming; past the freshness one of them starts a revalidation in the
    // background (served the copy meanwhile), which the site answers 304.
    const seen = new Set<string>();
    const deadline = Date.now() + WITHIN_MS;
    let revalidated = false;
    while (!revalidated && Date.now() < deadline) {
      const answer = await get(origin, url);
      expect(answer.status).toBe(200);
      const status = String(answer.headers['x-cache-status']);
      seen.add(status);
      // A copy served stale may predate a publication: a CDN in front is told not to keep it
      // (its purge comes once nginx's copies are past their freshness; decision 0086).
      const stale = status === 'STALE' || status === 'UPDATING';
      expect(answer.headers['surrogate-control'], status).toBe(stale ? 'max-age=0' : undefined);
      expect(answer.headers['cdn-cache-control'], status).toBe(stale ? 'no-store' : undefined);
      revalidated = (await accessLines(siteLog, url)).some((l) => l.status === 304);
      if (!revalidated) await sleep(250);
    }
    expect(revalidated, `cache statuses seen: ${[...seen].join(', ')}`).toBe(true);
    // The revalidation was started by a visitor served the old copy, marked so.
    expect([...seen]).toContain('STALE');
    // No new render reached nginx: the copy was renewed by the 304, whose X-Accel-Expires made
    // it fresh again.
    const lines = await accessLines(siteLog, url);
    expect(lines.filter((l) => l.status === 200)).toHaveLength(1);
    await expect
      .poll(async () => (await get(origin, url)).headers['x-cache-status'], { timeout: 10_000 })
      .toBe('HIT');
  });

  test('a changed page shows through nginx within seconds, without purging nginx', async () => {
    test.setTimeout(120_000);
    const { origin } = await setUp();
    const before = await get(origin, PAGE);
    expect(before.status).toBe(200);
    expect(before.body).not.toContain(MARKER);

    // Publication: the content changes, and the site's own caches are emptied (here by a new
    // process on the same port, as the publish hook does in place). nginx is left alone.
    const file = path.join(contentDir, 'pages', 'promotions.json');
    const page = JSON.parse(await readFile(file, 'utf8')) as {
      description: { fr: string; en: string };
    };
    page.description.fr = `${MARKER}. ${page.description.fr}`;
    await writeFile(file, JSON.stringify(page, null, 2));
    await standIns?.close();
    await startStandIns();
    if (site) await stop(site);
    await startSite();
    const direct = await get(`http://127.0.0.1:${sitePort}`, PAGE);
    expect(direct.body).toContain(MARKER);
    const published = Date.now();

    // nginx's copy is at most PROXY_FRESH_SECONDS old here; the request after that serves it
    // once more while refreshing it, the next ones the new page.
    let shown = false;
    while (!shown && Date.now() - published < WITHIN_MS) {
      shown = (await get(origin, PAGE)).body.includes(MARKER);
      if (!shown) await sleep(250);
    }
    const took = Date.now() - published;
    expect(shown, `the new page did not show through nginx within ${WITHIN_MS} ms`).toBe(true);
    expect(took).toBeLessThan(WITHIN_MS);
    // And it stays: the new page is now nginx's copy.
    const after = await get(origin, PAGE);
    expect(after.body).toContain(MARKER);
  });

  test('private and unstored answers are never kept by nginx', async () => {
    test.setTimeout(90_000);
    const { origin } = await setUp();
    const IE = 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko';
    // A shared URL whose answer for Internet Explorer is private, asked first on an empty entry:
    // it must not become the copy the next visitor gets.
    const ie = await get(origin, '/fr/videos', { 'user-agent': IE });
    expect(ie.headers['cache-control']).toBe('private, no-cache');
    expect(ie.body).toContain('ie-banner');
    const next = await get(origin, '/fr/videos');
    expect(next.headers['x-cache-status']).not.toBe('HIT');
    expect(next.body).not.toContain('ie-banner');
    // The language from the visitor's cookie: private, asked again by others.
    const english = await get(origin, '/promotions', { cookie: 'sgdLocale=en' });
    expect(english.headers['cache-control']).toBe('private, no-cache');
    const french = await get(origin, '/promotions', { cookie: 'sgdLocale=fr' });
    expect(french.headers['x-cache-status']).not.toBe('HIT');
    expect(french.body).toContain('lang="fr');
    // A redirect (no-store).
    for (let i = 0; i < 2; i += 1) {
      const redirect = await get(origin, '/fr/nulle-part');
      expect(redirect.status).toBe(302);
      expect(redirect.headers['x-cache-status']).not.toBe('HIT');
    }
    // nginx 1.22 keeps a private answer out whatever follows its Cache-Control, but other
    // versions let X-Accel-Expires win: the site never sends it on one (src/server/pages.ts).
    const direct = `http://127.0.0.1:${sitePort}`;
    for (const answer of [
      await get(direct, '/fr/videos', { 'user-agent': IE }),
      await get(direct, '/promotions', { cookie: 'sgdLocale=en' }),
      await get(direct, '/fr/nulle-part'),
    ]) {
      expect(answer.headers['cache-control']).toMatch(/private|no-store/);
      expect(answer.headers).not.toHaveProperty('x-accel-expires');
    }
  });
});
