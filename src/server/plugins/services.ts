/**
 * What every other plugin reads, made once per server and declared as decorations of the root
 * instance: the configuration, the origins, the renderer, the content clients and caches, the
 * metrics, the readiness, the logical clock and the pages' diagnostics (docs/architecture.md).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '../../app/state';
import { createContentCache } from '../../content/cache';
import { createContentClient, type ContentClient } from '../../content/client';
import { describeDiagnostic } from '../../content/schema/diagnostics';
import type { ServerDeps, Origins } from '../app';
import { cmpLoader, type CmpLoader } from '../cmp';
import type { Config } from '../config';
import { createDiagnosticsStore, noteDiagnostics } from '../diagnostics';
import { authorVersionQuery } from '../author-version';
import { notePageNode } from '../edit-mode';
import { createReadiness, type Readiness } from '../health';
import { createLogicalClock } from '../logical-date';
import { createSiteMetrics, serveMetrics } from '../metrics';
import { createPageCache, type PageCacheOutcome } from '../pages';
import { noteRead, noteStaleRead, type Caches } from '../publish';
import { currentRequest } from '../request-context';
import { traceContentCall, traceHeaders } from '../tracing';
import type { PreviewRequest } from '../preview';

/** How pages are made: the parts of `ServerDeps` that render them. */
export type Renderer = Pick<
  ServerDeps,
  'getRender' | 'getAssets' | 'getFrameAssets' | 'transformHtml' | 'dev'
>;

declare module 'fastify' {
  interface FastifyInstance {
    siteConfig: Config;
    origins: Origins;
    renderer: Renderer;
    /** The site's content client, through the content cache. */
    content: ContentClient;
    /** The editors' preview's, uncached, on the author instance (undefined: no preview). */
    previewContent: ContentClient | undefined;
    /** Past every cache: whether the content service answers (the purge after Redis's return). */
    serviceProbe: ContentClient;
    caches: Caches;
    metrics: ReturnType<typeof createSiteMetrics> | undefined;
    readiness: Readiness;
    clock: ReturnType<typeof createLogicalClock>;
    pageDiagnostics: ReturnType<typeof createDiagnosticsStore>;
    /** The configuration the browser gets, and the preview's (no third party's script). */
    publicConfig: PublicConfig;
    previewConfig: PublicConfig;
    /** The operator's consent manager's loader for the site's pages; none in a preview. */
    cmpLoader: CmpLoader | undefined;
  }
  interface FastifyRequest {
    /** How the page cache answered, for the access line. */
    pageCacheOutcome: PageCacheOutcome | undefined;
    /** The preview's reading of the URL, made once (undefined: not read yet). */
    previewAsked: PreviewRequest | null | undefined;
  }
}

/** The logger of the request being served, else the process's (a background refresh). */
const logOf = (app: FastifyInstance) => () => currentRequest()?.log ?? app.log;

/** The site's, the preview's and the probe's content clients, and the content cache. */
function contentClients(app: FastifyInstance, deps: ServerDeps) {
  const { config, origins } = deps;
  const log = logOf(app);
  const metrics = app.metrics;
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
  /** What the site's and the preview's content clients share: the service, limits, request ids. */
  const clientBase = {
    app: config.cmsApp,
    media: origins.media,
    timeoutMs: config.cmsTimeoutMs,
    maxBytes: config.cmsMaxBytes,
    richTextMaxBytes: config.richTextMaxBytes,
    warn: (message: string) => log().warn(message),
    fetcher: deps.fetcher,
    // Each call says which request caused it, for following it through the service's logs, and
    // carries the request's trace (docs/operations.md "Traces").
    headers: () => {
      const headers = traceHeaders();
      const id = currentRequest()?.id;
      if (id) headers['x-request-id'] = id;
      return headers;
    },
    // A span per call when spans are recorded (the SDK started by the traces plugin).
    traceCall: traceContentCall,
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
  const previewContent =
    config.preview &&
    createContentClient({
      ...clientBase,
      origin: config.preview.cmsOrigin ?? origins.cms,
      // An author instance that asks who reads is told (CMS_PREVIEW_CREDENTIALS, docs/editing.md).
      ownHeaders: config.preview.credentials
        ? { authorization: `Basic ${Buffer.from(config.preview.credentials).toString('base64')}` }
        : {},
      // The editor sees them on the page; drafts are not the operators' concern.
      logDiagnostic: (diagnostic) => log().debug({ diagnostic }, describeDiagnostic(diagnostic)),
      // Edit mode's plan is made from the node the page was drawn from (docs/editing.md).
      onPageNode: notePageNode,
      // The version an editor previews reaches the author instance (docs/editing.md).
      ownQuery: authorVersionQuery,
    });
  const serviceProbe = createContentClient({
    ...clientBase,
    origin: origins.cms,
    // Only whether it answers counts here: its content is logged where pages read it.
    logDiagnostic: () => undefined,
  });
  return { contentCache, content, previewContent: previewContent || undefined, serviceProbe };
}

/** What the browser is told of the configuration (the hydration state's `config`). */
function publicConfigOf(config: Config, origins: Origins): PublicConfig {
  return {
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
    // Off by default: no byte then either.
    ...(config.rum
      ? {
          rum: {
            sampleRate: config.rum.sampleRate,
            ...(config.rum.consentPurpose ? { consentPurpose: config.rum.consentPurpose } : {}),
          },
        }
      : {}),
    players: {
      videoPlayerBase: origins.videoPlayer,
      podcastPlayerUrl: origins.podcastPlayer,
      podcastUserId: config.podcastUserId,
    },
  };
}

function services(app: FastifyInstance, deps: ServerDeps): void {
  const { config, origins } = deps;
  app.decorate('siteConfig', config);
  app.decorate('origins', origins);
  app.decorate('renderer', {
    getRender: deps.getRender,
    getAssets: deps.getAssets,
    getFrameAssets: deps.getFrameAssets,
    transformHtml: deps.transformHtml,
    dev: deps.dev,
  });
  app.decorate('readiness', deps.readiness ?? createReadiness());
  // Off (no registry, no hook, no listener) unless METRICS_PORT is set.
  app.decorate('metrics', config.metrics ? createSiteMetrics() : undefined);
  app.decorate('pageDiagnostics', createDiagnosticsStore());
  const { contentCache, content, previewContent, serviceProbe } = contentClients(app, deps);
  app.decorate('content', content);
  app.decorate('previewContent', previewContent);
  app.decorate('serviceProbe', serviceProbe);
  // Pages and view answers, shared or per variant (src/server/pages.ts); none in development.
  const pageCache = deps.dev
    ? undefined
    : createPageCache(config.contentCache, {
        maxBytes: config.cacheMaxBytes.pages,
        ...(deps.now ? { now: deps.now } : {}),
      });
  app.decorate('caches', {
    content: contentCache,
    pages: pageCache,
    siteNode: `/${config.cmsApp}`,
  });
  app.decorate('clock', createLogicalClock(config.logicalDate, config.timeZone));
  const publicConfig = publicConfigOf(config, origins);
  app.decorate('publicConfig', publicConfig);
  // No third party's script runs in a preview, whose URL holds the token (docs/preview.md); an
  // editor's views are not visitors' speed.
  app.decorate('previewConfig', { ...publicConfig, bettingWidgetUrl: undefined, rum: undefined });
  app.decorate('cmpLoader', cmpLoader(config.cmp, config.publicOrigin));
  app.decorateRequest('pageCacheOutcome', undefined);
  app.decorateRequest('previewAsked', undefined);
  const { metrics, pageDiagnostics } = app;
  if (!metrics || !config.metrics) return;
  metrics.watchCacheBytes({
    pages: () => pageCache?.bytes ?? 0,
    content: () => contentCache.bytes,
  });
  serveMetrics(app, metrics.registry, config.metrics, {
    // Beside the metrics, operators only: which pages leave content out, and why.
    '/diagnostics': () => ({ pages: pageDiagnostics.list() }),
  });
}

export default fp(services, { name: 'services' });
