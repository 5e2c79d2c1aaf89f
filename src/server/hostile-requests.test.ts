// @vitest-environment node
/**
 * Requests no browser sends: traversal and malformed paths, odd methods, oversize URLs, headers
 * and bodies. Paths go over a real socket, byte for byte (the injector would normalise them).
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { connect, type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EmbeddedServices } from '../../embedded/server';
import { loadConfig } from './config';
import { securityHeaders } from './security';
import { registerAssets } from './static';
import { startStandIns, testServer } from '../../testing/server';
import { TEST_LOGICAL_DATE } from '../../testing/today';

interface LogLine {
  level: number;
  msg?: string;
  err?: unknown;
}

const WARN = 40;
const SECRET = 'never-served-secret';

let embedded: EmbeddedServices;
let app: FastifyInstance;
let port: number;
let tmp: string;
let lines: LogLine[] = [];

beforeAll(async () => {
  embedded = await startStandIns();
  // The assets folder, and beside it a file that no path may reach.
  tmp = await mkdtemp(path.join(os.tmpdir(), 'hostile-'));
  await mkdir(path.join(tmp, 'client/assets'), { recursive: true });
  await writeFile(path.join(tmp, 'client/assets/app-abc123.js'), 'console.log(1);\n');
  await writeFile(path.join(tmp, 'client/secret.txt'), SECRET);
  await writeFile(path.join(tmp, 'secret.txt'), SECRET);
  app = await testServer(embedded.origin, {
    config: loadConfig({ LOGICAL_DATE: TEST_LOGICAL_DATE }),
    getFrameAssets: () => Promise.resolve({ scripts: [], styles: [], preloads: [] }),
    registerStatic: (instance) => registerAssets(instance, path.join(tmp, 'client/assets')),
    logger: {
      level: 'info',
      stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app.close();
  await embedded.close();
  await rm(tmp, { recursive: true, force: true });
});

beforeEach(() => {
  lines = [];
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `head` (request line and headers, `\r\n`-separated, without the blank line) and
 * optionally part of a body, then reads until the server closes the connection.
 */
function raw(head: string, body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    // The server may reset a connection whose body it refused: what came before still counts.
    socket.on('error', (error) => (received ? undefined : reject(error)));
    socket.on('close', () => {
      const [top = '', ...rest] = received.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = top.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers,
        body: rest.join('\r\n\r\n'),
      });
    });
    socket.write(`${head}\r\n\r\n${body}`);
  });
}

const get = (target: string, extra = '') =>
  raw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close${extra}`);

/** The security headers of every answer (security.ts), as an ordinary answer carries them. */
async function expectedSecurityHeaders(): Promise<Record<string, string>> {
  const reference = await get('/date');
  const names = Object.keys(securityHeaders('csp'));
  return Object.fromEntries(names.map((name) => [name, reference.headers[name] ?? '']));
}

function expectSecured(answer: RawAnswer, expected: Record<string, string>, corp: string) {
  for (const [name, value] of Object.entries(expected)) {
    expect(value, name).not.toBe('');
    expect(answer.headers[name], name).toBe(value);
  }
  expect(answer.headers['cross-origin-resource-policy']).toBe(corp);
}

const warnings = () => lines.filter((l) => l.level === WARN);
const errors = () => lines.filter((l) => l.level > WARN);

describe('asset paths', () => {
  it('serves a real asset', async () => {
    const answer = await get('/assets/app-abc123.js');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('console.log(1)');
  });

  it.each([
    '/assets/../secret.txt',
    '/assets/../../secret.txt',
    '/assets/../../etc/passwd',
    '/assets/%2e%2e/secret.txt',
    '/assets/%2e%2e/%2e%2e/etc/passwd',
    '/assets/..%2fsecret.txt',
    '/assets/..%2f..%2fetc%2fpasswd',
    '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/assets/..\\secret.txt',
    '/assets/%5c..%5csecret.txt',
    '/assets/%00',
    '/assets/app-abc123.js%00.png',
    '/assets/',
    '/assets//etc/passwd',
    '/assets/%E0%A4%A',
    '/assets/%',
    '/assets/%c0%ae%c0%ae/secret.txt',
    '/assets/..%252fsecret.txt',
  ])('%s: 400 or 404, no redirect, one warning at most and no stack', async (target) => {
    const answer = await get(target);
    expect([400, 404]).toContain(answer.status);
    expect(answer.headers.location).toBeUndefined();
    expect(answer.body).not.toContain(SECRET);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(errors()).toEqual([]);
    expect(warnings().length).toBeLessThanOrEqual(1);
    expect(JSON.stringify(lines)).not.toMatch(/stack| {4}at /);
  });

  it('answers a path that does not decode with the headers of every answer, CORP included', async () => {
    const expected = await expectedSecurityHeaders();
    const answer = await get('/assets/%E0%A4%A');
    expect(answer.status).toBe(400);
    // An asset's own referrer policy (docs/preview.md "Never logged, never handed on").
    expectSecured(answer, { ...expected, 'referrer-policy': 'no-referrer' }, 'cross-origin');
    expect(answer.headers['x-request-id']).toBeTruthy();
  });

  it('names a refused path in one warning', async () => {
    await get('/assets/%2e%2e/%2e%2e/etc/passwd');
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]?.msg).toContain('/assets/%2e%2e/%2e%2e/etc/passwd');
    expect(warnings()[0]?.err).toBeUndefined();
  });
});

describe('page URLs that do not decode', () => {
  it.each([
    ['/fr/%E0%A4%A', '/fr/404.html'],
    ['/fr/%', '/fr/404.html'],
    ['/en/%c0%ae', '/en/404.html'],
    ['/sports/en/%ZZ', '/en/404.html'],
    ['/%', '/fr/404.html'],
  ])(
    '%s: the 404 page of its language, like any unknown page, with one warning',
    async (target, page) => {
      const answer = await get(target);
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe(page);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-security-policy']).toBeTruthy();
      expect(warnings()).toHaveLength(1);
      expect(errors()).toEqual([]);
    },
  );

  it('treats an unknown page with a null byte like any unknown page', async () => {
    const answer = await get('/fr/accueil%00');
    expect(answer.headers.location).toBe('/fr/404.html');
    expect(errors()).toEqual([]);
  });
});

describe('methods', () => {
  it.each(['OPTIONS', 'TRACE', 'PUT', 'DELETE', 'PATCH', 'POST', 'PROPFIND'])(
    '%s is refused with 405 on pages, assets and endpoints',
    async (method) => {
      for (const url of [
        '/fr/accueil',
        '/date',
        '/assets/app-abc123.js',
        '/_data/view?path=/fr/accueil',
      ]) {
        const res = await app.inject({ method: method as 'GET', url });
        expect(res.statusCode, `${method} ${url}`).toBe(405);
        expect(res.headers.allow).toBe('GET, HEAD');
        expect(res.headers.connection).toBe('close');
      }
      expect(errors()).toEqual([]);
    },
  );

  it('refuses a POST before parsing its body (malformed JSON is no 500)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/fr/accueil',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(405);
    expect(errors()).toEqual([]);
  });

  it('answers HEAD on a page with the headers of GET and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/fr/accueil' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toBe('');
  });

  it('answers an unknown verb with 400 and a CONNECT by closing, and keeps serving', async () => {
    const unknown = await raw('FOO /fr/accueil HTTP/1.1\r\nHost: 127.0.0.1');
    expect(unknown.status).toBe(400);
    const tunnel = await raw('CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22');
    expect(tunnel.status === 0 || (tunnel.status >= 400 && tunnel.status < 500)).toBe(true);
    expect((await get('/date')).status).toBe(200);
    expect(errors()).toEqual([]);
  });
});

describe('oversize requests', () => {
  it('answers 431 to a URL or a header over the header limit', async () => {
    expect((await get(`/fr/${'a'.repeat(20_000)}`)).status).toBe(431);
    expect((await get('/fr/accueil', `\r\nX-Big: ${'b'.repeat(20_000)}`)).status).toBe(431);
    expect(errors()).toEqual([]);
  });

  it('gives what Node refuses itself (400, 431) the headers of every answer, kept by no cache', async () => {
    const expected = await expectedSecurityHeaders();
    for (const [label, answer, status] of [
      ['over the header limit', await get('/fr/accueil', `\r\nX-Big: ${'b'.repeat(20_000)}`), 431],
      ['a header line without a colon', await get('/fr/accueil', '\r\nNo colon here'), 400],
      [
        'a request line that does not parse',
        await raw('GET /fr/ accueil HTTP/1.1\r\nHost: x'),
        400,
      ],
      ['an unknown method', await raw('FOO /fr/accueil HTTP/1.1\r\nHost: 127.0.0.1'), 400],
    ] as const) {
      expect(answer.status, label).toBe(status);
      expectSecured(answer, expected, 'same-origin');
      expect(answer.headers['cache-control'], label).toBe('no-store');
      expect(answer.headers.connection, label).toBe('close');
      expect(Number(answer.headers['content-length']), label).toBe(answer.body.length);
    }
    expect(errors()).toEqual([]);
  });

  it('answers a long URL under the limit as an unknown page', async () => {
    const answer = await get(`/fr/${'a'.repeat(8000)}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/fr/404.html');
  });

  it('refuses a 50 MB body after its first 64 KB, without waiting for the rest', async () => {
    const declared = 50 * 1024 * 1024;
    for (const method of ['POST', 'PUT']) {
      // Only 64 KB of the 50 MB are ever sent: an answer means the server did not wait for them.
      const answer = await raw(
        `${method} /fr/accueil HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: ${declared}`,
        'x'.repeat(64 * 1024),
      );
      expect(answer.status, method).toBe(405);
      expect(answer.headers.connection).toBe('close');
    }
    const chunked = await raw(
      'POST /date HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked',
      `10000\r\n${'y'.repeat(0x10000)}\r\n`,
    );
    expect(chunked.status).toBe(405);
    expect(errors()).toEqual([]);
  });
});

describe('the connection cap (MAX_CONNECTIONS)', () => {
  /** Opens a connection, sends one kept-alive request and waits for its answer or the close. */
  function open(to: number): Promise<{ socket: Socket; first: string }> {
    return new Promise((resolve) => {
      const socket = connect(to, '127.0.0.1');
      socket.setEncoding('latin1');
      let first = '';
      const done = () => resolve({ socket, first });
      socket.on('data', (chunk: string) => {
        first += chunk;
        if (first.includes('\r\n\r\n')) done();
      });
      // Closed unanswered (or reset while the request was on its way): what came counts.
      socket.on('close', done);
      socket.on('error', () => undefined);
      socket.write('GET /date HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    });
  }

  const openConnections = (server: FastifyInstance) =>
    new Promise<number>((resolve) => server.server.getConnections((_error, n) => resolve(n)));

  it('closes a connection past the cap unanswered, answers those under it, and one freed', async () => {
    const capped = await testServer(embedded.origin, {
      config: loadConfig({ LOGICAL_DATE: TEST_LOGICAL_DATE, MAX_CONNECTIONS: '2' }),
      logger: {
        level: 'warn',
        stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
      },
    });
    await capped.listen({ port: 0, host: '127.0.0.1' });
    const cappedPort = (capped.server.address() as AddressInfo).port;
    try {
      const a = await open(cappedPort);
      const b = await open(cappedPort);
      expect(a.first).toMatch(/^HTTP\/1\.1 200 /);
      expect(b.first).toMatch(/^HTTP\/1\.1 200 /);
      // Both kept open: a third is closed at once, its request unanswered.
      const c = await open(cappedPort);
      expect(c.first).toBe('');
      expect(c.socket.destroyed).toBe(true);
      expect(warnings().map((l) => l.msg)).toEqual([
        '1 connection(s) closed unanswered: MAX_CONNECTIONS (2) were open',
      ]);
      // One closed, a new connection is answered.
      const closed = new Promise((resolve) => a.socket.once('close', resolve));
      a.socket.destroy();
      await closed;
      // The server sees the close a moment after the client.
      while ((await openConnections(capped)) >= 2) await sleep(10);
      const d = await open(cappedPort);
      expect(d.first).toMatch(/^HTTP\/1\.1 200 /);
      b.socket.destroy();
      d.socket.destroy();
    } finally {
      await capped.close();
    }
  });
});
