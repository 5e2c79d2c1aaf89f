/**
 * The CDN purged by tag through the built site and the deploy/ nginx template, with a real nginx
 * (issue 44 item 6, docs/decisions/0086-cdn-purged-by-tag.md): the tags reach the CDN through
 * nginx; a lot's publication purges, at a stand-in of Fastly's API, the tags of the pages that
 * show it, once nginx no longer holds a page made before it; and the first answer a CDN would
 * keep after the purge is the new page. No browser: plain HTTP requests.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { standInVariables, startDemoStandIns, type EmbeddedServices } from '../../embedded/server';
import type { Nginx } from '../../bench/lib/nginx';
import { stopAll } from '../../bench/lib/processes';
import { startSite } from '../../bench/lib/site';
import { startCdnStandIn, type CdnStandIn } from '../../testing/cdn';
import { lotTag } from '../../src/server/cdn-tags';
import { PUBLISH_HOOK_PATH } from '../../src/server/publish';
import { expect, test } from './fixtures';
import { nginxInFront, proxyWorkDir } from './support/nginx';
import { get } from './support/raw-http';
import { freePort } from './support/site-process';
import { TEST_LOGICAL_DATE } from '../../testing/today';

const SERVER_NAME = 'www.pari.example';
const SERVICE = 'SU1Z0isxPaozGVKXdv0eY';
const API_TOKEN = 'cdn-api-token-0123456789';
const HOOK_TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuvwxyz';
/** nginx's freshness here: the purge waits it and two seconds more. */
const PROXY_FRESH_SECONDS = 1;
const NEW_TEXT = 'Publié pour le CDN';

test.describe('a CDN purged by tag behind nginx', () => {
  let dir = '';
  let standIns: EmbeddedServices | undefined;
  let cdn: CdnStandIn | undefined;
  let nginx: Nginx | undefined;
  let sitePort = 0;

  test.afterAll(async () => {
    await stopAll();
    await standIns?.close();
    await cdn?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('purges the pages that show a published lot, after nginx holds the new ones', async () => {
    test.setTimeout(120_000);
    dir = await proxyWorkDir('cdn');
    const contentDir = path.join(dir, 'content');
    await cp(path.join('embedded', 'cms', 'content'), contentDir, { recursive: true });
    standIns = await startDemoStandIns(TEST_LOGICAL_DATE, { contentDir });
    cdn = await startCdnStandIn('fastly', SERVICE, API_TOKEN);
    sitePort = await freePort();
    // The built site in production on the embedded stand-ins' copy (bench/lib/site.ts).
    await startSite({
      root: process.cwd(),
      port: sitePort,
      logDir: dir,
      label: 'cdn',
      env: {
        ...standInVariables(standIns.origin),
        PUBLIC_ORIGIN: `https://${SERVER_NAME}`,
        LOGICAL_DATE: TEST_LOGICAL_DATE,
        PROXY_FRESH_SECONDS: String(PROXY_FRESH_SECONDS),
        PUBLISH_HOOK_TOKEN: HOOK_TOKEN,
        CDN_TAG_HEADER: 'Surrogate-Key',
        CDN_PURGE: `fastly:${SERVICE}`,
        CDN_API_TOKEN: API_TOKEN,
        CDN_API_URL: cdn.apiUrl,
      },
    });
    nginx = await nginxInFront(dir, [sitePort], { serverName: SERVER_NAME });
    const { origin } = nginx;

    // The CDN's copies, as nginx sends them: the tags come through. (Both languages: a language
    // whose lots the process never read has its lists purged too, as it cannot tell.)
    for (const url of ['/fr/accueil', '/en/home', '/fr/promotions']) {
      const answer = await get(origin, url);
      expect(answer.status, url).toBe(200);
      cdn.cache.keep(url, answer.headers['surrogate-key'] as string | undefined);
    }
    expect(cdn.cache.tagsOf('/fr/accueil')).toContain(lotTag('lot-2026-001'));
    expect(cdn.cache.tagsOf('/fr/promotions')).not.toContain(lotTag('lot-2026-001'));

    // The lot's new text is published.
    const file = path.join(contentDir, 'lots.json');
    const json = JSON.parse(await readFile(file, 'utf8')) as {
      lots: { name: string; billet: { ville: string } }[];
    };
    const lot = json.lots.find((l) => l.name === 'lot-2026-001');
    if (!lot) throw new Error('no lot-2026-001 in the demo content');
    lot.billet.ville = NEW_TEXT;
    await writeFile(file, JSON.stringify(json, null, 2));
    standIns.reload();
    const hooked = Date.now();
    const hook = await fetch(`http://127.0.0.1:${sitePort}${PUBLISH_HOOK_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${HOOK_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nodes: ['/lot-2026-001'] }),
    });
    expect(await hook.json()).toMatchObject({
      scope: 'all',
      cdn: { scope: 'tags', inSeconds: PROXY_FRESH_SECONDS + 2 },
    });

    await cdn.accepted(1);
    expect(Date.now() - hooked).toBeGreaterThanOrEqual((PROXY_FRESH_SECONDS + 2) * 1000);
    expect(cdn.purges[0]?.tags.sort()).toEqual([lotTag('lot-2026-001'), 'overflow'].sort());
    expect(cdn.cache.has('/fr/accueil')).toBe(false);
    expect(cdn.cache.has('/en/home')).toBe(false);
    expect(cdn.cache.has('/fr/promotions')).toBe(true);

    // The CDN asks nginx again: an old copy comes only marked not to be kept; the first one it
    // keeps is the new page.
    for (;;) {
      const answer = await get(origin, '/fr/accueil');
      if (answer.headers['surrogate-control'] !== 'max-age=0') {
        expect(answer.body).toContain(NEW_TEXT);
        break;
      }
      await sleep(100);
    }
  });
});
