/**
 * SIGTERM on the real built process (docs/operations.md "Stopping"): requests in flight finish,
 * idle keep-alive clients and a proxy's idle connections do not hold it, new connections are
 * refused, and it exits with 0 well within the 10 s a service manager gives it, whatever the
 * reader of its log does (gone, or no longer reading).
 */
import { access, mkdtemp, rm } from 'node:fs/promises';
import { constants } from 'node:fs';
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startDemoStandIns, type EmbeddedServices } from '../../embedded/server';
import { startNginx } from '../../bench/lib/nginx';
import { stop, type Started } from '../../bench/lib/processes';
import { expect, test } from './fixtures';
import { freePort, startSiteProcess, type SiteProcess } from './support/site-process';
import { TEST_LOGICAL_DATE } from '../../testing/today';

/** The promise made to service managers (deploy/systemd: TimeoutStopSec). */
const STOP_BOUND_MS = 10_000;
const NGINX = '/usr/sbin/nginx';

interface Answer {
  status: number;
  connection: string | undefined;
}

function get(url: string, options: { agent?: Agent | false; userAgent?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    httpRequest(
      url,
      {
        agent: options.agent,
        headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
        );
      },
    )
      .on('error', reject)
      .end();
  });
}

const closed = (socket: Socket) =>
  new Promise<void>((resolve) =>
    socket.destroyed ? resolve() : socket.once('close', () => resolve()),
  );

/** Keep-alive sockets left idle in `agent`'s pool after `count` parallel requests. */
async function idleKeepAlive(origin: string, agent: Agent, count: number): Promise<Socket[]> {
  await Promise.all(Array.from({ length: count }, () => get(`${origin}/date`, { agent })));
  const sockets = Object.values(agent.freeSockets).flat() as Socket[];
  expect(sockets.length).toBe(count);
  return sockets;
}

/** A socket that connects and never sends a request (a browser's preconnect, say). */
async function silentSocket(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

/** How the process ended, or undefined if it still runs `ms` after `since`. */
async function exitWithin(site: SiteProcess, since: number, ms: number) {
  return Promise.race([site.exited, sleep(since + ms - Date.now()).then(() => undefined)]);
}

test.describe('shutdown', () => {
  test.setTimeout(90_000);

  let embedded: EmbeddedServices | undefined;
  let site: SiteProcess | undefined;
  let nginx: Started | undefined;
  let prefix: string | undefined;
  const agents: Agent[] = [];

  test.afterEach(async () => {
    site?.kill();
    if (nginx) await stop(nginx);
    agents.splice(0).forEach((agent) => agent.destroy());
    await embedded?.close();
    if (prefix) await rm(prefix, { recursive: true, force: true });
    site = embedded = nginx = prefix = undefined;
  });

  test('under load with idle keep-alive clients: in-flight requests finish, then exit 0', async () => {
    // The content service behind a gate: the page calls of the burst wait there, so the
    // signal is sure to come while the site holds every one of them.
    embedded = await startDemoStandIns(TEST_LOGICAL_DATE);
    const upstream = new URL(embedded.origin);
    const held: (() => void)[] = [];
    let gateOpen = false;
    const forward = (req: IncomingMessage, res: ServerResponse) => {
      const call = httpRequest(
        { host: upstream.hostname, port: upstream.port, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      call.on('error', () => res.writeHead(502).end());
      call.end();
    };
    const gate = createServer((req, res) => {
      // Every page lookup (each request's first call) waits while the gate is shut.
      if (!gateOpen && /[?&]URL(?:fr|en)=/.test(req.url ?? '')) held.push(() => forward(req, res));
      else forward(req, res);
    });
    await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
    const gateOrigin = `http://127.0.0.1:${(gate.address() as AddressInfo).port}`;

    site = await startSiteProcess({
      CMS_ORIGIN: gateOrigin,
      MEDIA_ORIGIN: embedded.origin,
      // No cache: every request of the burst makes its own page call, counted at the gate.
      CONTENT_CACHE_TTL: '0',
      CMS_TIMEOUT_MS: '30000',
    });
    const { origin, port } = site;

    const keepAlive = new Agent({ keepAlive: true });
    agents.push(keepAlive);
    const idle = await idleKeepAlive(origin, keepAlive, 4);
    const silent = await silentSocket(port);

    // The burst, on keep-alive connections: page views and view data. Six different pages, as
    // Internet Explorer asks for them: requests for one page (or one variant of it) share one
    // render in flight, which would make fewer page lookups than requests.
    const busy = new Agent({ keepAlive: true });
    agents.push(busy);
    const pages = [
      '/fr/accueil',
      '/fr/promotions',
      '/fr/gagnants',
      '/fr/billets-gagnants',
      '/fr/chroniques',
      '/en/home',
    ];
    // Settled either way, so that a failure before they are awaited leaves no stray rejection.
    const burst: Promise<unknown>[] = [
      ...pages.map((page) =>
        get(`${origin}${page}`, {
          agent: busy,
          userAgent: 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko',
        }).catch((error: unknown) => error),
      ),
      // The view data of the same six pages: one view answer per page is made at a time too.
      ...pages.map((page) =>
        get(`${origin}/_data/view?path=${page}`, { agent: busy }).catch((error: unknown) => error),
      ),
    ];
    await expect.poll(() => held.length, { timeout: 30_000 }).toBe(burst.length);

    const signalled = Date.now();
    site.child.kill('SIGTERM');
    await expect.poll(() => site?.log() ?? '').toContain('SIGTERM: draining');
    // Idle clients are let go at once, before the burst is answered.
    await Promise.all([...idle, silent].map(closed));
    await expect(get(`${origin}/date`, { agent: false })).rejects.toThrow();

    gateOpen = true;
    held.splice(0).forEach((release) => release());
    const answers = await Promise.all(burst);
    expect(answers).toEqual(burst.map(() => ({ status: 200, connection: 'close' })));

    const exit = await site.exited;
    gate.closeAllConnections();
    await new Promise<void>((resolve) => gate.close(() => resolve()));
    expect(exit.code).toBe(0);
    expect(exit.at - signalled).toBeLessThan(STOP_BOUND_MS);
    const log = site.log();
    expect(log).toMatch(/SIGTERM: draining: \d+ idle connections closed, 12 requests in flight/);
    expect(log).toMatch(/SIGTERM: drained in \d+ ms, exiting/);
    expect(log).not.toContain('still open after');
  });

  test('behind nginx holding keep-alive connections: exit 0 at once', async () => {
    const found = await access(NGINX, constants.X_OK).then(
      () => true,
      () => false,
    );
    test.skip(!found, `${NGINX} is missing: install Debian's nginx package to run this case`);

    site = await startSiteProcess();
    prefix = await mkdtemp(path.join(os.tmpdir(), 'pb-nginx-'));
    const proxied = await startNginx({
      binary: NGINX,
      root: process.cwd(),
      prefix,
      port: await freePort(),
      upstreamPorts: [site.port],
      variant: 'no-cache',
      logFile: path.join(prefix, 'nginx.log'),
    });
    nginx = proxied.process;
    // Parallel requests through nginx leave several idle upstream connections in its pool.
    const client = new Agent({ keepAlive: true });
    agents.push(client);
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => get(`${proxied.origin}/fr/accueil`, { agent: client })),
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    }

    const signalled = Date.now();
    site.child.kill('SIGTERM');
    const exit = await site.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalled).toBeLessThan(STOP_BOUND_MS);
    const log = site.log();
    const drained = /SIGTERM: draining: (\d+) idle connections closed/.exec(log);
    expect(Number(drained?.[1] ?? 0)).toBeGreaterThan(0);
    expect(log).toMatch(/SIGTERM: drained in \d+ ms, exiting/);
    expect(log).not.toContain('still open after');
  });

  test('/readyz answers 503 from SIGTERM on while the listener still serves; a second signal ends the wait', async () => {
    // A wait far longer than the test: only the second signal can end it.
    site = await startSiteProcess({ SHUTDOWN_DELAY_MS: '600000' });
    const { origin } = site;
    expect((await get(`${origin}/readyz`, { agent: false })).status).toBe(200);

    site.child.kill('SIGTERM');
    await expect
      .poll(async () => (await get(`${origin}/readyz`, { agent: false })).status, {
        timeout: 20_000,
      })
      .toBe(503);
    // New connections are still accepted and answered while the load balancer takes it out.
    expect((await get(`${origin}/fr/accueil`, { agent: false })).status).toBe(200);
    expect((await get(`${origin}/livez`, { agent: false })).status).toBe(200);
    expect(site.log()).toContain('SIGTERM: /readyz answers 503');

    const signalled = Date.now();
    site.child.kill('SIGTERM');
    const exit = await site.exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalled).toBeLessThan(STOP_BOUND_MS);
    expect(site.log()).toMatch(/SIGTERM: drained in \d+ ms, exiting/);
  });

  test('its log reader gone (EPIPE on every line), SIGTERM still ends it in time', async () => {
    site = await startSiteProcess();
    // What reads its standard output goes away (a parent that exited, a log shipper that died):
    // every line written from now on fails with EPIPE.
    site.child.stdout?.destroy();
    const signalled = Date.now();
    site.child.kill('SIGTERM');
    const exit = await exitWithin(site, signalled, STOP_BOUND_MS);
    expect(exit, `still running ${STOP_BOUND_MS} ms after SIGTERM`).toBeDefined();
    expect(exit?.code).toBe(0);
  });

  test('its log reader stuck (the pipe full), SIGTERM still ends it in time', async () => {
    site = await startSiteProcess({ SHUTDOWN_GRACE_MS: '3000' });
    const { origin } = site;
    // The reader stops reading; one access line per request fills the pipe and what the reader
    // would hold (some 200 KB), then the site's own writes wait.
    site.child.stdout?.pause();
    const agent = new Agent({ keepAlive: true });
    agents.push(agent);
    for (let round = 0; round < 40; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => get(`${origin}/date`, { agent })),
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    }
    const signalled = Date.now();
    site.child.kill('SIGTERM');
    const exit = await exitWithin(site, signalled, STOP_BOUND_MS);
    expect(exit, `still running ${STOP_BOUND_MS} ms after SIGTERM`).toBeDefined();
    expect(exit?.code).toBe(0);
  });
});
