/**
 * Rendered pages and how they may be cached. A page whose HTML is the same for every visitor of
 * its URL is shared: a CDN or the reverse proxy may keep it (s-maxage, stale-while-revalidate,
 * stale-if-error) and this process keeps it too, for the same short time, with its ETag and its
 * compressed forms made once. Pages that depend on the visitor (the language saved in a cookie,
 * an Internet Explorer banner) are private; redirects and failures are never stored.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { LoadResult } from '../app/state';
import type { CacheLifetimes } from '../content/cache';
import type { AnnotationsMissing } from '../content/edit-plan';
import type { DisplayWindow } from '../domain/display-window';
import type { Diagnostic } from '../content/schema/diagnostics';
import { resolveLocale } from '../domain/locale';
import { errorPageLocale, isServiceErrorLocation, matchRoute } from '../domain/routes';
import type { MoreTotals } from '../domain/show-more';
import type { AnswerTags } from './cdn-tags';

export type Cacheability = 'shared' | 'private' | 'no-store';

export interface PageResponse {
  status: number;
  cacheability: Cacheability;
  /** For a redirect. */
  location?: string;
  /**
   * The HTML, encoded to UTF-8 once: every response that shares it (coalesced requests, the page
   * cache) sends the same bytes, instead of each reply measuring and encoding a 100 KB string.
   */
  body?: Buffer;
  etag?: string;
  /**
   * When the page changes by itself (epoch ms): the first display window of its content that
   * opens or closes after it was made. It is kept, here and by shared caches, no longer.
   */
  changesAt?: number | undefined;
  /**
   * The content answers (content cache keys) the page was made from: a publication that drops
   * one of them drops the page too (src/server/publish.ts).
   */
  reads?: ReadonlySet<string>;
  /** What of the page's content could not be used (src/server/diagnostics.ts); never in `body`. */
  diagnostics?: readonly Diagnostic[];
  /**
   * Made while the content service failed, from old answers (stale-if-error): kept fresh only
   * briefly, so that the page is made again soon after the service is back.
   */
  madeFromStale?: boolean;
  /** Edit mode only: why the page has no annotations, when it has none (docs/editing.md). */
  editMissing?: AnnotationsMissing;
  /** A preview only: the page's display window, when the page is outside it at the date. */
  outOfWindow?: DisplayWindow;
  /**
   * How many items each list with a "show more" has: which counts the page's address may ask
   * (docs/decisions/0078-show-more-as-a-link.md). The server's alone, never in `body`.
   */
  moreTotals?: MoreTotals;
  /**
   * A shared page's hydration state, which travels beside the document, named by its hash
   * (src/server/state-answer.ts, docs/decisions/0081-state-beside-the-document.md); not in
   * `body`.
   */
  state?: { hash: string; body: Buffer };
  /**
   * What the answer shows, for a CDN's purge by tag (src/server/cdn-tags.ts); sent with shared
   * answers only, when `CDN_TAG_HEADER` names the header. A page's holds its site node's; a
   * preview, never shared, has none.
   */
  tags?: AnswerTags;
}

/** Does the language of this path come from the path alone (not from the visitor's cookie)? */
export function languageFromPathOnly(path: string): boolean {
  // An error page whose query names its language (src/domain/routes.ts, pageTarget).
  if (errorPageLocale(path)) return true;
  const route = matchRoute(path);
  const param = route.kind === 'content' ? route.langParam : undefined;
  return (
    resolveLocale({ param, path, stored: 'fr' }) === resolveLocale({ param, path, stored: 'en' })
  );
}

/**
 * The page cache's key for a page made for some visitors only (Internet Explorer's, a language
 * taken from the cookie): its path and what the page depends on besides, after a space (a raw
 * request path never holds one). Such a page is `private` for HTTP caches, but every visitor of
 * the same variant gets the same bytes: this process keeps it like a shared one, so that it is
 * neither rendered nor compressed for each request (docs/decisions/0036).
 */
export function variantKey(
  path: string,
  variant: { internetExplorer: boolean; locale: string },
): string {
  return `${path} [${variant.internetExplorer ? 'ie ' : ''}${variant.locale}]`;
}

/**
 * The path a page cache key stands for (a variant's key names its path first, a page that shows
 * more of a list its query after it: docs/decisions/0078).
 */
export function pathOfKey(key: string): string {
  return (key.split(' ', 1)[0] ?? key).split('?', 1)[0] ?? key;
}

export function cacheabilityOf(
  path: string,
  result: LoadResult,
  facts: { internetExplorer: boolean },
): Cacheability {
  if (result.type === 'redirect' || result.status >= 500) return 'no-store';
  if (facts.internetExplorer || !languageFromPathOnly(path)) return 'private';
  return 'shared';
}

/** Whole seconds from `now` until a page changes (0 once it has), or undefined when it never does. */
export function secondsUntil(changesAt: number | undefined, now: number): number | undefined {
  return changesAt === undefined ? undefined : Math.max(0, Math.ceil((changesAt - now) / 1000));
}

/**
 * The Cache-Control of a page. A shared page that changes in `untilChange` seconds is fresh and
 * served stale no longer than that, so a display window that opens is not held back by caches;
 * stale-if-error stays (an old page beats none while the service fails).
 */
export function cacheControl(
  cacheability: Cacheability,
  lifetimes: CacheLifetimes,
  untilChange?: number,
): string {
  switch (cacheability) {
    case 'no-store':
      return 'no-store';
    case 'private':
      return 'private, no-cache';
    case 'shared': {
      if (lifetimes.fresh <= 0) return 'public, no-cache';
      const limit = untilChange ?? Infinity;
      const fresh = Math.min(lifetimes.fresh, limit);
      const stale = Math.min(lifetimes.staleWhileRevalidate, limit - fresh);
      return `public, max-age=0, s-maxage=${fresh}, stale-while-revalidate=${stale}, stale-if-error=${lifetimes.staleIfError}`;
    }
  }
}

/**
 * The `X-Accel-Expires` of a response, for nginx in front (deploy/nginx): how many seconds its
 * copy is fresh, `proxyFresh` (PROXY_FRESH_SECONDS) rather than the `s-maxage` a CDN follows, so
 * that a publication shows through nginx within seconds; nginx then revalidates with the ETag and
 * this process answers 304. nginx keeps the header to itself. Shared responses only: in nginx
 * 1.22 it overrides a `private` or `no-cache` that comes before it, so a private page must never
 * carry it (docs/decisions/0030-proxy-revalidates-within-seconds.md). Undefined: no header.
 */
export function proxyExpires(
  cacheability: Cacheability,
  lifetimes: CacheLifetimes,
  proxyFresh: number,
  untilChange?: number,
): string | undefined {
  if (cacheability !== 'shared' || lifetimes.fresh <= 0 || proxyFresh <= 0) return undefined;
  // Never past the moment the page changes by itself (0: nginx does not store it).
  return String(Math.min(proxyFresh, untilChange ?? Infinity));
}

export function etagOf(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Does an If-None-Match header name this ETag (weak comparison, lists, `*`)? */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to send: brotli, then gzip, when the client accepts it. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return 'identity';
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli's quality for a page the cache keeps: 10, which models the whole page's context (levels
 * 10 and 11); on the home page 12.6 KB against 13.6 at 6, so that its document and headers come
 * in the first round trip, for 24 ms of one thread-pool thread once per page and publication
 * against 2 (docs/decisions/0080-first-screen-first.md).
 */
export const KEPT_BROTLI_QUALITY = 10;

/**
 * Compressed forms of a page, each made once, on first demand, off the event loop: zlib's
 * asynchronous calls run in libuv's thread pool, so a page compressed for one visitor (an IE or
 * cookie-language variant, which the page cache does not keep) holds no other request
 * (docs/decisions/0036-compression-off-the-event-loop.md).
 */
export class Encoded {
  private readonly forms = new Map<Encoding, Promise<Buffer>>();
  /**
   * `brotliQuality`: mid-range (6) by default, most of the gain for a fraction of the highest
   * levels' cost; KEPT_BROTLI_QUALITY for a page the cache keeps, compressed once for every
   * visitor until the next publication.
   */
  constructor(
    private readonly html: Buffer,
    private readonly brotliQuality = 6,
  ) {}
  body(encoding: Encoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(this.html);
    let form = this.forms.get(encoding);
    if (!form) {
      form =
        encoding === 'br'
          ? brotliAsync(this.html, {
              params: { [constants.BROTLI_PARAM_QUALITY]: this.brotliQuality },
            })
          : gzipAsync(this.html, { level: 6 });
      // A failure is not kept: the next request tries again.
      form.catch(() => this.forms.delete(encoding));
      this.forms.set(encoding, form);
    }
    return form;
  }
}

/**
 * How the page cache answered, for the access log: `bypass` when the page is not shared,
 * `stale-if-error` an old page because making it anew failed (the content service is down).
 */
export type PageCacheOutcome = 'hit' | 'stale' | 'miss' | 'bypass' | 'stale-if-error';

interface CachedPage {
  response: PageResponse;
  encoded: Encoded;
  storedAt: number;
  bytes: number;
  /** Purged by a publication: made anew before it is served, unless making it fails. */
  purged: boolean;
}

/**
 * A page made while the content service failed: the 503 page's redirect or a 5xx. The page it
 * replaces is served instead, within stale-if-error (docs/operations.md "Purge on publish").
 */
const madeInFailure = (response: PageResponse): boolean =>
  response.status >= 500 || isServiceErrorLocation(response.location);

/** How long a page made from old answers (the service failing) is fresh. */
const MADE_FROM_STALE_FRESH_MS = 5000;

/**
 * What a page counts against the cache's bound: its HTML and its two compressed forms, made on
 * demand, counted ahead at half the HTML (brotli and gzip each keep well under a quarter of a
 * page; docs/operations.md "Memory").
 */
const pageBytes = (key: string, response: PageResponse): number =>
  key.length + Math.ceil((response.body?.length ?? 0) * 1.5);

/** The pages held, bounded by their count and their bytes: the oldest go first. */
function boundedPages(maxEntries: number, maxBytes: number) {
  const pages = new Map<string, CachedPage>();
  let bytes = 0;
  const remove = (key: string) => {
    const entry = pages.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    pages.delete(key);
  };
  /** Holds a page in place of the one under its key; one larger than the whole bound is not held. */
  const hold = (key: string, entry: CachedPage) => {
    remove(key);
    if (entry.bytes > maxBytes) return;
    pages.set(key, entry);
    bytes += entry.bytes;
    while (pages.size > maxEntries || bytes > maxBytes) remove(pages.keys().next().value ?? '');
  };
  return {
    pages,
    hold,
    get bytes() {
      return bytes;
    },
  };
}

/**
 * The process's own short cache of shared pages: fresh for the content cache's lifetime, then
 * served while one render refreshes it, never past the moment the page changes by itself
 * (`changesAt`), and served stale when making it anew fails; concurrent renders of one URL
 * coalesced; bounded in entries and in bytes, the oldest leaving first.
 */
export function createPageCache(
  lifetimes: CacheLifetimes,
  options: { maxEntries?: number; maxBytes?: number; now?: () => number } = {},
) {
  const { maxEntries = 2000, maxBytes = 64 * 1024 * 1024, now = Date.now } = options;
  const held = boundedPages(maxEntries, maxBytes);
  const { pages } = held;
  const inFlight = new Map<string, Promise<{ response: PageResponse; encoded?: Encoded }>>();
  /** Moves on at each purge: a render started before it may hold old content, and is not kept. */
  let generation = 0;
  const forgetRenders = () => {
    generation += 1;
    inFlight.clear();
  };
  const keep = (key: string, response: PageResponse, encoded: Encoded): Encoded => {
    // Back-dated: fresh for at most a few seconds, then served while a render tries again.
    const early = response.madeFromStale
      ? Math.max(0, lifetimes.fresh * 1000 - MADE_FROM_STALE_FRESH_MS)
      : 0;
    const storedAt = now() - early;
    held.hold(key, { response, encoded, storedAt, bytes: pageBytes(key, response), purged: false });
    return encoded;
  };

  const render = (key: string, produce: () => Promise<PageResponse>) => {
    const pending = inFlight.get(key);
    if (pending) return pending;
    const started = generation;
    const call: Promise<{ response: PageResponse; encoded?: Encoded }> = produce()
      .then((response) => {
        if (!response.body) return { response };
        // A redirect or a failure is never kept; a private page only under its variant's key
        // (`variantKey`), which the caller gives.
        const kept = !(
          response.cacheability === 'no-store' ||
          lifetimes.fresh <= 0 ||
          started !== generation
        );
        // Every request that shared this render shares its compression too, stored or not.
        const encoded = new Encoded(response.body, kept ? KEPT_BROTLI_QUALITY : undefined);
        return { response, encoded: kept ? keep(key, response, encoded) : encoded };
      })
      .finally(() => {
        if (inFlight.get(key) === call) inFlight.delete(key);
      });
    inFlight.set(key, call);
    return call;
  };

  return {
    async get(
      key: string,
      produce: () => Promise<PageResponse>,
    ): Promise<{ response: PageResponse; encoded?: Encoded; outcome: PageCacheOutcome }> {
      const at = now();
      const found = pages.get(key);
      // A page whose content has changed since (a window opened or closed) is never served.
      const changesAt = found?.response.changesAt;
      const entry = changesAt !== undefined && at >= changesAt ? undefined : found;
      const age = entry ? at - entry.storedAt : Infinity;
      const usable = entry && !entry.purged;
      if (usable && age < lifetimes.fresh * 1000) return { ...entry, outcome: 'hit' };
      if (usable && age < (lifetimes.fresh + lifetimes.staleWhileRevalidate) * 1000) {
        void render(key, produce).catch(() => undefined);
        return { ...entry, outcome: 'stale' };
      }
      const canFallBack = entry && age < (lifetimes.fresh + lifetimes.staleIfError) * 1000;
      try {
        const made = await render(key, produce);
        if (canFallBack && madeInFailure(made.response))
          return { ...entry, outcome: 'stale-if-error' };
        return { ...made, outcome: 'miss' };
      } catch (error) {
        if (canFallBack) return { ...entry, outcome: 'stale-if-error' };
        throw error;
      }
    },
    /** Marks every page purged: made anew before it is served, unless that fails. */
    clear: () => {
      for (const entry of pages.values()) entry.purged = true;
      forgetRenders();
    },
    /** Marks the pages `match` picks purged (a publication), and returns their keys (paths). */
    drop(match: (key: string, response: PageResponse) => boolean): string[] {
      const dropped = [...pages].filter(([key, entry]) => match(key, entry.response));
      for (const [, entry] of dropped) entry.purged = true;
      forgetRenders();
      return dropped.map(([key]) => key);
    },
    get size() {
      return pages.size;
    },
    /** What the pages held count against `maxBytes`. */
    get bytes() {
      return held.bytes;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
