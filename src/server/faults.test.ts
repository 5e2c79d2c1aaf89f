// @vitest-environment node
/**
 * The site against a content service that misbehaves in every way of issue 10 (docs/requirements.md §8):
 * a failing page call ends on the 503 page, a failing site node shows the services alert and no
 * footer, a failing list shows its block's empty state, and the server keeps answering. A stub on
 * loopback forwards every call to the embedded service except the one under test.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { standInOrigins, type EmbeddedServices } from '../../embedded/server';
import { startStandIns, testConfig, testServer } from '../../testing/server';

type Target = 'page' | 'site' | 'lots';
type Handler = (req: IncomingMessage, res: ServerResponse) => void;

let embedded: EmbeddedServices;
let stub: Server;
let stubOrigin = '';
/** The fault for the call under test; every other call is forwarded. */
let fault: { target: Target; handle: Handler } | undefined;
const hung = new Set<ServerResponse>();

const targetOf = (url: string): Target | undefined =>
  url.includes('/listerTout/')
    ? 'site'
    : url.includes('/listerPages')
      ? // A page's look-up; the listing (which says which paths exist) is answered as it is.
        /[?&]URL(?:fr|en)=/.test(url)
        ? 'page'
        : undefined
      : url.includes('/listerLots')
        ? 'lots'
        : undefined;

async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const answer = await fetch(`${embedded.origin}${req.url ?? '/'}`);
  const type = answer.headers.get('content-type') ?? 'application/octet-stream';
  res
    .writeHead(answer.status, { 'content-type': type })
    .end(Buffer.from(await answer.arrayBuffer()));
}

/** A JSON answer whose body is the embedded service's, changed by `edit`. */
function edited(edit: (body: unknown) => unknown): Handler {
  return (req, res) => {
    void fetch(`${embedded.origin}${req.url ?? '/'}`)
      .then((r) => r.json())
      .then((body) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(edit(body)));
      });
  };
}

const json =
  (status: number, body: string): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  };

interface Site {
  app: FastifyInstance;
  log: string[];
}

async function site(origin = stubOrigin, env: Record<string, string> = {}): Promise<Site> {
  const log: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log.push(chunk.toString());
      done();
    },
  });
  const app = await testServer(embedded.origin, {
    // Every third party named, as the production guard requires: the stub, then the stand-ins.
    config: testConfig(embedded.origin, {
      CMS_ORIGIN: origin,
      // Long enough for a loaded machine; the hung and slow faults shorten it (timeoutFor).
      CMS_TIMEOUT_MS: '10000',
      ...env,
    }),
    origins: { ...standInOrigins(embedded.origin), cms: origin },
    logger: { level: 'warn', stream },
  });
  return { app, log };
}

const apps: FastifyInstance[] = [];
async function open(origin?: string, env?: Record<string, string>): Promise<Site> {
  const s = await site(origin, env);
  apps.push(s.app);
  return s;
}

beforeAll(async () => {
  embedded = await startStandIns();
  stub = createServer((req, res) => {
    if (fault && targetOf(req.url ?? '') === fault.target) fault.handle(req, res);
    else void forward(req, res);
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubOrigin = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
});

afterEach(async () => {
  fault = undefined;
  hung.forEach((res) => res.destroy());
  hung.clear();
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

afterAll(async () => {
  stub.closeAllConnections();
  await new Promise<void>((resolve) => stub.close(() => resolve()));
  await embedded.close();
});

/** A closed port: connections are refused. */
async function refusedOrigin(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Only the faults that must run into the time-out get a short one. */
const timeoutFor = (name: string): Record<string, string> =>
  /hung|slow/.test(name) ? { CMS_TIMEOUT_MS: '300' } : {};

const faults: [string, Handler, RegExp][] = [
  ['a 5xx', json(502, '{"error":"bad gateway"}'), /status 502/],
  [
    'an HTML page',
    (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Maintenance</h1>'),
    /not-json/,
  ],
  ['truncated JSON', json(200, '{"results": [{"@name": "acc'), /invalid-json/],
  [
    'a hung call (accepted, never answered)',
    (_req, res) => {
      hung.add(res);
    },
    /timeout/,
  ],
  [
    'a slow answer (headers, then a trickle past the time-out)',
    (_req, res) => {
      hung.add(res);
      res.writeHead(200, { 'content-type': 'application/json' }).write('{"results": [');
    },
    /timeout/,
  ],
  [
    'several megabytes',
    (_req, res) => {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(`{"results": [{"texte": "${'x'.repeat(6 * 1024 * 1024)}"}]}`);
    },
    /too-large/,
  ],
];

describe('a failing page call', () => {
  it.each(faults)(
    '%s ends on the 503 page, with the cause in the log',
    async (name, handle, cause) => {
      fault = { target: 'page', handle };
      const { app, log } = await open(stubOrigin, timeoutFor(name));
      const res = await app.inject({ url: '/fr/accueil' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/headless/err/503.html?lang=fr');
      expect(log.join('')).toMatch(cause);
      // The server still answers.
      expect((await app.inject({ url: '/date' })).statusCode).toBe(200);
    },
  );

  it('a service that is down (connection refused) ends on the 503 page', async () => {
    const { app, log } = await open(await refusedOrigin());
    const res = await app.inject({ url: '/en/home' });
    expect(res.headers.location).toBe('/headless/err/503.html?lang=en');
    expect(log.join('')).toMatch(/network/);
  });

  it('answers of the wrong shape end on the 503 page', async () => {
    fault = { target: 'page', handle: json(200, '{"results": {"not": "a list"}}') };
    const { app, log } = await open();
    expect((await app.inject({ url: '/fr/accueil' })).headers.location).toBe(
      '/headless/err/503.html?lang=fr',
    );
    expect(log.join('')).toMatch(/shape/);
  });

  it('an answer announcing more than the limit is refused before its body is read', async () => {
    let written = false;
    fault = {
      target: 'page',
      handle: (_req, res) => {
        hung.add(res);
        res.writeHead(200, {
          'content-type': 'application/json',
          'content-length': String(50 * 1024 * 1024),
        });
        res.flushHeaders();
        written = true;
      },
    };
    const { app, log } = await open();
    const res = await app.inject({ url: '/fr/accueil' });
    expect(written).toBe(true);
    expect(res.headers.location).toBe('/headless/err/503.html?lang=fr');
    expect(log.join('')).toMatch(/too-large.*announced/);
  });

  it('keeps answering other requests while megabytes stream in, then gives up past the limit', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let firstChunkSent: () => void = () => undefined;
    const firstChunk = new Promise<void>((resolve) => (firstChunkSent = resolve));
    const chunk = 'x'.repeat(1024 * 1024);
    fault = {
      target: 'page',
      handle: (_req, res) => {
        hung.add(res);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(`{"results": [{"texte": "${chunk}`, () => firstChunkSent());
        // The rest comes once the test has seen /date answered: the page is still loading then.
        void released.then(() => {
          for (let i = 0; i < 8 && !res.destroyed; i++) res.write(chunk);
          res.end('"}]}');
        });
      },
    };
    const { app, log } = await open();
    let pageDone = false;
    const pageRequest = app.inject({ url: '/fr/accueil' }).then((res) => {
      pageDone = true;
      return res;
    });
    await firstChunk;
    const date = await app.inject({ url: '/date' });
    expect(date.statusCode).toBe(200);
    expect(pageDone).toBe(false);
    release();
    const page = await pageRequest;
    expect(page.headers.location).toBe('/headless/err/503.html?lang=fr');
    expect(log.join('')).toMatch(/too-large.*abandoned while reading/);
  });
});

describe('a failing site node', () => {
  it.each([...faults, ['a service that is down', undefined, /network/] as const])(
    '%s: the page answers with the services alert and no footer',
    async (name, handle, cause) => {
      const down = handle === undefined;
      if (handle) fault = { target: 'site', handle };
      // Down for the site node only: the stub refuses it by closing the socket at once.
      if (down) fault = { target: 'site', handle: (req) => req.socket.destroy() };
      const { app, log } = await open(stubOrigin, timeoutFor(name));
      const res = await app.inject({ url: '/fr/promotions' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-testid="service-error"');
      expect(res.body).toMatch(/<div id="mount-footer"[^>]*><\/div>/);
      expect(log.join('')).toMatch(down ? /site node.*(network|fetch failed)/ : cause);
    },
  );

  it('of the wrong types: the page answers, menus read as empty', async () => {
    fault = {
      target: 'site',
      handle: json(200, '{"header": "texte", "footer": 42, "@nodes": "header"}'),
    };
    const { app } = await open();
    const res = await app.inject({ url: '/fr/promotions' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('data-testid="service-error"');
  });
});

describe('a failing list', () => {
  it.each(faults)('%s: the ticket list shows its empty state', async (name, handle, cause) => {
    fault = { target: 'lots', handle };
    const { app, log } = await open(stubOrigin, timeoutFor(name));
    const res = await app.inject({ url: '/fr/billets-gagnants' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Aucun billet à afficher pour le moment.');
    expect(log.join('')).toMatch(new RegExp(`lots \\(fr\\).*${cause.source}`));
  });

  it('of the wrong types: entries that are not nodes are dropped', async () => {
    fault = { target: 'lots', handle: json(200, '{"results": [1, "x", null, [], {"name": 3}]}') };
    const { app } = await open();
    const res = await app.inject({ url: '/fr/billets-gagnants' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Aucun billet gagnant pour le moment.');
  });
});

type Json = Record<string, unknown>;

/** The first page of a listerPages answer, changed in place. */
function withPage(change: (page: Json) => void): Handler {
  return edited((body) => {
    const page = (body as { results: Json[] }).results[0];
    if (page) change(page);
    return body;
  });
}

const section = (name: string): Json => ({
  '@name': name,
  '@path': `/x/${name}`,
  'mgnl:template': 'pari-boreal:components/section',
  '@nodes': ['composantes'],
});

describe('hostile page content', () => {
  it('nesting thousands of levels deep is cut with a log line, and the page answers', async () => {
    // Written as text: JSON.stringify itself would overflow the stack on such a tree.
    const levels = 5000;
    const level = (i: number) =>
      `{"@name":"s${i}","@path":"/x/s${i}","mgnl:template":"pari-boreal:components/section","@nodes":["composantes"],"composantes":{"@name":"composantes","@nodes":["c"],"c":`;
    const deep =
      Array.from({ length: levels }, (_, i) => level(i)).join('') +
      '{"@name":"fond","mgnl:template":"pari-boreal:components/texte","texte":"<p>fond</p>"}' +
      '}}'.repeat(levels);
    fault = {
      target: 'page',
      handle: (req, res) => {
        void fetch(`${embedded.origin}${req.url ?? '/'}`)
          .then((r) => r.json())
          .then((body) => {
            const page = (body as { results: Json[] }).results[0] ?? {};
            page.main = '@MAIN@';
            const text = JSON.stringify({ results: [page] }).replace(
              '"@MAIN@"',
              `{"@name":"main","@nodes":["deep"],"deep":${deep}}`,
            );
            res.writeHead(200, { 'content-type': 'application/json' }).end(text);
          });
      },
    };
    const { app, log } = await open();
    const res = await app.inject({ url: '/fr/accueil' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<p>fond</p>');
    expect(log.join('')).toMatch(/nested deeper than \d+ areas/);
  });

  it('a node naming itself as its child, many times over, is read once', async () => {
    const texte = {
      '@name': 'moi',
      'mgnl:template': 'pari-boreal:components/texte',
      texte: '<p>une fois</p>',
      '@nodes': ['moi', 'moi', 'moi'],
    };
    // Each level lists its one child a thousand times: read naively, 1000^4 components.
    let node: Json = texte;
    for (let i = 0; i < 4; i++) {
      node = {
        ...section(`s${i}`),
        composantes: {
          '@name': 'composantes',
          '@nodes': Array(1000).fill(`s${i}`),
          [`s${i}`]: node,
        },
      };
    }
    fault = {
      target: 'page',
      handle: withPage((page) => {
        page.main = { '@name': 'main', '@nodes': Array(1000).fill('top'), top: node };
      }),
    };
    const { app } = await open();
    const res = await app.inject({ url: '/fr/accueil' });
    expect(res.statusCode).toBe(200);
    expect(res.body.split('<p>une fois</p>').length - 1).toBe(1);
  });

  it('a rich-text field over its limit is skipped with a warning, and the page answers', async () => {
    fault = {
      target: 'page',
      handle: withPage((page) => {
        page.main = {
          '@name': 'main',
          '@nodes': ['long', 'court'],
          long: {
            '@name': 'long',
            '@path': '/accueil/main/long',
            'mgnl:template': 'pari-boreal:components/texte',
            texte: `<p>${'mot '.repeat(300_000)}</p>`,
          },
          court: {
            '@name': 'court',
            'mgnl:template': 'pari-boreal:components/texte',
            texte: '<p>court</p>',
          },
        };
      }),
    };
    const { app, log } = await open();
    const res = await app.inject({ url: '/fr/accueil' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p>court</p>');
    expect(res.body).not.toContain('mot mot');
    expect(log.join('')).toMatch(
      /rich text \\"texte\\" ignored at \/accueil\/main\/long.*32768 bytes/,
    );
  });

  it('fields of the wrong types read as absent, and the page answers', async () => {
    fault = {
      target: 'page',
      handle: withPage((page) => {
        page.title = ['pas', 'un', 'titre'];
        page.main = {
          '@name': 'main',
          '@nodes': ['a', 'b', 'c', 42],
          a: {
            '@name': 'a',
            'mgnl:template': 'pari-boreal:components/texte',
            texte: { html: '<p>objet</p>' },
          },
          b: { '@name': 'b', 'mgnl:template': 7, texte: '<p>b</p>' },
          c: {
            '@name': 'c',
            'mgnl:template': 'pari-boreal:components/carte',
            title: 12,
            fluid: 'peut-être',
            '@nodes': 'pas une liste',
          },
        };
      }),
    };
    const { app, log } = await open();
    const res = await app.inject({ url: '/fr/accueil' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('objet');
    const lines = log.join('');
    expect(lines).toMatch(/component \\"texte\\" skipped at a: texte missing/);
    expect(lines).toMatch(/texte {\\"html\\":.* ignored at a: not text/);
    expect(lines).toMatch(/fluid \\"peut-être\\" ignored at c: not true or false/);
    expect(lines).toMatch(/title \[.*titre.*\] ignored at \/pari-boreal\/accueil: not text/);
  });
});
