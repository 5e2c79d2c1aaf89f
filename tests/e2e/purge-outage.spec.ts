/**
 * An outage with a purge (issue 30 item 2; docs/security.md "Who can purge"): with the content
 * service down, a purge from each of its sources (the hook, a message on the Redis channel, Redis
 * coming back) must leave every page served as it was and the process ready; the purge Redis's
 * return calls for waits for the content service, and takes effect once it answers.
 */
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { expect, test } from './fixtures';
import { logged, publish, startPublishingBed, title, type PublishingBed } from './support/publish';
import { startSiteProcess, type SiteProcess } from './support/site-process';

/** A proxy in front of the content service that can be taken down (connections cut). */
async function gate(target: string): Promise<{ origin: string; down: boolean; server: Server }> {
  const state = { origin: '', down: false, server: createServer() };
  const upstream = new URL(target);
  state.server.on('request', (req, res) => {
    if (state.down) {
      req.socket.destroy();
      return;
    }
    const out = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
  return state;
}

test.describe('a purge while the content service is down', () => {
  test.setTimeout(120_000);

  let bed: PublishingBed | undefined;
  let site: SiteProcess | undefined;
  let proxy: Awaited<ReturnType<typeof gate>> | undefined;
  let sender: Redis | undefined;

  test.afterEach(async () => {
    site?.kill();
    sender?.disconnect();
    await new Promise((resolve) => proxy?.server.close(resolve) ?? resolve(undefined));
    proxy?.server.closeAllConnections();
    await bed?.close();
  });

  test('takes no page away, from any source, and waits for the service to purge on Redis’s return', async () => {
    bed = await startPublishingBed();
    const { embedded, redis, env, content } = bed;
    proxy = await gate(embedded.origin);
    site = await startSiteProcess({
      ...env,
      CMS_ORIGIN: proxy.origin,
      MEDIA_ORIGIN: embedded.origin,
      // A short wait on the dead service: each purged answer asks it once before the old one.
      CMS_TIMEOUT_MS: '500',
    });
    const s = site;
    await logged(s, 'listening for purges');
    const pages = ['/fr/accueil', '/en/home', '/fr/promotions'];
    const before = new Map<string, string>();
    for (const path of pages) before.set(path, await title(s, path));
    const allServed = async () => {
      for (const path of pages) expect(await title(s, path)).toBe(before.get(path));
      expect((await fetch(`${s.origin}/readyz`)).status).toBe(200);
    };

    proxy.down = true;
    // The hook, purging everything.
    expect((await publish(s, {})).summary).toMatchObject({ scope: 'all' });
    await allServed();
    // A message on the channel, as another instance (or anyone reaching Redis) sends it.
    sender = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    await sender.publish(
      'pari-boreal:content-published',
      JSON.stringify({
        from: 'another-instance',
        requestId: 'outage-test',
        purge: { all: 'test' },
      }),
    );
    await logged(s, '(sent by another instance)');
    await allServed();
    // Redis lost and back: its purge of everything waits for the content service.
    sender.disconnect();
    await redis.kill();
    await logged(s, 'is unreachable');
    await redis.start();
    await logged(s, 'is back');
    await allServed();
    expect(s.log()).not.toContain('Redis came back');

    // The service back, with a publication made meanwhile: the waiting purge takes effect.
    content.edit('pages/accueil.json', (page) => {
      page.title = { fr: 'Accueil publié', en: 'Home published' };
    });
    embedded.reload();
    proxy.down = false;
    await logged(s, 'Redis came back');
    await expect.poll(() => title(s, '/fr/accueil')).toMatch(/^Accueil publié/);
  });
});
