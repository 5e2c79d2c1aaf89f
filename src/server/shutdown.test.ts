// @vitest-environment node
import { Agent, createServer, request, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { trackConnections, type DrainLog } from './shutdown';

interface Harness {
  server: Server;
  port: number;
  lines: string[];
  log: DrainLog;
  /** Responses of `/hold` requests, answered when the test says so. */
  held: ServerResponse[];
  heldArrived: Promise<void>;
}

const opened: Server[] = [];

async function harness(): Promise<Harness> {
  const held: ServerResponse[] = [];
  let arrived: () => void = () => undefined;
  const heldArrived = new Promise<void>((resolve) => (arrived = resolve));
  const server = createServer((req, res) => {
    if (req.url === '/hold' || req.url === '/hang') {
      held.push(res);
      arrived();
      return;
    }
    res.end('ok');
  });
  opened.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const lines: string[] = [];
  const log: DrainLog = {
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
  };
  return {
    server,
    port: (server.address() as AddressInfo).port,
    lines,
    log,
    held,
    heldArrived,
  };
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => server.close(() => resolve()));

function get(
  port: number,
  path: string,
  agent?: Agent,
): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }),
      );
    })
      .on('error', reject)
      .end();
  });
}

const closedSocket = (socket: Socket) =>
  new Promise<void>((resolve) => {
    if (socket.destroyed) resolve();
    else socket.once('close', () => resolve());
  });

afterEach(async () => {
  for (const server of opened.splice(0)) {
    server.closeAllConnections();
    await closeServer(server);
  }
});

describe('trackConnections', () => {
  it('closes idle keep-alive connections and silent sockets at once, then reports the drain', async () => {
    const h = await harness();
    const tracker = trackConnections(h.server, { graceMs: 60_000, log: h.log });
    const agent = new Agent({ keepAlive: true, maxSockets: 3 });
    await Promise.all([get(h.port, '/', agent), get(h.port, '/', agent), get(h.port, '/', agent)]);
    const pooled = Object.values(agent.freeSockets).flat();
    expect(pooled.length).toBeGreaterThan(0);
    // A socket that connected and never sent a request (a browser's preconnect, say).
    const silent = connect(h.port, '127.0.0.1');
    await new Promise((resolve) => silent.once('connect', resolve));
    // The server has accepted every one of them before the signal.
    const count = () =>
      new Promise<number>((resolve) => h.server.getConnections((_e, n) => resolve(n)));
    await expect.poll(count).toBe(pooled.length + 1);

    // The grace is a minute: the drain can only end this early because nothing waits on it.
    const outcome = await tracker.drain('SIGTERM', () => closeServer(h.server));

    expect(outcome).toBe('drained');
    await closedSocket(silent);
    await Promise.all(pooled.flatMap((s) => (s ? [closedSocket(s)] : [])));
    expect(h.lines[0]).toMatch(/^info SIGTERM: draining: \d+ idle connections closed, 0 requests/);
    expect(h.lines.at(-1)).toMatch(/^info SIGTERM: drained in \d+ ms, exiting$/);
    agent.destroy();
  });

  it('lets a request in flight finish with Connection: close, and refuses new connections', async () => {
    const h = await harness();
    const tracker = trackConnections(h.server, { graceMs: 60_000, log: h.log });
    const agent = new Agent({ keepAlive: true });
    const pending = get(h.port, '/hold', agent);
    await h.heldArrived;

    const drained = tracker.drain('SIGTERM', () => closeServer(h.server));
    expect(h.lines[0]).toContain('1 requests in flight');
    await expect(get(h.port, '/')).rejects.toThrow();

    h.held[0]?.end('late but whole');
    const answer = await pending;
    expect(answer).toEqual({ status: 200, body: 'late but whole', connection: 'close' });
    expect(await drained).toBe('drained');
    agent.destroy();
  });

  it('cuts what is still open after the grace and names it in one warning', async () => {
    const h = await harness();
    const tracker = trackConnections(h.server, { graceMs: 50, log: h.log });
    const pending = get(h.port, '/hang').catch((error: unknown) => error);
    await h.heldArrived;

    const outcome = await tracker.drain('SIGINT', () => closeServer(h.server));

    expect(outcome).toBe('forced');
    expect(await pending).toBeInstanceOf(Error);
    const warnings = h.lines.filter((l) => l.startsWith('warn'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /1 connections still open after \d+ ms, cut now: 127\.0\.0\.1:\d+ \(GET \/hang\)/,
    );
    expect(h.lines.at(-1)).toMatch(/^info SIGINT: forced in \d+ ms, exiting$/);
  });

  it('drains once however many signals come', async () => {
    const h = await harness();
    const tracker = trackConnections(h.server, { graceMs: 60_000, log: h.log });
    let closes = 0;
    const close = () => {
      closes += 1;
      return closeServer(h.server);
    };
    const [a, b] = await Promise.all([
      tracker.drain('SIGTERM', close),
      tracker.drain('SIGINT', close),
    ]);
    expect([a, b, closes]).toEqual(['drained', 'drained', 1]);
  });
});
