/**
 * Slow clients are held at the proxy, not by a site process (issue 44; docs/operations.md "Slow
 * clients"; docs/decisions/0084-slow-clients-held-at-the-proxy.md): with the deploy/ nginx
 * template and Debian's nginx in front of the built site, 2,000 connections trickling their
 * request header a byte at a time, from 40 client addresses, are all nginx's while a visitor's
 * pages are answered and the process holds a handful of connections; nginx closes them at its
 * header time-out whatever they still send. Slow bodies are counted per client address and one
 * address past its limit is refused; bodies larger than the site reads are refused by nginx.
 * Clients are told apart by their loopback source address (Linux answers the whole 127.0.0.0/8
 * on the loopback interface). No browser.
 */
import { readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import type { Nginx } from '../../bench/lib/nginx';
import { stopAll } from '../../bench/lib/processes';
import { expect, test } from './fixtures';
import { nginxInFront, proxyWorkDir } from './support/nginx';
import { freePort, startSiteProcess, type SiteProcess } from './support/site-process';

/** The template's own numbers, so that the test follows them. */
const TEMPLATE = readFileSync('deploy/nginx/pari-boreal.conf.template', 'utf8');
function directive(name: string, unit = ''): number {
  const value = new RegExp(`^\\s*${name} (\\d+)${unit};`, 'm').exec(TEMPLATE)?.[1];
  if (value === undefined) throw new Error(`the template has no "${name}" line`);
  return Number(value);
}
const HEADER_TIMEOUT_MS = directive('client_header_timeout', 's') * 1000;
const BODY_TIMEOUT_MS = directive('client_body_timeout', 's') * 1000;
const PER_ADDRESS = directive('limit_conn pari_boreal_addresses');
const MAX_BODY = directive('client_max_body_size', 'k') * 1024;

/** The slow clients: 40 addresses (127.0.1.1 to 127.0.1.40) of 50 connections each. */
const ADDRESSES = Array.from({ length: 40 }, (_, i) => `127.0.1.${i + 1}`);
const PER_TRICKLING_ADDRESS = 50;
const HOLD = ADDRESSES.length * PER_TRICKLING_ADDRESS;
/** nginx's timer may fire this much before the client's clock says (its time is cached). */
const CLOCK_SLACK_MS = 1_000;
const PAGE = '/fr/accueil';
const HOOK_TOKEN = 'slow-clients-spec-token-0123456789abcdef';
const HEADER = `GET ${PAGE} HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: trickler\r\nX-Trickle: `;

interface Trickler {
  socket: Socket;
  /** Bytes written so far. */
  sent: number;
  lastSentAt: number;
  openedAt: number;
  closedAt?: number;
  /** Resolves once the connection is closed, by either side. */
  closed: Promise<void>;
}

/** Every trickler's socket not yet closed, for the clean-up. */
const openSockets = new Set<Socket>();

/** A connection from `from` that has sent `first` and nothing else yet. */
function openTrickler(port: number, from: string, first: string): Promise<Trickler> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from });
    openSockets.add(socket);
    const trickler: Trickler = {
      socket,
      sent: 0,
      lastSentAt: 0,
      openedAt: 0,
      closed: Promise.resolve(),
    };
    trickler.closed = new Promise<void>((resolveClosed) => {
      socket.once('close', () => {
        trickler.closedAt = Date.now();
        openSockets.delete(socket);
        resolveClosed();
      });
    });
    socket.once('connect', () => {
      trickler.openedAt = Date.now();
      socket.write(first);
      trickler.sent = first.length;
      trickler.lastSentAt = trickler.openedAt;
      resolve(trickler);
    });
    // Before the connection: a failure of the test's; after it, nginx's reset of a timed-out one.
    socket.on('error', (error) => (trickler.openedAt ? undefined : reject(error)));
    socket.resume();
  });
}

/** Opens `count` tricklers from each address, a hundred connections at a time. */
async function openMany(port: number, from: string[], count: number, first: (i: number) => string) {
  const plan = from.flatMap((address) => Array.from({ length: count }, () => address));
  const tricklers: Trickler[] = [];
  for (let i = 0; i < plan.length; i += 100) {
    const batch = plan
      .slice(i, i + 100)
      .map((address, j) => openTrickler(port, address, first(i + j)));
    tricklers.push(...(await Promise.all(batch)));
  }
  return tricklers;
}

/**
 * Sends each trickler the next byte of its header every 2 s (a twentieth of them every 100 ms):
 * the request line, then a header line that never ends. Returns the function that stops it.
 */
function trickle(tricklers: Trickler[]): () => void {
  let next = 0;
  const slice = Math.ceil(tricklers.length / 20);
  const timer = setInterval(() => {
    for (let i = 0; i < slice; i += 1) {
      const trickler = tricklers[(next + i) % tricklers.length];
      if (!trickler || trickler.closedAt !== undefined || !trickler.socket.writable) continue;
      trickler.socket.write(HEADER[trickler.sent] ?? 'a');
      trickler.sent += 1;
      trickler.lastSentAt = Date.now();
    }
    next = (next + slice) % tricklers.length;
  }, 100);
  return () => clearInterval(timer);
}

/** A request on a connection of its own from `from`: its status and how long the answer took. */
function ask(
  origin: string,
  options: {
    from: string;
    method?: string;
    path?: string;
    body?: string;
    headers?: Record<string, string>;
  },
): Promise<{ status: number; ms: number }> {
  const target = new URL(options.path ?? PAGE, origin);
  const began = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: options.method ?? 'GET',
        localAddress: options.from,
        agent: false,
        headers: {
          'accept-encoding': 'gzip',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: Math.round(performance.now() - began) }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** nginx's own counts (stub_status): connections open, reading a header, being answered. */
async function nginxCounts(url: string) {
  const text = await (await fetch(url)).text();
  const count = (name: string) => Number(new RegExp(`${name}:? *(\\d+)`).exec(text)?.[1]);
  return {
    active: count('Active connections'),
    reading: count('Reading'),
    writing: count('Writing'),
  };
}

/** Connections established to a local port, as the kernel lists them (IPv4 loopback). */
async function establishedTo(port: number): Promise<number> {
  const table = await readFile('/proc/net/tcp', 'utf8');
  const local = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  return table
    .split('\n')
    .slice(1)
    .filter((line) => {
      const [, address = '', , state] = line.trim().split(/\s+/);
      return address.endsWith(local) && state === '01';
    }).length;
}

/** The resident memory of nginx's worker, in KiB (its master's child that is a worker). */
async function workerMemory(masterPid: number): Promise<number> {
  const children = await readFile(`/proc/${masterPid}/task/${masterPid}/children`, 'utf8');
  for (const pid of children.trim().split(/\s+/)) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (!cmdline.includes('worker process')) continue;
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]);
  }
  return NaN;
}

/** This process's limit on open files (Node raises it to the hard limit at start). */
async function openFilesLimit(): Promise<number> {
  const limits = await readFile('/proc/self/limits', 'utf8');
  const soft = /^Max open files\s+(\S+)/m.exec(limits)?.[1] ?? '0';
  return soft === 'unlimited' ? Infinity : Number(soft);
}

/** How long each connection lasted from `from` to its close, shortest first. */
const lifetimes = (tricklers: Trickler[], from: (t: Trickler) => number) =>
  tricklers.map((t) => (t.closedAt ?? Infinity) - from(t)).sort((a, b) => a - b);
const range = (values: number[]) => `${Math.min(...values)}–${Math.max(...values)} ms`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

test.describe('slow clients held at the proxy', () => {
  test.describe.configure({ mode: 'serial' });

  let dir = '';
  let site: SiteProcess | undefined;
  let nginx: Nginx;
  let status = '';
  let stopTrickle: () => void = () => undefined;

  test.beforeAll(async () => {
    expect(await openFilesLimit(), 'open files of the test process (ulimit -n)').toBeGreaterThan(
      HOLD + 500,
    );
    dir = await proxyWorkDir('slow');
    site = await startSiteProcess({
      TRUSTED_PROXIES: '127.0.0.1',
      PUBLISH_HOOK_TOKEN: HOOK_TOKEN,
      LOG_LEVEL: 'error',
    });
    const statusPort = await freePort();
    status = `http://127.0.0.1:${statusPort}/status`;
    nginx = await nginxInFront(dir, [site.port], { statusPort });
  });

  test.afterEach(() => {
    stopTrickle();
    for (const socket of openSockets) socket.destroy();
  });

  test.afterAll(async () => {
    await stopAll();
    site?.kill();
    await rm(dir, { recursive: true, force: true });
  });

  test('2,000 connections trickling their header are nginx’s, a visitor is answered, and nginx closes them at its time-out', async () => {
    const port = Number(new URL(nginx.origin).port);
    const sitePort = site?.port ?? 0;
    // The page is in nginx's cache, as a visited page is.
    expect((await ask(nginx.origin, { from: '127.0.0.100' })).status).toBe(200);

    const memoryBefore = await workerMemory(nginx.process.pid);
    const tricklers = await openMany(port, ADDRESSES, PER_TRICKLING_ADDRESS, () => HEADER[0] ?? '');
    stopTrickle = trickle(tricklers);
    // nginx has accepted every one and is reading its header.
    await expect.poll(async () => (await nginxCounts(status)).reading).toBeGreaterThanOrEqual(HOLD);

    const visits: { status: number; ms: number }[] = [];
    for (let i = 0; i < 10; i += 1) visits.push(await ask(nginx.origin, { from: '127.0.0.100' }));
    expect(visits.map((v) => v.status)).toEqual(visits.map(() => 200));
    const siteConnections = await establishedTo(sitePort);
    const memoryHeld = (await workerMemory(nginx.process.pid)) - memoryBefore;
    // Answered while all were held: not one trickler was closed yet.
    expect(tricklers.filter((t) => t.closedAt !== undefined)).toHaveLength(0);
    expect((await nginxCounts(status)).reading).toBeGreaterThanOrEqual(HOLD);
    // The process holds nginx's few (kept-alive upstream connections, 32 at most), none of them.
    expect(siteConnections).toBeLessThan(40);

    await Promise.all(tricklers.map((t) => t.closed));
    stopTrickle();
    const lived = lifetimes(tricklers, (t) => t.openedAt);
    // Closed by the header's one timer, however they trickled: none before it.
    expect(lived[0]).toBeGreaterThanOrEqual(HEADER_TIMEOUT_MS - CLOCK_SLACK_MS);
    expect(tricklers.every((t) => t.sent > 2)).toBe(true);
    const ms = visits.map((v) => v.ms);
    test.info().annotations.push({
      type: 'measured',
      description: `${HOLD} held; ${visits.length} visits answered in ${range(ms)} (median ${median(ms)} ms); the process held ${siteConnections} connection(s); nginx's worker grew by ${memoryHeld} KiB; the tricklers closed after ${range(lived)}`,
    });
  });

  test('slow bodies are counted per client address: one address past its limit is refused, others are answered', async () => {
    const port = Number(new URL(nginx.origin).port);
    const from = '127.0.2.1';
    const post = `POST ${PAGE} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\nx`;
    // Headers whole, a body that stops at its first byte: each a request nginx is reading.
    const slow = await openMany(port, [from], PER_ADDRESS, () => post);
    // (Being answered besides: the status request itself.)
    await expect.poll(async () => (await nginxCounts(status)).writing).toBeGreaterThan(PER_ADDRESS);

    expect((await ask(nginx.origin, { from })).status).toBe(429);
    expect((await ask(nginx.origin, { from: '127.0.2.2' })).status).toBe(200);
    // None of them reached the process: nginx reads a body whole before it asks.
    expect(await establishedTo(site?.port ?? 0)).toBeLessThan(40);
    const log = await readFile(path.join(dir, 'nginx', 'error.log'), 'utf8');
    expect(log).toContain('limiting connections by zone "pari_boreal_addresses"');

    await Promise.all(slow.map((t) => t.closed));
    const idle = lifetimes(slow, (t) => t.lastSentAt);
    // Closed by the body's time-out, counted from the last byte nginx read.
    expect(idle[0]).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - CLOCK_SLACK_MS);
    // Its share free again.
    expect((await ask(nginx.origin, { from })).status).toBe(200);
    test.info().annotations.push({
      type: 'measured',
      description: `${PER_ADDRESS} slow bodies from one address, the next request refused; closed ${range(idle)} after their last byte`,
    });
  });

  test('a body larger than the site reads is refused by nginx; the publication hook’s passes', async () => {
    const from = '127.0.3.1';
    // At the limit, the site hears it (and refuses a POST to a page itself); past it, nginx.
    const atLimit = await ask(nginx.origin, { from, method: 'POST', body: 'x'.repeat(MAX_BODY) });
    expect(atLimit.status).toBe(405);
    const over = await ask(nginx.origin, { from, method: 'POST', body: 'x'.repeat(MAX_BODY + 1) });
    expect(over.status).toBe(413);
    // The hook's body, up to the site's 64 KiB, reaches the site, which reads it and purges.
    const body = JSON.stringify({ urls: Array.from({ length: 3000 }, (_, i) => `/fr/page-${i}`) });
    // Some 47 KB: many times a browser's largest, within the hook's.
    expect(body.length).toBeGreaterThan(16 * MAX_BODY);
    expect(body.length).toBeLessThan(64 * 1024);
    const hook = await ask(nginx.origin, {
      from,
      method: 'POST',
      path: '/_hooks/content-published',
      body,
      headers: { authorization: `Bearer ${HOOK_TOKEN}` },
    });
    expect(hook.status).toBe(200);
  });
});
