/**
 * A test tool: an instance set up wrong, as a small proxy in front of the embedded stand-ins
 * (embedded/server.ts), one misconfiguration at a time, each a fault `npm run cms:check` must
 * name. It also keeps the method of every request, so that the tests see the check only reads.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Misconfiguration =
  /** The anonymous role has no web access to listerLots: 401. */
  | 'closed'
  /** listerChroniques is not defined: 404. */
  | 'missing'
  /** A maintenance page answers listerVignettesDeco, with a 200. */
  | 'not-json'
  /** The site's i18n is off: lang=en answers the French values with raw `<field>_en` beside. */
  | 'raw-english'
  /** A lot's montantGain is no number. */
  | 'broken-field'
  /** Lots come without their ticket and winner children. */
  | 'lots-without-children'
  /** The page templates' baseUrl is not the site's node-path entry. */
  | 'wrong-base-url'
  /** The annotations are refused to the account (a reader's, on Pages 6.3.5+). */
  | 'annotations-refused'
  /** The author's listerPages has another root path: no page is found at its node path. */
  | 'node-read-missing';

export interface Misconfigured {
  origin: string;
  /** `METHOD path` of every request the proxy got. */
  requests: string[];
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The French node with, beside each text the English one changes, its raw `<key>_en`. */
function withRawEnglish(french: unknown, english: unknown): unknown {
  if (Array.isArray(french))
    return french.map((item, i) =>
      withRawEnglish(item, Array.isArray(english) ? english[i] : undefined),
    );
  if (!isObject(french)) return french;
  const other = isObject(english) ? english : {};
  const node: Json = {};
  for (const [key, value] of Object.entries(french)) {
    node[key] = withRawEnglish(value, other[key]);
    const translated = other[key];
    if (
      typeof value === 'string' &&
      typeof translated === 'string' &&
      translated !== value &&
      !key.startsWith('@')
    )
      node[`${key}_en`] = translated;
  }
  return node;
}

/** Each lot without its `{name}-B` / `{name}-G` (or `billet` / `gagnant`) children. */
function withoutChildren(answer: Json): Json {
  const results = Array.isArray(answer.results) ? answer.results : [];
  return {
    ...answer,
    results: results.map((lot: unknown) => {
      if (!isObject(lot)) return lot;
      const name = typeof lot['@name'] === 'string' ? lot['@name'] : '';
      const dropped = new Set([`${name}-B`, `${name}-G`, 'billet', 'gagnant']);
      const kept = Object.fromEntries(Object.entries(lot).filter(([key]) => !dropped.has(key)));
      const order = Array.isArray(lot['@nodes']) ? lot['@nodes'] : [];
      return { ...kept, '@nodes': order.filter((n) => !dropped.has(String(n))) };
    }),
  };
}

/** The first lot's montantGain made a word. */
function withBrokenAmount(answer: Json): Json {
  const results: unknown[] = Array.isArray(answer.results) ? answer.results : [];
  const [first, ...rest] = results;
  return {
    ...answer,
    results: [{ ...(isObject(first) ? first : {}), montantGain: 'beaucoup' }, ...rest],
  };
}

async function upstreamJson(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: response.status, body: text };
  }
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

/** The answer for a request this misconfiguration changes; null: the stand-ins' own. */
async function changed(
  fault: Misconfiguration,
  upstream: string,
  url: URL,
  app: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown; html?: true } | null> {
  const path = url.pathname;
  const target = `${upstream}${path}${url.search}`;
  const publicCall = (name: string) => path === `/.rest/${app}/${name}`;
  switch (fault) {
    case 'closed':
      return publicCall('listerLots') ? { status: 401, body: { error: 'Unauthorized' } } : null;
    case 'missing':
      return publicCall('listerChroniques')
        ? { status: 404, body: { errorCode: 'NOT_FOUND' } }
        : null;
    case 'not-json':
      return publicCall('listerVignettesDeco')
        ? { status: 200, body: '<html><body>Maintenance</body></html>', html: true }
        : null;
    case 'raw-english': {
      if (!path.startsWith(`/.rest/${app}/`) || url.searchParams.get('lang') !== 'en') return null;
      const french = new URL(target);
      french.searchParams.set('lang', 'fr');
      const [fr, en] = await Promise.all([upstreamJson(french.href), upstreamJson(target)]);
      return { status: fr.status, body: withRawEnglish(fr.body, en.body) };
    }
    case 'broken-field':
    case 'lots-without-children': {
      if (!publicCall('listerLots')) return null;
      const answer = await upstreamJson(target);
      if (!isObject(answer.body)) return answer;
      const body =
        fault === 'broken-field' ? withBrokenAmount(answer.body) : withoutChildren(answer.body);
      return { status: answer.status, body };
    }
    case 'wrong-base-url': {
      if (!path.startsWith('/author/.rest/template-definitions/v1/')) return null;
      const answer = await upstreamJson(target, headers);
      if (!isObject(answer.body)) return answer;
      return {
        status: answer.status,
        body: { ...answer.body, baseUrl: 'https://www.example.com/preview' },
      };
    }
    case 'node-read-missing':
      return path.startsWith(`/author/.rest/${app}/listerPages/`)
        ? { status: 404, body: { errorCode: 'NOT_FOUND' } }
        : null;
    case 'annotations-refused':
      return path.startsWith('/author/.rest/template-annotations/v1/')
        ? { status: 403, body: { error: 'Forbidden' } }
        : null;
  }
}

/** The stand-ins at `upstream`, misconfigured one way, on a loopback port. */
export async function startMisconfigured(
  upstream: string,
  fault: Misconfiguration,
  app = 'pari-boreal',
): Promise<Misconfigured> {
  const requests: string[] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://proxy.invalid');
    requests.push(`${req.method ?? '?'} ${url.pathname}`);
    // The caller's headers go on (the author instance's account), but the host.
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        (e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'host',
      ),
    );
    const answer = await changed(fault, upstream, url, app, headers);
    if (answer?.html) {
      res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(String(answer.body));
      return;
    }
    if (answer) return json(res, answer.status, answer.body);
    const response = await fetch(`${upstream}${url.pathname}${url.search}`, {
      method: req.method ?? 'GET',
      headers,
    });
    const body = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, {
      'content-type': response.headers.get('content-type') ?? 'application/octet-stream',
    });
    res.end(body);
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
