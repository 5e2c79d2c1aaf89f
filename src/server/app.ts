/**
 * The HTTP server: a Fastify instance and its plugins, one concern each, in src/server/plugins/
 * (docs/architecture.md "The server's plugins"). They share what they need through the root
 * instance's decorations (plugins/services.ts). Built from its dependencies so tests can inject.
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Render } from '../app/entry-server';
import type { ContentClient } from '../content/client';
import type { Fetcher } from '../content/http';
import { registerBrowserErrors } from './browser-errors';
import { memoryPageViews, redisPageViews } from './page-views';
import { registerWebVitals } from './web-vitals';
import { answerClientError } from './client-error';
import { cmpSources } from './cmp';
import type { Config } from './config';
import type { Assets } from './document';
import type { Readiness } from './health';
import { loggableUrl } from './log-url';
import accessLog from './plugins/access-log';
import data from './plugins/data';
import date from './plugins/date';
import errors, { badUrl } from './plugins/errors';
import favicon from './plugins/favicon';
import frames from './plugins/frames';
import health from './plugins/health';
import methods from './plugins/methods';
import pages from './plugins/pages';
import preview from './plugins/preview';
import publish from './plugins/publish';
import requestIds from './plugins/request-ids';
import securityHeaders, { siteSecurity } from './plugins/security-headers';
import seo from './plugins/seo';
import services from './plugins/services';
import state from './plugins/state';
import traces from './plugins/traces';
import { requestIdFrom } from './request-context';

export interface Origins {
  cms: string;
  media: string;
  videoApi: string;
  videoPlayer: string;
  podcastPlayer: string;
  bettingWidget: string;
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

/** Request bodies are never read (but the publication webhook's, src/server/publish.ts); anything over this is refused unread (413). */
const BODY_LIMIT = 1024;

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

/**
 * Past this many open connections, a new one is closed at once: one process cannot serve more
 * usefully, and a flood of idle connections must not take its memory (docs/operations.md).
 * Said at most once a minute, with how many were refused since the last line.
 */
function limitConnections(app: FastifyInstance, max: number): void {
  app.server.maxConnections = max;
  let dropped = 0;
  let droppedSaidAt = -Infinity;
  app.server.on('drop', () => {
    dropped += 1;
    if (Date.now() - droppedSaidAt < 60_000) return;
    app.log.warn(`${dropped} connection(s) closed unanswered: MAX_CONNECTIONS (${max}) were open`);
    dropped = 0;
    droppedSaidAt = Date.now();
  });
}

export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const { config, origins } = deps;
  const cmp = cmpSources(config.cmp);
  const security = siteSecurity(config, {
    media: origins.media,
    frames: [origins.videoPlayer, origins.podcastPlayer],
    scripts: [origins.bettingWidget, ...cmp.scripts],
    connect: cmp.connect,
    // The assets are the build's, fixed for the process's life: the entry's hash with them.
    inlineScripts: [(await deps.getAssets()).inlineEntry].filter((code) => code !== undefined),
    dev: deps.dev ?? false,
  });
  const app = Fastify({
    logger: loggerOptions(deps.logger, config.logLevel),
    // The caller's X-Request-Id when it is safe to repeat, else a new one (request-context.ts);
    // every line of `request.log` carries it as `reqId`.
    requestIdHeader: false,
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
    // X-Forwarded-For is believed from TRUSTED_PROXIES alone, for the visitor's address
    // (`request.ip`, the last hop that is not one of them: proxy-addr's rule), which keys the
    // per-visitor limits (decision 0082). Nothing the site writes depends on the request's host
    // or protocol whoever sent them (absolute URLs come from PUBLIC_ORIGIN, docs/configuration.md).
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    // Odd URLs must reach the router (which answers them), not fail in the framework.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 1000 },
    // Per-request lines cost throughput; failures are logged where they happen, with their cause.
    logController: new LogController({ disableRequestLogging: true }),
    // The site reads no request body: a body is refused before it is read (405, plugins/methods.ts),
    // and the limit keeps one from being buffered anywhere else.
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
      const status = answerClientError(error, socket, security.headers);
      if (status !== undefined)
        app.log.debug(`refused by the HTTP parser (${error.code}): ${status}`);
    },
  });
  limitConnections(app, config.maxConnections);
  // The root's hooks and handlers first: every plugin registered after them has them.
  await app.register(services, deps);
  await app.register(requestIds);
  await app.register(traces);
  await app.register(securityHeaders, security);
  await app.register(accessLog);
  await app.register(methods);
  await app.register(errors);
  await app.register(health);
  await app.register(date);
  await app.register(favicon);
  await app.register(data);
  await app.register(state);
  await app.register(frames);
  await app.register(seo);
  if (deps.registerStatic) await deps.registerStatic(app);
  await app.register(publish);
  const { metrics } = app;
  await registerBrowserErrors(
    app,
    metrics && {
      counted: (kind, block) => metrics.browserError(kind, block),
      refused: (reason) => metrics.browserErrorRefused(reason),
    },
  );
  // Real-user Core Web Vitals: the route exists only when browsers are told to send them.
  if (config.rum) {
    const views = config.redisUrl ? redisPageViews(config.redisUrl) : memoryPageViews();
    app.addHook('onClose', () => views.close());
    await registerWebVitals(app, {
      views,
      observer: metrics && {
        accepted: (beacon) => metrics.webVitals(beacon),
        refused: (reason) => metrics.vitalsRefused(reason),
        view: (outcome) => metrics.vitalsView(outcome),
      },
    });
  }
  await app.register(preview);
  await app.register(pages);
  return app;
}
