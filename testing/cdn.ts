/**
 * A stand-in of a CDN for the tests of the purge by tag (docs/decisions/0086-cdn-purged-by-tag.md):
 * its copies, a small cache indexed by the tags each answer carried, and its purge API, Fastly's
 * or Cloudflare's as their public documentation describes them, with their checks: the token,
 * the service or zone, the most tags one call may name (Fastly 256, Cloudflare 100), a key's
 * length (Fastly 1,024 bytes); and, when asked, a 429 with `Retry-After`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CdnVendor } from '../src/server/config';

/** A purge the API accepted. */
interface AcceptedPurge {
  all: boolean;
  tags: string[];
  soft: boolean;
}

/** The CDN's copies: an answer per URL with the tags it carried (lower case: Cloudflare's rule). */
function tagCache(vendor: CdnVendor) {
  const copies = new Map<string, string[]>();
  const split = (value: string) =>
    (vendor === 'fastly' ? value.split(' ') : value.split(',').map((tag) => tag.trim()))
      .filter(Boolean)
      .map((tag) => (vendor === 'cloudflare' ? tag.toLowerCase() : tag));
  return {
    /** Keeps an answer's copy under its URL, with the tags of its header (none: kept untagged). */
    keep(url: string, header: string | undefined): void {
      copies.set(url, split(header ?? ''));
    },
    has: (url: string) => copies.has(url),
    tagsOf: (url: string) => copies.get(url),
    purge(purge: AcceptedPurge): void {
      const named = new Set(
        purge.tags.map((tag) => (vendor === 'cloudflare' ? tag.toLowerCase() : tag)),
      );
      for (const [url, tags] of copies)
        if (purge.all || tags.some((tag) => named.has(tag))) copies.delete(url);
    },
  };
}

export interface CdnStandIn {
  /** Where the purge API answers (`CDN_API_URL`). */
  apiUrl: string;
  /** The purges accepted, in order. */
  purges: AcceptedPurge[];
  /** Every call, accepted or not, by its status. */
  statuses: number[];
  /** The CDN's copies, which accepted purges empty. */
  cache: ReturnType<typeof tagCache>;
  /** The next `count` calls answer 429 with `Retry-After: seconds`. */
  throttle(count: number, seconds?: number): void;
  /** Resolves once `count` purges in all have been accepted. */
  accepted(count: number): Promise<void>;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const send = (res: ServerResponse, status: number, body: unknown, headers = {}) =>
  res
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify(body));

type Answer = { status: number; body: unknown; purge?: AcceptedPurge };

/** Fastly's purge API: `Fastly-Key`; `/purge_all`; `/purge` with keys in `Surrogate-Key`. */
function fastly(id: string, token: string, req: IncomingMessage, path: string): Answer {
  if (req.headers['fastly-key'] !== token)
    return { status: 401, body: { msg: 'Provided credentials are missing or invalid' } };
  const soft = req.headers['fastly-soft-purge'] === '1';
  if (path === `/service/${id}/purge_all`)
    return { status: 200, body: { status: 'ok' }, purge: { all: true, tags: [], soft: false } };
  if (path !== `/service/${id}/purge`) return { status: 404, body: { msg: 'Record not found' } };
  const keys = String(req.headers['surrogate-key'] ?? '')
    .split(' ')
    .filter(Boolean);
  if (keys.length === 0 || keys.length > 256 || keys.some((key) => Buffer.byteLength(key) > 1024))
    return { status: 400, body: { msg: 'Bad request', detail: 'between 1 and 256 keys' } };
  const ids = Object.fromEntries(keys.map((key, index) => [key, `purge-${index}`]));
  return { status: 200, body: ids, purge: { all: false, tags: keys, soft } };
}

/** Cloudflare's: a bearer token; `/zones/{id}/purge_cache` with `tags` or `purge_everything`. */
function cloudflare(id: string, token: string, req: IncomingMessage, path: string, body: string) {
  const failure = (status: number, code: number, message: string): Answer => ({
    status,
    body: { success: false, errors: [{ code, message }], messages: [], result: null },
  });
  if (req.headers.authorization !== `Bearer ${token}`)
    return failure(403, 10000, 'Authentication error');
  if (path !== `/zones/${id}/purge_cache`) return failure(404, 7003, 'Could not route');
  let json: { tags?: unknown; purge_everything?: unknown };
  try {
    json = JSON.parse(body) as typeof json;
  } catch {
    return failure(400, 1012, 'Request must contain one of files, tags, hosts or purge_everything');
  }
  const done = (purge: AcceptedPurge): Answer => ({
    status: 200,
    body: { success: true, errors: [], messages: [], result: { id: 'purge-1' } },
    purge,
  });
  if (json.purge_everything === true) return done({ all: true, tags: [], soft: false });
  const tags = json.tags;
  if (!Array.isArray(tags) || tags.length === 0 || !tags.every((tag) => typeof tag === 'string'))
    return failure(400, 1012, 'Request must contain one of files, tags, hosts or purge_everything');
  if (tags.length > 100) return failure(400, 1080, 'Too many tags in one request');
  return done({ all: false, tags, soft: false });
}

/** Starts the stand-in of `vendor`'s API on a free loopback port, for service or zone `id`. */
export async function startCdnStandIn(
  vendor: CdnVendor,
  id: string,
  token: string,
): Promise<CdnStandIn> {
  const purges: AcceptedPurge[] = [];
  const statuses: number[] = [];
  const cache = tagCache(vendor);
  const waiting: { count: number; resolve: () => void }[] = [];
  let throttled = 0;
  let retryAfter = 0;
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      if (req.method !== 'POST') {
        statuses.push(405);
        return send(res, 405, { msg: 'Method not allowed' });
      }
      if (throttled > 0) {
        throttled -= 1;
        statuses.push(429);
        return send(res, 429, { msg: 'Too many requests' }, { 'retry-after': String(retryAfter) });
      }
      const answer =
        vendor === 'fastly' ? fastly(id, token, req, path) : cloudflare(id, token, req, path, body);
      statuses.push(answer.status);
      if (answer.purge) {
        purges.push(answer.purge);
        cache.purge(answer.purge);
        for (const wait of waiting.filter((w) => purges.length >= w.count)) {
          waiting.splice(waiting.indexOf(wait), 1);
          wait.resolve();
        }
      }
      send(res, answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}`,
    purges,
    statuses,
    cache,
    throttle(count, seconds = 0) {
      throttled = count;
      retryAfter = seconds;
    },
    accepted: (count) =>
      purges.length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
