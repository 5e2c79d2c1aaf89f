/**
 * Metrics in Prometheus' text format on a listener of their own (docs/operations.md "Metrics and
 * alerts", docs/decisions/0027-metrics.md): `METRICS_PORT`, on loopback unless `METRICS_HOST`
 * says otherwise, never on the site's port. One registry per server, so that servers built side
 * by side (the tests) count apart. Every label takes its value from a fixed set, never from the
 * request: a visitor's made-up URLs cannot grow the number of series.
 */
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CacheEvent } from '../content/cache';
import type { ContentObserver } from '../content/client';
import { FRAME_SCRIPT_PATH, STATE_ENDPOINT } from '../app/state';
import { BROWSER_ERRORS_PATH } from '../domain/browser-errors';
import {
  VIEWS_PATH,
  VITAL_NAMES,
  VITALS_PATH,
  type VitalName,
  type VitalsBeacon,
} from '../domain/web-vitals';
import type { ReportRefusal } from './browser-errors';
import type { PurgeOutcome } from './cdn-purge';
import type { PageCacheOutcome, PageResponse, Encoded } from './pages';
import { isAssetPath } from './seo';

/** What a request asked for, by its path's family (the `route` label). */
type RouteKind = 'page' | 'data' | 'asset' | 'seo' | 'health' | 'hook' | 'other';

export function routeKindOf(method: string, path: string): RouteKind {
  if (path.startsWith('/_hooks/')) return 'hook';
  if (path === BROWSER_ERRORS_PATH || path === VITALS_PATH || path === VIEWS_PATH) return 'data';
  // Every other method is refused (405) before anything runs.
  if (method !== 'GET' && method !== 'HEAD') return 'other';
  if (path === '/livez' || path === '/readyz') return 'health';
  if (path.startsWith('/_data/') || path.startsWith(STATE_ENDPOINT) || path === '/date')
    return 'data';
  if (path === '/robots.txt' || path === '/sitemap.xml') return 'seo';
  if (
    path === '/favicon.svg' ||
    path === '/favicon.ico' ||
    path === FRAME_SCRIPT_PATH ||
    isAssetPath(path)
  )
    return 'asset';
  return 'page';
}

/** `2xx`, `4xx`…: the `status_class` label. */
function statusClass(status: number): string {
  const hundreds = Math.floor(status / 100);
  return hundreds >= 1 && hundreds <= 5 ? `${hundreds}xx` : 'other';
}

/** The content cache's outcomes as counted: an old answer served is `stale`, whatever the cause. */
const CONTENT_CACHE_OUTCOME: Record<CacheEvent['outcome'], string | undefined> = {
  hit: 'hit',
  stale: 'stale',
  'stale-if-error': 'stale',
  miss: 'miss',
  error: 'error',
  // Reported besides the ask's own outcome: not counted twice.
  coalesced: undefined,
};

/** Seconds: from a cached page (a millisecond) to a content call near its time-out. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface SiteMetrics {
  readonly registry: Registry;
  request(method: string, path: string, status: number, seconds: number): void;
  /** Counts how the page cache answered once the lookup settles; returns it unchanged. */
  pageLookup<T extends { response: PageResponse; encoded?: Encoded; outcome: PageCacheOutcome }>(
    lookup: Promise<T>,
  ): Promise<T>;
  contentCache(event: CacheEvent): void;
  /** Reads what each cache holds, in bytes, at each scrape. */
  watchCacheBytes(bytes: { pages: () => number; content: () => number }): void;
  readonly content: ContentObserver;
  render(view: string, seconds: number): void;
  /** A report from a visitor's browser (src/server/browser-errors.ts): labels from fixed lists. */
  browserError(kind: string, block: string): void;
  /** A report refused: sent too often by its address, not a report, or over its size. */
  browserErrorRefused(reason: ReportRefusal): void;
  /** A page view's Core Web Vitals, as checked (src/server/web-vitals.ts): one count, each metric observed. */
  webVitals(beacon: VitalsBeacon): void;
  /**
   * A beacon refused: sent too often by its address (`rate-limited`), not one of ours
   * (`malformed`), over its size (`too-large`), with what no browser measures (`implausible`), its
   * page view's token never given or already taken (`unknown-view`), or not checkable now
   * (`unverified`: Redis away).
   */
  vitalsRefused(reason: VitalsRefusal): void;
  /** A page view's token for beacons: given, refused to its address, or not kept (Redis away). */
  vitalsView(outcome: ViewOutcome): void;
  /** A publication's purge at the CDN, as it ended (src/server/cdn-purge.ts). */
  cdnPurge(outcome: PurgeOutcome): void;
  /** A call of the CDN's API tried again (a 429, a 5xx, no answer). */
  cdnPurgeRetry(): void;
}

export type VitalsRefusal =
  'rate-limited' | 'malformed' | 'too-large' | 'implausible' | 'unknown-view' | 'unverified';

export type ViewOutcome = 'issued' | 'rate-limited' | 'unavailable';

/**
 * Each metric's buckets, around Google's thresholds (good up to the first, poor past the second:
 * LCP 2.5 / 4 s, INP 200 / 500 ms, CLS 0.1 / 0.25, FCP 1.8 / 3 s, TTFB 0.8 / 1.8 s), which are
 * bounds, so that the share of good page views is read exactly (docs/operations.md "Speed in
 * visitors' browsers"). Times in seconds.
 */
const VITAL_BUCKETS: Record<VitalName, number[]> = {
  LCP: [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 8, 10, 20],
  INP: [0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 2, 5],
  CLS: [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.4, 0.6, 1, 2],
  FCP: [0.25, 0.5, 1, 1.5, 1.8, 2.5, 3, 4, 6, 10, 20],
  TTFB: [0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.4, 1.8, 2.5, 4, 10],
};

/** `web_vitals_lcp_seconds`…, and `web_vitals_cls`, a score without a unit. */
const vitalFamily = (name: VitalName): string =>
  name === 'CLS' ? 'web_vitals_cls' : `web_vitals_${name.toLowerCase()}_seconds`;

/** One histogram per metric by page type and navigation kind, and the beacons' counter. */
function vitalsInstruments(registers: Registry[]) {
  const histograms = new Map(
    VITAL_NAMES.map((name) => [
      name,
      new Histogram({
        name: vitalFamily(name),
        help: `${name} of visitors' page views (POST ${VITALS_PATH}), ${name === 'CLS' ? 'a layout shift score' : 'seconds'}, by page type and navigation kind (load or client).`,
        labelNames: ['page', 'navigation'],
        buckets: VITAL_BUCKETS[name],
        registers,
      }),
    ]),
  );
  const beacons = new Counter({
    name: 'web_vitals_beacons_total',
    help: `Beacons of Core Web Vitals accepted (POST ${VITALS_PATH}).`,
    registers,
  });
  const refusals = new Counter({
    name: 'web_vitals_refused_total',
    help: `Beacons of Core Web Vitals refused (POST ${VITALS_PATH}) by reason: rate-limited (its address sent too many), malformed (not JSON of the beacon's shape, a name, page type or value out of bounds), too-large, implausible (what no browser measures), unknown-view (its page view's token never given or already used) or unverified (Redis away).`,
    labelNames: ['reason'],
    registers,
  });
  const views = new Counter({
    name: 'web_vitals_views_total',
    help: `Page views' tokens for beacons (POST ${VIEWS_PATH}) by outcome: issued, rate-limited (its address asked for too many) or unavailable (Redis away).`,
    labelNames: ['outcome'],
    registers,
  });
  return {
    observe(beacon: VitalsBeacon): void {
      const labels = { page: beacon.page, navigation: beacon.navigation };
      for (const name of VITAL_NAMES) {
        const value = beacon.metrics[name];
        if (value === undefined) continue;
        histograms.get(name)?.observe(labels, name === 'CLS' ? value : value / 1000);
      }
      beacons.inc();
    },
    refused(reason: VitalsRefusal): void {
      refusals.inc({ reason });
    },
    view(outcome: ViewOutcome): void {
      views.inc({ outcome });
    },
  };
}

/** The site's own counters and histograms, in `registers`. */
function instruments(registers: Registry[]) {
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request of the site, by route kind and status class.',
    labelNames: ['route', 'status_class'],
    buckets: DURATION_BUCKETS,
    registers,
  });
  const pageCache = new Counter({
    name: 'page_cache_lookups_total',
    help: 'Page requests by how the page cache answered: hit, stale, miss, bypass (the page cache off) or error (a render that failed or answered 5xx).',
    labelNames: ['outcome'],
    registers,
  });
  const contentCache = new Counter({
    name: 'content_cache_lookups_total',
    help: 'Content answers asked of the content cache, by outcome: hit, stale (an old answer, while refreshing or because the service failed), miss (the service called) or error (the call failed, nothing to serve).',
    labelNames: ['outcome'],
    registers,
  });
  const calls = new Histogram({
    name: 'content_service_request_duration_seconds',
    help: 'Time of the calls to the content service (and the video platform, the media host), answered or failed, by call kind.',
    labelNames: ['call'],
    buckets: DURATION_BUCKETS,
    registers,
  });
  const failures = new Counter({
    name: 'content_service_failures_total',
    help: 'Failed calls to the content service (and the video platform, the media host), by call kind and reason.',
    labelNames: ['call', 'reason'],
    registers,
  });
  const renders = new Histogram({
    name: 'render_duration_seconds',
    help: 'Time to render a page to HTML (React and the document), by view kind.',
    labelNames: ['view'],
    buckets: DURATION_BUCKETS,
    registers,
  });
  const browserErrors = new Counter({
    name: 'client_errors_total',
    help: "Errors reported by visitors' browsers (POST /_errors), by kind (render, effect, uncaught, rejection, chunk) and block (a component kind, none or other).",
    labelNames: ['kind', 'block'],
    registers,
  });
  const browserErrorsRefused = new Counter({
    name: 'client_errors_refused_total',
    help: "Reports of visitors' browsers refused (POST /_errors) by reason: rate-limited (its address sent too many), malformed or too-large.",
    labelNames: ['reason'],
    registers,
  });
  const cdnPurges = new Counter({
    name: 'cdn_purges_total',
    help: "Publications' purges at the CDN (CDN_PURGE) by outcome: ok, refused (a 4xx: the token, the id or the request) or failed (no answer, 429 or 5xx after every retry).",
    labelNames: ['outcome'],
    registers,
  });
  const cdnRetries = new Counter({
    name: 'cdn_purge_retries_total',
    help: "Calls of the CDN's purge API tried again after a 429, a 5xx or no answer.",
    registers,
  });
  return {
    cdnPurges,
    cdnRetries,
    requests,
    pageCache,
    contentCache,
    calls,
    failures,
    renders,
    browserErrors,
    browserErrorsRefused,
  };
}

export function createSiteMetrics(): SiteMetrics {
  const registry = new Registry();
  // Process and Node.js metrics: memory, CPU, handles, GC, heap, and the event loop's delay
  // (nodejs_eventloop_lag_*, from perf_hooks.monitorEventLoopDelay, reset at each scrape).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const {
    cdnPurges,
    cdnRetries,
    requests,
    pageCache,
    contentCache,
    calls,
    failures,
    renders,
    browserErrors,
    browserErrorsRefused,
  } = instruments(registers);
  const vitals = vitalsInstruments(registers);

  let cacheBytes: { pages: () => number; content: () => number } | undefined;
  new Gauge({
    name: 'cache_bytes',
    help: 'What each cache holds against its bound in bytes (PAGE_CACHE_MAX_MB, CONTENT_CACHE_MAX_MB).',
    labelNames: ['cache'],
    registers,
    collect() {
      if (!cacheBytes) return;
      this.set({ cache: 'pages' }, cacheBytes.pages());
      this.set({ cache: 'content' }, cacheBytes.content());
    },
  });

  return {
    registry,
    watchCacheBytes(bytes) {
      cacheBytes = bytes;
    },
    request(method, path, status, seconds) {
      requests.observe(
        { route: routeKindOf(method, path), status_class: statusClass(status) },
        seconds,
      );
    },
    pageLookup(lookup) {
      return lookup.then(
        (found) => {
          pageCache.inc({ outcome: found.response.status >= 500 ? 'error' : found.outcome });
          return found;
        },
        (error: unknown) => {
          pageCache.inc({ outcome: 'error' });
          throw error;
        },
      );
    },
    contentCache(event) {
      const outcome = CONTENT_CACHE_OUTCOME[event.outcome];
      if (outcome) contentCache.inc({ outcome });
    },
    content: {
      called: (kind, seconds) => calls.observe({ call: kind }, seconds),
      failed: (kind, reason) => failures.inc({ call: kind, reason }),
    },
    render(view, seconds) {
      renders.observe({ view }, seconds);
    },
    browserError(kind, block) {
      browserErrors.inc({ kind, block });
    },
    browserErrorRefused(reason) {
      browserErrorsRefused.inc({ reason });
    },
    webVitals: (beacon) => vitals.observe(beacon),
    vitalsRefused: (reason) => vitals.refused(reason),
    vitalsView: (outcome) => vitals.view(outcome),
    cdnPurge: (outcome) => cdnPurges.inc({ outcome }),
    cdnPurgeRetry: () => cdnRetries.inc(),
  };
}

interface MetricsListener {
  /** `http://host:port`, where `GET /metrics` answers. */
  readonly origin: string;
  close(): Promise<void>;
}

const listeners = new WeakMap<FastifyInstance, MetricsListener>();

/**
 * Starts the metrics listener when `app` is ready and stops it when `app` closes: after its own
 * server has, so the drain on stop (src/server/shutdown.ts) can be watched to its end.
 */
export function serveMetrics(
  app: FastifyInstance,
  registry: Registry,
  at: { host: string; port: number },
  reports: Reports = {},
): void {
  app.addHook('onReady', async () => {
    const listener = await listenForMetrics(registry, at, reports);
    listeners.set(app, listener);
    app.log.info(`metrics at ${listener.origin}/metrics`);
  });
  app.addHook('onClose', async () => {
    await listeners.get(app)?.close();
    listeners.delete(app);
  });
}

/** Where `app`'s metrics answer, once it is ready; undefined when metrics are off. */
export function metricsOrigin(app: FastifyInstance): string | undefined {
  return listeners.get(app)?.origin;
}

/** More for operators on the metrics listener: a path and the JSON it answers. */
type Reports = Record<string, () => unknown>;

/**
 * Serves `GET /metrics` from `registry` on `host`:`port` (0: a free port), and each of `reports`
 * as JSON.
 */
async function listenForMetrics(
  registry: Registry,
  at: { host: string; port: number },
  reports: Reports = {},
): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const plain = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
    const report = Object.hasOwn(reports, path) ? reports[path] : undefined;
    if (path !== '/metrics' && !report) {
      res.writeHead(404, plain).end('Not found: metrics are at /metrics\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...plain, allow: 'GET, HEAD', connection: 'close' }).end();
      return;
    }
    if (report) {
      const json = {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      };
      res.writeHead(200, json).end(req.method === 'HEAD' ? undefined : JSON.stringify(report()));
      return;
    }
    registry.metrics().then(
      (text) => {
        res
          .writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' })
          .end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        res.writeHead(500, plain).end(`metrics failed: ${String(error)}\n`);
      },
    );
  });
  // A scraper that connects and sends nothing is not kept for long.
  server.headersTimeout = 10_000;
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) =>
      reject(
        new Error(
          `the metrics listener could not listen on ${at.host}:${at.port} (METRICS_HOST, METRICS_PORT): ${error.message}`,
        ),
      ),
    );
    server.listen(at.port, at.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    origin: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scraper's kept-alive connection would hold the close open.
        server.closeAllConnections();
      }),
  };
}
