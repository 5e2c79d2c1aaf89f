/**
 * The HTTP server: the logical date, the view data of client-side navigations, static assets,
 * and every other GET rendered on the server. Built from its dependencies so tests can inject.
 */
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { LoadResult, PublicConfig, SiteState, Snapshot } from '../app/state';
import { isInternetExplorer } from '../domain/browser';
import {
  ANSWER_FORMAT,
  DATA_ENDPOINT,
  FRAME_ENDPOINT,
  FRAME_SCRIPT_PATH,
  CHRONIQUES_ENDPOINT,
  LOTS_ENDPOINT,
  SITE_ENDPOINT,
  type FrameData,
  type Versioned,
} from '../app/state';
import { frameHostPage, frameLoader } from './frame';
import { allPages, isAssetPath, robotsTxt, sitemapXml } from './seo';
import { formatLogicalDate, parseIsoInstant, parseLogicalDate } from '../domain/dates';
import { isInWindow, nextChange, type DisplayWindow } from '../domain/display-window';
import { isLotCaller } from '../domain/lots';
import type { Render } from '../app/entry-server';
import { createContentCache } from '../content/cache';
import { createContentClient, type ContentClient } from '../content/client';
import type { Fetcher } from '../content/http';
import type { EditPlan } from '../content/edit-plan';
import { describeDiagnostic } from '../content/schema/diagnostics';
import { collectDiagnostics, createDiagnosticsStore, noteDiagnostics } from './diagnostics';
import {
  PREVIEW_BAR_CSS,
  PREVIEW_BAR_STYLES,
  renderPreviewBar,
  withPreviewBar,
} from './preview-bar';
import { editPlanFor, pageOfNode, withEditMode } from './edit-mode';
import {
  editCsp,
  isPreviewTarget,
  nodeEntry,
  PREVIEW_PREFIX,
  previewCsp,
  previewDate,
  previewLocation,
  previewRequest,
  tokenMatches,
  tokenOf,
} from './preview';
import { createReadiness, type Readiness, type ReadyBody } from './health';
import { connectBroadcast } from './broadcast';
import {
  applyPurge,
  bearerMatches,
  collectReads,
  describePurge,
  noteRead,
  PUBLISH_BODY_LIMIT,
  PUBLISH_HOOK_PATH,
  readPublishBody,
  noteStaleRead,
  type Caches,
  whenHealthy,
} from './publish';
import { currentRequest, requestIdFrom, runInRequest } from './request-context';
import { loggableUrl } from './log-url';
import { registerBrowserErrors } from './browser-errors';
import { BROWSER_ERRORS_PATH } from '../domain/browser-errors';
import { isLocale, LOCALE_STORAGE_KEY, type Locale } from '../domain/locale';
import {
  canonicalPath,
  isSportsPath,
  matchRoute,
  notFoundPath,
  SERVICE_ERROR_PATH,
  sportsHome,
} from '../domain/routes';
import type { Config } from './config';
import { renderDocument, type Assets } from './document';
import {
  loadChroniquesForPage,
  loadLotsForPage,
  loadSite,
  loadView,
  requestLocale,
} from './loader';
import {
  type Cacheability,
  cacheabilityOf,
  cacheControl,
  createPageCache,
  Encoded,
  etagMatches,
  etagOf,
  languageFromPathOnly,
  type PageCacheOutcome,
  type PageResponse,
  pickEncoding,
  proxyExpires,
  secondsUntil,
  variantKey,
} from './pages';
import { createLogicalClock } from './logical-date';
import { answerClientError } from './client-error';
import { createSiteMetrics, serveMetrics } from './metrics';
import {
  contentSecurityPolicy,
  crossOriginResourcePolicy,
  referrerPolicy,
  securityHeaders,
  strictTransportSecurity,
} from './security';

/** How often a purge waiting for the content service asks it again. */
const HEALTH_RETRY_MS = 2000;
/** Smaller JSON answers are sent as they are: compressing them saves less than its own cost. */
const DATA_COMPRESS_MIN_BYTES = 1024;
export interface Origins {
  cms: string;
  media: string;
  videoApi: string;
  videoPlayer: string;
  podcastPlayer: string;
  bettingWidget: string;
}

/** A display window as the site's wall clock writes it (`YYYY-MM-DD HH:MM`), for editors. */
function wallClockWindow(window: DisplayWindow, timeZone: string): DisplayWindow {
  const at = (value: string | undefined) => {
    const instant = parseIsoInstant(value);
    return instant === null ? value : formatLogicalDate(instant, timeZone);
  };
  return { start: at(window.start), end: at(window.end) };
}

/** A page rendered for the preview: from its content client, at its logical date. */
interface PreviewRender {
  content: ContentClient;
  logicalDate: string;
  /** Magnolia's Pages app edits the page: annotations, placeholders (docs/editing.md). */
  edit: boolean;
}

export interface ServerDeps {
  config: Config;
  origins: Origins;
  /** The server renderer (the built bundle in production, Vite's module graph in development). */
  getRender: (url: string) => Promise<Render>;
  getAssets: () => Promise<Assets>;
  /** The standalone header and footer's script and styles. */
  getFrameAssets: () => Promise<Assets>;
  /** Development: lets Vite rewrite the HTML (module preamble) before it is sent. */
  transformHtml?: (url: string, html: string) => Promise<string>;
  dev?: boolean;
  /** Registers static file serving before the page catch-all. */
  registerStatic?: (app: FastifyInstance) => Promise<void>;
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  content?: ContentClient;
  /** How the content client reaches the service (tests answer from memory). */
  fetcher?: Fetcher;
  /** Flipped by the stop signal (src/server/main.ts); `/readyz` answers 503 from then on. */
  readiness?: Readiness;
  /** The content and page caches' clock (tests move it on). */
  now?: () => number;
}

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#15232c"/><path d="M16 5l9 11-9 11-9-11z" fill="#f2b705"/></svg>`;

function cookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

const storedLocale = (request: FastifyRequest): string | undefined =>
  cookie(request, LOCALE_STORAGE_KEY);

/** A request target's path and query (undefined: none). */
function splitTarget(target: string): [string, string | undefined] {
  const at = target.indexOf('?');
  return at < 0 ? [target, undefined] : [target.slice(0, at), target.slice(at + 1)];
}

/** A path with a query kept from a request: whatever is not plain printable ASCII escaped. */
const withQuery = (path: string, query: string | undefined): string =>
  query === undefined ? path : `${path}?${query.replace(/[^\x21-\x7e]/gu, encodeURIComponent)}`;

/** Request bodies are never read (but the publication webhook's, src/server/publish.ts); anything over this is refused unread (413). */
const BODY_LIMIT = 1024;

function refuseMethod(reply: FastifyReply): FastifyReply {
  return reply
    .code(405)
    .header('allow', 'GET, HEAD')
    .header('connection', 'close')
    .header('cache-control', 'no-store')
    .send({ error: 'method not allowed' });
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad request', 404: 'Not found' };

function quietError(reply: FastifyReply, status: number): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(STATUS_TEXT[status] ?? 'Request refused');
}

/**
 * The logger's options: Fastify's own request serializer names the URL as every line of ours
 * does (`loggableUrl`), should a line of Fastify's ever carry the request.
 */
function loggerOptions(logger: ServerDeps['logger'], level: string) {
  if (logger === false) return false;
  const serializers = {
    req: (req: { method?: string; url?: string; host?: string; ip?: string }) => ({
      method: req.method,
      url: loggableUrl(req.url ?? ''),
      host: req.host,
      remoteAddress: req.ip,
    }),
  };
  return { ...(logger === true || logger === undefined ? { level } : logger), serializers };
}

export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const { config, origins } = deps;
  const cspSources = {
    media: origins.media,
    frames: [origins.videoPlayer, origins.podcastPlayer],
    scripts: [origins.bettingWidget],
    // The assets are the build's, fixed for the process's life: the entry's hash with them.
    inlineScripts: [(await deps.getAssets()).inlineEntry].filter((code) => code !== undefined),
    dev: deps.dev ?? false,
  };
  const headers = securityHeaders(
    contentSecurityPolicy(cspSources),
    strictTransportSecurity(config.publicOrigin, config.hsts),
  );
  const app = Fastify({
    logger: loggerOptions(deps.logger, config.logLevel),
    // The caller's X-Request-Id when it is safe to repeat, else a new one (request-context.ts);
    // every line of `request.log` carries it as `reqId`.
    requestIdHeader: false,
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
    // No forwarded header is trusted: nothing the site writes depends on the request's host or
    // protocol (absolute URLs come from PUBLIC_ORIGIN, docs/configuration.md).
    trustProxy: false,
    // Odd URLs must reach the router (which answers them), not fail in the framework.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 1000 },
    // Per-request lines cost throughput; failures are logged where they happen, with their cause.
    logController: new LogController({ disableRequestLogging: true }),
    // The site reads no request body: a body is refused before it is read (405 below), and the
    // limit keeps one from being buffered anywhere else.
    bodyLimit: BODY_LIMIT,
    // A request reaching a draining process on a kept-alive connection is still answered (with
    // Connection: close), not turned into a 503 (src/server/shutdown.ts).
    return503OnClosing: false,
    // A URL whose percent-encoding does not decode never reaches a route: answered here.
    frameworkErrors: (error, request, reply) => {
      void badUrl(error, request, reply);
    },
    // What Node refuses before a request exists (a request line or headers that do not parse,
    // headers too large) is answered with the same security headers as every other answer.
    clientErrorHandler: (error, socket) => {
      const status = answerClientError(error, socket, headers);
      if (status !== undefined)
        app.log.debug(`refused by the HTTP parser (${error.code}): ${status}`);
    },
  });
  // Past this many open connections, a new one is closed at once: one process cannot serve more
  // usefully, and a flood of idle connections must not take its memory (docs/operations.md).
  app.server.maxConnections = config.maxConnections;
  // Said at most once a minute, with how many were refused since the last line.
  let dropped = 0;
  let droppedSaidAt = -Infinity;
  app.server.on('drop', () => {
    dropped += 1;
    if (Date.now() - droppedSaidAt < 60_000) return;
    app.log.warn(
      `${dropped} connection(s) closed unanswered: MAX_CONNECTIONS (${config.maxConnections}) were open`,
    );
    dropped = 0;
    droppedSaidAt = Date.now();
  });
  const readiness = deps.readiness ?? createReadiness();
  // Off (no registry, no hook, no listener) unless METRICS_PORT is set.
  const metrics = config.metrics ? createSiteMetrics() : undefined;
  const pageDiagnostics = createDiagnosticsStore();
  if (metrics && config.metrics)
    serveMetrics(app, metrics.registry, config.metrics, {
      // Beside the metrics, operators only: which pages leave content out, and why.
      '/diagnostics': () => ({ pages: pageDiagnostics.list() }),
    });
  /** The logger of the request being served, else the process's (a background refresh). */
  const log = () => currentRequest()?.log ?? app.log;
  const contentCache = createContentCache(config.contentCache, {
    maxBytes: config.cacheMaxBytes.content,
    ...(deps.now ? { now: deps.now } : {}),
    onEvent: (e) => {
      metrics?.contentCache(e);
      if (e.outcome !== 'stale-if-error') return;
      noteStaleRead();
      log().warn(`content service failing: serving the last answer for ${e.key}`);
    },
  });
  // Pages and view answers, shared or per variant (src/server/pages.ts); none in development.
  const pageCache = deps.dev
    ? undefined
    : createPageCache(config.contentCache, {
        maxBytes: config.cacheMaxBytes.pages,
        ...(deps.now ? { now: deps.now } : {}),
      });
  metrics?.watchCacheBytes({
    pages: () => pageCache?.bytes ?? 0,
    content: () => contentCache.bytes,
  });
  /** What the site's and the preview's content clients share: the service, limits, request ids. */
  const clientBase = {
    app: config.cmsApp,
    media: origins.media,
    timeoutMs: config.cmsTimeoutMs,
    maxBytes: config.cmsMaxBytes,
    richTextMaxBytes: config.richTextMaxBytes,
    warn: (message: string) => log().warn(message),
    fetcher: deps.fetcher,
    // Each call says which request caused it, for following it through the service's logs.
    headers: () => {
      const id = currentRequest()?.id;
      return id ? { 'x-request-id': id } : undefined;
    },
    // What each page could not use, for the preview and operators (src/server/diagnostics.ts).
    onDiagnostics: noteDiagnostics,
  };
  const content =
    deps.content ??
    createContentClient({
      ...clientBase,
      origin: origins.cms,
      observer: metrics?.content,
      cache: contentCache,
      // What each shared page is made from, so a publication drops the pages it changes.
      onRead: noteRead,
      // Logged once per content version, as a line and as a structured field.
      logDiagnostic: (diagnostic) => log().warn({ diagnostic }, describeDiagnostic(diagnostic)),
    });
  // The editors' preview reads the author instance, uncached and apart from the site's content
  // cache, its purges and Redis: what it shows is never what visitors get (docs/preview.md).
  const previewOrigin = config.preview?.cmsOrigin ?? origins.cms;
  const previewAuthorization: Record<string, string> = config.preview?.credentials
    ? { authorization: `Basic ${Buffer.from(config.preview.credentials).toString('base64')}` }
    : {};
  const previewContent =
    config.preview &&
    createContentClient({
      ...clientBase,
      origin: previewOrigin,
      // An author instance that asks who reads is told (CMS_PREVIEW_CREDENTIALS, docs/editing.md).
      ownHeaders: previewAuthorization,
      // The editor sees them on the page; drafts are not the operators' concern.
      logDiagnostic: (diagnostic) => log().debug({ diagnostic }, describeDiagnostic(diagnostic)),
    });
  const clock = createLogicalClock(config.logicalDate, config.timeZone);
  const publicConfig: PublicConfig = {
    brandName: config.brandName,
    devMode: config.devMode,
    timeZone: config.timeZone,
    bettingWidgetUrl: origins.bettingWidget,
    appStoreUrls: { android: config.appStoreUrlAndroid, ios: config.appStoreUrlIos },
    mediaWidthParam: config.mediaWidthParam,
    // Sent only when not every page view reports (the default): no byte for the default.
    ...(config.browserErrorSampleRate < 1
      ? { browserErrorSampleRate: config.browserErrorSampleRate }
      : {}),
    players: {
      videoPlayerBase: origins.videoPlayer,
      podcastPlayerUrl: origins.podcastPlayer,
      podcastUserId: config.podcastUserId,
    },
  };
  // No third party's script runs in a preview, whose URL holds the token (docs/preview.md).
  const previewConfig: PublicConfig = { ...publicConfig, bettingWidgetUrl: undefined };
  /** Every absolute URL the site writes starts with this, whatever the request says. */
  const siteOrigin = config.publicOrigin;

  // First of all hooks: what runs for this request from here on knows it (request-context.ts).
  app.addHook('onRequest', (request, _reply, done) => {
    runInRequest({ id: request.id, log: request.log }, done);
  });

  // A preview runs no third party's script (the betting widget's origin is not in its policy) and
  // may be framed by the author instance; public pages never (docs/preview.md).
  const previewPolicy = config.preview && {
    csp: previewCsp(
      contentSecurityPolicy({ ...cspSources, scripts: [] }),
      config.preview.frameAncestors,
    ),
    frameOptions: config.preview.frameAncestors.length === 0,
  };
  /** The author instance's origin: the only one an edit-mode page lets in (docs/editing.md). */
  const authorOrigin = new URL(previewOrigin).origin;
  const editPolicy = previewPolicy && editCsp(previewPolicy.csp, authorOrigin);
  /**
   * A preview answer's own headers, whatever its status (a page, a 401, a 400, a redirect, a path
   * that does not decode), the preview on or off: its URL holds the token, so no request it
   * leads to names it as a referrer (docs/preview.md "Never logged, never handed on").
   */
  function previewHeaders(request: FastifyRequest, reply: FastifyReply): void {
    if (!isPreviewTarget(request.url)) return;
    reply.header('referrer-policy', 'no-referrer');
    if (!previewPolicy || !editPolicy) return;
    if (previewRequest(request.url)?.edit) {
      // Framed by the Pages app, which runs the page editor in it (docs/editing.md).
      reply.header('content-security-policy', editPolicy);
      reply.removeHeader('x-frame-options');
      return;
    }
    reply.header('content-security-policy', previewPolicy.csp);
    // X-Frame-Options knows no list of origins; CSP's frame-ancestors says it all.
    if (!previewPolicy.frameOptions) reply.removeHeader('x-frame-options');
  }

  /** The security headers of an answer, and its request id (docs/security.md). */
  function secure(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    const path = request.url.split('?')[0] ?? request.url;
    reply.header('cross-origin-resource-policy', crossOriginResourcePolicy(path));
    reply.header('referrer-policy', referrerPolicy(path));
    previewHeaders(request, reply);
    return reply;
  }

  app.addHook('onSend', async (request, reply) => {
    secure(request, reply);
  });

  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      const path = request.url.split('?')[0] ?? request.url;
      metrics.request(request.method, path, reply.statusCode, reply.elapsedTime / 1000);
    });
  }

  // Only GET and HEAD exist here: anything else is refused before its body is read, and the
  // connection is closed rather than kept for a body nobody wants.
  // The one exception is the publication webhook (src/server/publish.ts), which exists only with
  // its token: without one it is not found, and says nothing more.
  const hookToken = config.publishHookToken;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const path = request.url.split('?')[0] ?? '';
    // Visitors' browsers report their errors here (src/server/browser-errors.ts).
    if (request.method === 'POST' && path === BROWSER_ERRORS_PATH) return;
    if (request.method === 'POST' && path === PUBLISH_HOOK_PATH) {
      if (hookToken) return;
      return quietError(reply.header('connection', 'close'), 404);
    }
    return refuseMethod(reply);
  });

  /** How the page cache answered each page request, for its access line. */
  const pageCacheOutcomes = new WeakMap<FastifyRequest, PageCacheOutcome>();

  // One access line per request (docs/operations.md "Access log"); a health probe that passes
  // is only worth a line when debugging.
  const accessLevel = config.accessLogLevel;
  if (accessLevel !== 'silent') {
    app.addHook('onResponse', async (request, reply) => {
      const path = request.url.split('?')[0] ?? request.url;
      const probe = (path === '/livez' || path === '/readyz') && reply.statusCode === 200;
      const length = Number(reply.getHeader('content-length'));
      request.log[probe ? 'debug' : accessLevel](
        {
          method: request.method,
          path: loggableUrl(path),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          cache: pageCacheOutcomes.get(request),
          bytes: Number.isFinite(length) ? length : undefined,
        },
        'access',
      );
    });
  }

  // Health (docs/operations.md "Health checks"): never cached, never a secret in the body.
  app.get('/livez', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'alive' }),
  );

  app.get('/readyz', async (_request, reply) => {
    const reasons: string[] = [];
    if (readiness.draining) {
      reasons.push(`stopping: ${readiness.draining} received`);
    } else {
      // Through the content cache: a stale copy it still holds serves pages, so it counts.
      const site = await content.getSite('fr');
      if (!site.ok) {
        const status = site.status ? ` ${site.status}` : '';
        reasons.push(`content service: ${site.reason}${status} on the site node: ${site.message}`);
      }
    }
    const body: ReadyBody = reasons.length ? { status: 'not-ready', reasons } : { status: 'ready' };
    return reply
      .code(reasons.length ? 503 : 200)
      .header('cache-control', 'no-store')
      .send(body);
  });

  app.get('/date', async (_request, reply) => {
    return reply
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(clock.current());
  });

  app.get('/favicon.svg', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(FAVICON),
  );

  /** One request reads one logical date; `changes` collects when the answer stops holding. */
  interface Reading {
    logicalDate: string;
    changes?: number[];
    /** Another content client than the site's (the preview's). */
    content?: ContentClient | undefined;
    /** The preview: a page outside its display window is shown, not a 404. */
    keepOutOfWindow?: boolean;
  }
  const load = (
    path: string,
    request: FastifyRequest,
    reading: Reading = { logicalDate: clock.current() },
  ): Promise<LoadResult> =>
    loadView(path, {
      timeZone: config.timeZone,
      storedLocale: storedLocale(request),
      videoApiBase: origins.videoApi,
      log: request.log,
      ...reading,
      content: reading.content ?? content,
    });
  const site = (
    locale: Locale,
    request: FastifyRequest,
    reading: Reading = { logicalDate: clock.current() },
  ): Promise<SiteState> =>
    loadSite(locale, {
      log: request.log,
      timeZone: config.timeZone,
      ...reading,
      content: reading.content ?? content,
    });

  /**
   * A JSON answer of /_data/*, compressed off the event loop as pages are when the browser
   * accepts it (a view's model is several times its page's compressed HTML otherwise).
   */
  const sendData = async (request: FastifyRequest, reply: FastifyReply, body: unknown) => {
    const json = Buffer.from(JSON.stringify(body));
    const encoding =
      json.length >= DATA_COMPRESS_MIN_BYTES
        ? pickEncoding(request.headers['accept-encoding'])
        : 'identity';
    reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(await new Encoded(json).body(encoding));
  };

  /** A /_data/* request the site cannot answer: said in JSON, kept by no cache. */
  const dataError = (reply: FastifyReply, error: string) =>
    reply.code(400).header('cache-control', 'no-store').send({ error });

  /** A view answer: what `loadView` gives for `path`, as the browser reads it. */
  async function makeViewAnswer(request: FastifyRequest, path: string): Promise<PageResponse> {
    const reading = { logicalDate: clock.current(), changes: [] as number[] };
    const result = await load(path, request, reading);
    const answer: Versioned<LoadResult> = { format: ANSWER_FORMAT, ...result };
    const body = Buffer.from(JSON.stringify(answer));
    return {
      status: 200,
      cacheability: cacheabilityOf(path, result, { internetExplorer: false }),
      body,
      etag: etagOf(body),
      changesAt: changesAtOf(reading),
    };
  }

  // A client-side navigation's view: cached as the page it describes is (docs/decisions/0062).
  app.get(DATA_ENDPOINT, async (request, reply) => {
    const { path: asked } = request.query as { path?: unknown };
    if (typeof asked !== 'string' || !asked.startsWith('/') || asked.startsWith('//')) {
      return dataError(reply, 'query "path" must be a path starting with /');
    }
    const [path, query] = splitTarget(asked);
    const canonical = canonicalPath(path);
    if (canonical !== path) {
      // Another spelling of a page: the browser replaces its address, nothing is loaded.
      const moved: Versioned<LoadResult> = {
        format: ANSWER_FORMAT,
        type: 'redirect',
        status: 301,
        location: withQuery(canonical, query),
      };
      return sendData(request, reply.header('cache-control', 'no-store'), moved);
    }
    const { key, render, shareable } = pageKey(request, path, 'view');
    return serveCached(request, reply, {
      key,
      shareable,
      produce: () => makeViewAnswer(request, render),
      type: 'application/json; charset=utf-8',
    });
  });

  // The loader's context for an answer that depends on the language asked, not on the visitor.
  const dataContext = (request: FastifyRequest) => ({
    content,
    logicalDate: clock.current(),
    timeZone: config.timeZone,
    storedLocale: undefined,
    videoApiBase: origins.videoApi,
    log: request.log,
  });

  // The chronique cards past a chroniques list's first block (docs/decisions/0041).
  app.get(CHRONIQUES_ENDPOINT, async (request, reply) => {
    const { lang } = request.query as { lang?: unknown };
    if (!isLocale(lang)) return dataError(reply, 'query "lang" must be fr or en');
    const chroniques = await loadChroniquesForPage(lang, dataContext(request));
    const answer = { format: ANSWER_FORMAT, chroniques };
    return sendData(request, reply.header('cache-control', 'no-store'), answer);
  });

  app.get(SITE_ENDPOINT, async (request, reply) => {
    const { lang } = request.query as { lang?: unknown };
    if (!isLocale(lang)) return dataError(reply, 'query "lang" must be fr or en');
    const answer: Versioned<SiteState> = { format: ANSWER_FORMAT, ...(await site(lang, request)) };
    return sendData(request, reply.header('cache-control', 'no-store'), answer);
  });

  // The lots a page left out after its lists' first blocks (`lists=billet,gagnant`), or with
  // no list named those a chronique's deep link may open (docs/decisions/0041).
  app.get(LOTS_ENDPOINT, async (request, reply) => {
    const { lang, lists } = request.query as { lang?: unknown; lists?: unknown };
    if (!isLocale(lang)) return dataError(reply, 'query "lang" must be fr or en');
    const named = lists === undefined ? [] : typeof lists === 'string' ? lists.split(',') : null;
    if (named === null || !named.every(isLotCaller)) {
      return dataError(reply, 'query "lists" must name billet and/or gagnant, comma-separated');
    }
    const lots = await loadLotsForPage(lang, named, dataContext(request));
    const answer = { format: ANSWER_FORMAT, lots };
    return sendData(request, reply.header('cache-control', 'no-store'), answer);
  });

  // The header and footer alone on other systems' pages (CORS: public content, no credentials).
  app.get(FRAME_ENDPOINT, async (request, reply) => {
    const { lang } = request.query as { lang?: unknown };
    if (!isLocale(lang)) return dataError(reply, 'query "lang" must be fr or en');
    const logicalDate = clock.current();
    const data: Versioned<FrameData> = {
      format: ANSWER_FORMAT,
      config: publicConfig,
      logicalDate,
      site: await site(lang, request, { logicalDate }),
    };
    return sendData(
      request,
      reply.header('access-control-allow-origin', '*').header('cache-control', 'no-store'),
      data,
    );
  });

  app.get(FRAME_SCRIPT_PATH, async (_request, reply) =>
    reply
      .header('access-control-allow-origin', '*')
      .header('cache-control', 'public, max-age=300')
      .type('text/javascript; charset=utf-8')
      .send(frameLoader(await deps.getFrameAssets())),
  );

  // A demo of the standalone header and footer: in development and on the embedded defaults (no
  // CMS_ORIGIN), never in a real deployment, where it is an unknown page like any other.
  if (deps.dev || !config.cmsOrigin) {
    app.get('/demo/frame-host.html', async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(frameHostPage()),
    );
  }

  app.get('/robots.txt', async (request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(siteOrigin)),
  );

  app.get('/sitemap.xml', async (request, reply) => {
    const pages = await allPages(content);
    if (!pages) {
      request.log.warn('sitemap.xml: the page listing failed');
      return reply.code(503).header('cache-control', 'no-store').header('retry-after', '60').send();
    }
    const now = parseLogicalDate(clock.current(), config.timeZone) ?? Date.now();
    cacheHeaders(reply, 'shared');
    return reply.type('application/xml; charset=utf-8').send(sitemapXml(pages, siteOrigin, now));
  });

  if (deps.registerStatic) await deps.registerStatic(app);

  // Purge on publish (docs/operations.md "Purge on publish"), shared through Redis when configured.
  const caches: Caches = { content: contentCache, pages: pageCache, siteNode: `/${config.cmsApp}` };
  const broadcast = config.redisUrl
    ? connectBroadcast({
        url: config.redisUrl,
        channel: `${config.cmsApp}:content-published`,
        apply: (message) => {
          const summary = applyPurge(message.purge, caches);
          app.log
            .child({ reqId: message.requestId })
            .info({ purge: summary }, `${describePurge(summary)} (sent by another instance)`);
        },
        resumed: () => {
          pendingPurge?.stop();
          pendingPurge = whenHealthy(
            async () => (await serviceProbe.getSite('fr')).ok,
            () => {
              const summary = applyPurge(
                { all: 'Redis came back; a purge may have been missed' },
                caches,
              );
              app.log.info({ purge: summary }, describePurge(summary));
            },
            HEALTH_RETRY_MS,
          );
        },
        log: app.log,
      })
    : undefined;
  // The purge Redis's return calls for waits for the content service: asked past the cache.
  const serviceProbe = createContentClient({
    ...clientBase,
    origin: origins.cms,
    // Only whether it answers counts here: its content is logged where pages read it.
    logDiagnostic: () => undefined,
  });
  let pendingPurge: { stop(): void } | undefined;
  if (broadcast)
    app.addHook('onClose', () => {
      pendingPurge?.stop();
      return broadcast.close();
    });

  await registerBrowserErrors(app, metrics && ((kind, block) => metrics.browserError(kind, block)));

  if (hookToken) {
    await app.register((hook, _options, registered) => {
      // The body is read as bytes whatever its type: what it names is read in publish.ts, and
      // anything it does not understand purges everything.
      hook.removeAllContentTypeParsers();
      hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      hook.post(
        PUBLISH_HOOK_PATH,
        {
          bodyLimit: PUBLISH_BODY_LIMIT,
          // Checked before the body is read: a stranger's body is never buffered.
          onRequest: async (request, reply) => {
            if (bearerMatches(request.headers.authorization, hookToken)) return;
            request.log.warn(`${PUBLISH_HOOK_PATH}: refused, no valid bearer token (401)`);
            return reply
              .code(401)
              .header('www-authenticate', 'Bearer')
              .header('cache-control', 'no-store')
              .header('connection', 'close')
              .send({ error: 'unauthorized' });
          },
        },
        async (request, reply) => {
          const purge = readPublishBody(Buffer.isBuffer(request.body) ? request.body : undefined);
          const summary = applyPurge(purge, caches);
          // undefined: no Redis; null: sent; else why it could not be sent.
          const failure = broadcast ? await broadcast.publish(purge, request.id) : undefined;
          const heard =
            failure === undefined
              ? 'no Redis: this instance only'
              : failure === null
                ? 'sent to the other instances'
                : `NOT sent to the other instances (${failure})`;
          request.log[failure ? 'warn' : 'info'](
            { purge: summary, broadcast: heard },
            `${describePurge(summary)}; ${heard}`,
          );
          return reply
            .code(200)
            .header('cache-control', 'no-store')
            .send({
              ...summary,
              broadcast: failure === undefined ? 'off' : failure === null ? 'sent' : 'failed',
            });
        },
      );
      registered();
    });
  }

  /**
   * The instant a reading stands for: its logical date, which reads whole minutes; following the
   * real clock, the seconds gone in this one count.
   */
  const readingNow = (logicalDate: string): number =>
    (parseLogicalDate(logicalDate, config.timeZone) ?? Date.now()) +
    (config.logicalDate ? 0 : Date.now() % 60_000);

  /** A display window that opens or closes changes an answer: it holds until then (epoch ms). */
  function changesAtOf(reading: { logicalDate: string; changes: number[] }): number | undefined {
    const now = readingNow(reading.logicalDate);
    const next = nextChange(reading.changes, now);
    return next === null ? undefined : Date.now() + (next - now);
  }

  /**
   * Loads and renders one page for a request, with how it may be cached and what of its content
   * could not be used (kept for the page's path: src/server/diagnostics.ts).
   */
  async function producePage(
    request: FastifyRequest,
    internetExplorer: boolean,
    url: string = request.url,
    preview?: PreviewRender,
  ): Promise<PageResponse> {
    const { value, diagnostics } = await collectDiagnostics(() =>
      makePage(request, internetExplorer, url, preview),
    );
    // The site's pages only: a preview's list goes to its editor, with the page.
    if (!preview) pageDiagnostics.record(url.split('?')[0] ?? url, diagnostics);
    return diagnostics.length ? { ...value, diagnostics } : value;
  }

  async function makePage(
    request: FastifyRequest,
    internetExplorer: boolean,
    url: string,
    preview: PreviewRender | undefined,
  ): Promise<PageResponse> {
    // The site node is fetched alongside the page: both are needed for every rendered view.
    const locale = requestLocale(url, storedLocale(request));
    const reading: Reading & { changes: number[] } = preview
      ? {
          logicalDate: preview.logicalDate,
          changes: [],
          content: preview.content,
          keepOutOfWindow: true,
        }
      : { logicalDate: clock.current(), changes: [] };
    const loaded = () => Promise.all([load(url, request, reading), site(locale, request, reading)]);
    let edit: EditPlan | undefined;
    let result: LoadResult;
    let siteState: SiteState;
    if (preview?.edit) {
      // The placeholders say why each node is left out: this page's diagnostics, handed on.
      const seen = await collectDiagnostics(loaded);
      noteDiagnostics(`edit ${url}`, seen.diagnostics);
      [result, siteState] = seen.value;
      if (result.type === 'view') {
        edit = await editPlanFor(result.state, seen.diagnostics, preview.content, (message) =>
          log().warn(message),
        );
      }
    } else {
      [result, siteState] = await loaded();
    }
    const path = url.split('?')[0] ?? url;
    const cacheability = cacheabilityOf(path, result, { internetExplorer });
    if (result.type === 'redirect') {
      return { status: result.status, cacheability, location: result.location };
    }
    const snapshot: Snapshot = {
      ...result.state,
      logicalDate: reading.logicalDate,
      origin: siteOrigin,
      config: preview ? previewConfig : publicConfig,
      // The same HTML for every visitor of a shared page: the browser fills in what is its own
      // (the app banner's platform, messages closed this visit) once hydrated.
      client: { internetExplorer, platform: 'other' },
      site:
        siteState.locale === result.state.locale
          ? siteState
          : await site(result.state.locale, request, reading),
      messagesDismissed: false,
      ...(preview ? { preview: { logicalDate: preview.logicalDate } } : {}),
      ...(edit ? { edit } : {}),
    };
    const [render, assets] = await Promise.all([deps.getRender(url), deps.getAssets()]);
    const started = performance.now();
    // A block that throws is left out, with a line naming it (docs/decisions/0064).
    const blockFailed = (block: string, error: unknown) =>
      request.log.warn(
        { err: error, block },
        `block ${block} failed to render on the server: left out of ${loggableUrl(url)}`,
      );
    let html = renderDocument(render(snapshot, blockFailed), snapshot, assets);
    metrics?.render(snapshot.view.kind, (performance.now() - started) / 1000);
    if (deps.transformHtml) html = await deps.transformHtml(url, html);
    const body = Buffer.from(html);
    const now = readingNow(reading.logicalDate);
    const changesAt = changesAtOf(reading);
    // The preview says when its page is outside its window (src/server/preview-bar.ts).
    const view = result.state.view;
    const outOfWindow =
      preview && view.kind === 'content' && !isInWindow(view.page.window, now)
        ? wallClockWindow(view.page.window, config.timeZone)
        : undefined;
    return {
      status: result.status,
      cacheability,
      body,
      etag: etagOf(body),
      changesAt,
      ...(outOfWindow ? { outOfWindow } : {}),
    };
  }

  /**
   * Who may keep the answer, and for how long: `Cache-Control` for browsers and CDNs, then
   * nginx's own shorter freshness (after it, and on a 304 too, which renews nginx's copy;
   * docs/operations.md "Proxy and CDN caches").
   */
  function cacheHeaders(reply: FastifyReply, cacheability: Cacheability, untilChange?: number) {
    reply.header('cache-control', cacheControl(cacheability, config.contentCache, untilChange));
    const forProxy = proxyExpires(
      cacheability,
      config.contentCache,
      config.proxyFreshSeconds,
      untilChange,
    );
    if (forProxy !== undefined) reply.header('x-accel-expires', forProxy);
  }

  /**
   * The page cache's key for a request (docs/decisions/0062): a shared page's path, a page for
   * some visitors only under its variant (`variantKey`), the whole sports area under its
   * language's home (it is one page for the specification, the widget draws the rest); `kind`
   * tells a view answer from its page. `render` is the path the answer is made for.
   */
  function pageKey(request: FastifyRequest, path: string, kind: 'page' | 'view') {
    const internetExplorer = kind === 'page' && isInternetExplorer(request.headers['user-agent']);
    const locale = requestLocale(path, storedLocale(request));
    const render = matchRoute(path).kind === 'sports' ? sportsHome(locale) : path;
    const shareable = !internetExplorer && languageFromPathOnly(path);
    const named = kind === 'view' ? `${render} view` : render;
    const key = shareable ? named : variantKey(named, { internetExplorer, locale });
    return { key, render, shareable, internetExplorer };
  }

  /**
   * Answers from the page cache: one render per key, the same bytes for every request of it,
   * with its ETag, its encodings and its caching headers. An answer made for some visitors only
   * (`shareable` false) is private for HTTP caches, whatever the page it stands for.
   */
  async function serveCached(
    request: FastifyRequest,
    reply: FastifyReply,
    answer: { key: string; shareable: boolean; produce: () => Promise<PageResponse>; type: string },
  ): Promise<FastifyReply> {
    const lookup = pageCache
      ? pageCache.get(answer.key, async () => {
          const { value, reads, stale } = await collectReads(answer.produce);
          return { ...value, reads, ...(stale ? { madeFromStale: true } : {}) };
        })
      : answer.produce().then((response) => ({
          response,
          encoded: undefined,
          outcome: 'bypass' as const,
        }));
    const { response, encoded, outcome } = await (metrics ? metrics.pageLookup(lookup) : lookup);
    pageCacheOutcomes.set(request, outcome);
    const cacheability =
      !answer.shareable && response.cacheability === 'shared' ? 'private' : response.cacheability;
    cacheHeaders(reply, cacheability, secondsUntil(response.changesAt, Date.now()));
    if (response.location) return reply.redirect(response.location, response.status);
    reply.code(response.status).type(answer.type);
    if (response.etag) {
      reply.header('etag', response.etag);
      if (etagMatches(request.headers['if-none-match'], response.etag))
        return reply.code(304).send();
    }
    if (!response.body) return reply.send();
    // A cached answer is compressed once; what varies is only the encoding. One made for this
    // request alone (an error page, say) is compressed for it.
    const small = response.body.length < DATA_COMPRESS_MIN_BYTES;
    const encoding = small ? 'identity' : pickEncoding(request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(await (encoded ?? new Encoded(response.body)).body(encoding));
  }

  async function renderPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const [path, query] = splitTarget(request.url);
    // Every other spelling of a page goes to its one path before any render or cache entry
    // (docs/security.md "One spelling per page"); nginx in front does not keep the redirect.
    const canonical = canonicalPath(path);
    if (canonical !== path) {
      return reply
        .header('cache-control', 'public, max-age=3600')
        .header('x-accel-expires', '0')
        .redirect(withQuery(canonical, query), 301);
    }
    // A shared page is the same whatever its query (the browser reads `?lot=` itself): one
    // render and one cache entry per path, so that made-up queries neither go round the cache
    // nor fill it. The key is the path alone: nothing in the page comes from the request's host.
    const { key, render, shareable, internetExplorer } = pageKey(request, path, 'page');
    return serveCached(request, reply, {
      key,
      shareable,
      produce: () => producePage(request, internetExplorer, render),
      type: 'text/html; charset=utf-8',
    });
  }

  if (config.preview && previewContent) {
    const { token } = config.preview;
    const text = 'text/plain; charset=utf-8';
    const previewPage = async (request: FastifyRequest, reply: FastifyReply) => {
      // Never kept, never indexed, whatever the answer (docs/preview.md).
      reply
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex, nofollow');
      const asked = previewRequest(request.url);
      if (!asked) return reply.code(404).type(text).send('Not found\n');
      if (!tokenMatches(token, tokenOf(request.headers.authorization, asked.queryToken))) {
        request.log.warn(`preview ${loggableUrl(request.url)}: no valid token, answered 401`);
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="preview"')
          .type(text)
          .send('The preview needs its token: ?token= or Authorization: Bearer.\n');
      }
      const date = previewDate(asked.date);
      if (!date.ok) return reply.code(400).type(text).send(`${date.message}\n`);
      const logicalDate = date.date ?? clock.current();
      // The Pages app names a page by its node path (the templates' routeTemplate).
      const node = nodeEntry(asked.target);
      if (node) {
        const found = isLocale(node.lang)
          ? await pageOfNode(previewContent, node.lang, node.nodePath)
          : null;
        if (!found) return reply.code(404).type(text).send('No page has this node path.\n');
        return reply.redirect(previewLocation(found, asked), 302);
      }
      const response = await producePage(request, false, asked.target, {
        content: previewContent,
        logicalDate,
        edit: asked.edit,
      });
      if (response.location) {
        return reply.redirect(previewLocation(response.location, asked), response.status);
      }
      reply.code(response.status).type('text/html; charset=utf-8');
      if (!response.body) return reply.send();
      if (asked.edit) {
        const { editorBridge } = await deps.getAssets();
        const page = withEditMode(response.body.toString(), editorBridge, authorOrigin);
        return sendEncoded(request, reply, Buffer.from(page));
      }
      const bar = renderPreviewBar({
        locale: requestLocale(asked.target, storedLocale(request)),
        origin: previewOrigin,
        target: asked.target,
        noWidget: isSportsPath(asked.target.split('?')[0] ?? asked.target),
        logicalDate,
        queryToken: asked.queryToken,
        outOfWindow: response.outOfWindow,
        diagnostics: response.diagnostics ?? [],
      });
      return sendEncoded(
        request,
        reply,
        Buffer.from(withPreviewBar(response.body.toString(), bar)),
      );
    };
    /** A preview page, compressed as the browser accepts. */
    const sendEncoded = async (request: FastifyRequest, reply: FastifyReply, body: Buffer) => {
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply.header('vary', 'accept-encoding, authorization');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(await new Encoded(body).body(encoding));
    };
    app.get(PREVIEW_BAR_STYLES, async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=300')
        .type('text/css; charset=utf-8')
        .send(PREVIEW_BAR_CSS),
    );
    app.get(PREVIEW_PREFIX, previewPage);
    app.get(`${PREVIEW_PREFIX}/*`, previewPage);
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuseMethod(reply);
    // A missing file is a 404, not a page (a redirect would hide the broken reference).
    if (isAssetPath(request.url.split('?')[0] ?? request.url)) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .type('text/plain')
        .send('Not found');
    }
    return renderPage(request, reply);
  });

  // What the visitor got wrong (a path the file server refuses, a malformed or oversized request)
  // is answered with its 4xx and one warning; only the site's own failures lead to the 503 page.
  // A refused asset path (traversal, a directory) is a 404: nothing says why.
  const clientError = (error: unknown): number | undefined => {
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
    return status === 403 ? 404 : status;
  };

  function badUrl(error: Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
    // No onSend hook runs for this answer: its headers are set here.
    secure(request, reply);
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuseMethod(reply);
    const path = request.url.split('?')[0] ?? request.url;
    // An asset is a file: a plain 400. A page is a page not found (docs/requirements.md §8): the 404
    // page of the path's language, as for any other unknown page.
    const asset = isAssetPath(path);
    const locale = /^\/(?:sports\/)?en(?:[/?]|$)/.test(request.url) ? 'en' : 'fr';
    const answer = asset ? '400' : `302 to ${notFoundPath(locale)}`;
    request.log.warn(
      `${request.method} ${loggableUrl(request.url)}: the path does not decode (${(error as { code?: string }).code ?? error.name}), answered ${answer}`,
    );
    if (asset) return quietError(reply, 400);
    return reply.header('cache-control', 'no-store').redirect(notFoundPath(locale), 302);
  }

  app.setErrorHandler(async (error, request, reply) => {
    const status = clientError(error);
    if (status !== undefined) {
      request.log.warn(
        `${request.method} ${loggableUrl(request.url)}: refused (${(error as Error).message.slice(0, 120)}), answered ${status}`,
      );
      return quietError(reply, status);
    }
    const url = loggableUrl(request.url);
    request.log.error({ err: error, url }, `rendering ${url} failed`);
    if (!request.url.startsWith(SERVICE_ERROR_PATH) && request.method === 'GET') {
      return reply.header('cache-control', 'no-store').redirect(SERVICE_ERROR_PATH, 302);
    }
    return reply
      .code(500)
      .type('text/html; charset=utf-8')
      .send('<!doctype html><title>Erreur / Error 500</title><h1>Erreur 500 / Error 500</h1>');
  });

  return app;
}
