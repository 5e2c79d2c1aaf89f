/**
 * The embedded stand-ins for the third parties, on one plain node:http server: the content
 * service, its media, the video platform, the player pages, the betting widget and the consent
 * manager.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { ANNOTATIONS_ENDPOINT, annotationsReply, withDeclaredAreas } from './cms/annotations';
import { authorRefusal } from './cms/author-access';
import { templateDefinitionReply } from './cms/definitions';
import { faultReply, SLOW_FAULT_MS, type Fault } from './cms/faults';
import { assertTimeZone, parseAnchorDate } from './cms/dates';
import { loadContent, withDrafts, withPublishedPage, type Content } from './cms/load';
import { createMediaCatalog, createMediaHandler } from './cms/media';
import { createCmsService } from './cms/service';
import { STAND_IN_CMP_VENDORS } from './cmp/script';
import { handleCmp, STAND_IN_CMP_API_KEY } from './cmp/service';
import { jsonReply, notFound, textReply, type Reply } from './http';
import { checkPagesApp, handleEditing, type PagesAppOptions } from './pages-app/service';
import { handlePlayers } from './players';
import { handleVideo } from './video/service';
import { handleWidget } from './widget/service';

export interface EmbeddedServicesOptions {
  host: string;
  port: number;
  app: string;
  timeZone: string;
  /** `YYYY-MM-DD HH:MM`: the day relative content dates are resolved against. */
  anchorDate?: string;
  fault?: Fault;
  log?: (line: string) => void;
  /** Defaults to the shipped demo content. */
  contentDir?: string;
  /** The author instance's drafts; defaults to the shipped ones (docs/preview.md). */
  draftsDir?: string;
  /**
   * The site whose preview the stand-in Pages app frames (`/author/pages-app`), and the preview
   * token; without it, that page answers 404.
   */
  pagesApp?: PagesAppOptions;
}

/** Where the stand-in answers as Magnolia's author instance (`CMS_PREVIEW_ORIGIN`). */
export const AUTHOR_PREFIX = '/author';

/** The demo's preview token, when the site runs on the stand-ins and none is set (README). */
export const DEMO_PREVIEW_TOKEN = 'demo-preview-pari-boreal-0000000000000000';

export interface EmbeddedServices {
  origin: string;
  /**
   * Reads the content directory again and answers from it from now on: an editor's publication,
   * for the tests of purge on publish. Bad content throws and the previous content stays.
   */
  reload(): void;
  /**
   * Publishes the author instance's page at `nodePath` (`/{app}/{URLfr}`) to the public one, as
   * Magnolia's publish does; false when the author instance has no such page.
   */
  publish(nodePath: string): boolean;
  close(): Promise<void>;
}

/**
 * The stand-ins over the demo content (or a copy of it, `contentDir`, that a test edits and
 * reloads) on a loopback port, free unless given, the way the tests and the bench start them.
 */
export function startDemoStandIns(
  anchorDate: string,
  where: { contentDir?: string; port?: number } = {},
): Promise<EmbeddedServices> {
  return startEmbeddedServices({
    host: '127.0.0.1',
    port: where.port ?? 0,
    app: 'pari-boreal',
    timeZone: 'America/Toronto',
    anchorDate,
    ...(where.contentDir === undefined ? {} : { contentDir: where.contentDir }),
  });
}

/** Where each stand-in answers on a running set of them (the site's `Origins`, src/server/app.ts). */
export function standInOrigins(origin: string) {
  return {
    cms: origin,
    media: origin,
    videoApi: `${origin}/video-api`,
    videoPlayer: `${origin}/video-player/embed`,
    podcastPlayer: `${origin}/podcast-player/`,
    bettingWidget: `${origin}/betting-widget/widget.js`,
    /** The stand-in consent manager's SDK host (Didomi's `sdk.privacy-center.org`). */
    cmpSdk: origin,
  };
}

/**
 * The operator's consent manager pointing at the stand-in one (embedded/cmp/): what the site uses
 * on the embedded demo, and what a test names to use it with `PUBLIC_ORIGIN` set.
 */
export function standInCmpVariables(origin: string): Record<string, string> {
  return {
    CMP_API_KEY: STAND_IN_CMP_API_KEY,
    CMP_SDK_ORIGIN: standInOrigins(origin).cmpSdk,
    CMP_API_ORIGIN: origin,
    CMP_VENDOR_VIDEO: STAND_IN_CMP_VENDORS.video,
    CMP_VENDOR_PODCAST: STAND_IN_CMP_VENDORS.podcast,
  };
}

/**
 * The site's third-party variables pointing at a running set of stand-ins: for tests and the
 * bench that start the site with `PUBLIC_ORIGIN` set, where unset vendors are refused at start.
 */
export function standInVariables(origin: string): Record<string, string> {
  const at = standInOrigins(origin);
  return {
    CMS_ORIGIN: at.cms,
    VIDEO_API_BASE: at.videoApi,
    VIDEO_PLAYER_BASE: at.videoPlayer,
    PODCAST_PLAYER_URL: at.podcastPlayer,
    BETTING_WIDGET_URL: at.bettingWidget,
  };
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': '*',
};

const COMPRESSED_TYPES = new Set(['image/svg+xml', 'text/javascript; charset=utf-8']);

function send(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
  const etag = reply.headers.etag;
  const cors = reply.noCors ? {} : CORS_HEADERS;
  if (etag !== undefined && req.headers['if-none-match'] === etag) {
    res.writeHead(304, {
      ...cors,
      etag,
      'cache-control': reply.headers['cache-control'] ?? '',
    });
    res.end();
    return;
  }
  let body = typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body;
  let headers: Record<string, string> = { ...cors, ...reply.headers };
  // SVG artwork and the vendors' scripts are text: compressed, as a CDN would, they weigh a third.
  if (
    COMPRESSED_TYPES.has(reply.headers['content-type'] ?? '') &&
    /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
  ) {
    body = gzipSync(body);
    headers = { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' };
  }
  res.writeHead(reply.status, { ...headers, 'content-length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The services answering from one load of the content: published and author instances, media. */
function services(content: Content, options: EmbeddedServicesOptions, drafted?: Content) {
  const { app, timeZone, anchorDate } = options;
  drafted ??= withDrafts(content, options.draftsDir);
  return {
    cms: createCmsService(content, { app, timeZone, anchorDate }),
    // Magnolia's author instance: the same endpoints under AUTHOR_PREFIX, drafts included.
    author: createCmsService(drafted, { app, timeZone, anchorDate }),
    contents: { published: content, author: drafted },
    media: createMediaHandler(createMediaCatalog(content)),
  };
}

/** What the stand-ins answer from, replaced whole by a reload, a publication or an edit. */
interface State {
  served: ReturnType<typeof services>;
}

/**
 * Magnolia creates the areas a page's templates declare when it gives their annotations
 * (docs/editing.md "Areas Magnolia creates"): the author instance keeps them until a reload.
 */
function createDeclaredAreas(state: State, path: string, options: EmbeddedServicesOptions): void {
  const nodePath = decodeURIComponent(path.slice(ANNOTATIONS_ENDPOINT.length));
  const drafted = withDeclaredAreas(state.served.contents.author, nodePath, options.app);
  if (drafted) state.served = services(state.served.contents.published, options, drafted);
}

/** Magnolia's publication of one page, from the author instance to the public one. */
function publishPage(state: State, nodePath: string, options: EmbeddedServicesOptions): boolean {
  const { contents } = state.served;
  const published = withPublishedPage(contents, nodePath, options.app);
  if (published) state.served = services(published, options, contents.author);
  return published !== null;
}

/** OPTIONS (CORS) and the methods other than GET and HEAD (405): true when answered here. */
function answeredMethod(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, CORS_HEADERS);
    res.end();
    return true;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(req, res, {
      ...textReply(405, 'Method not allowed'),
      headers: { allow: 'GET, HEAD, OPTIONS' },
    });
    return true;
  }
  return false;
}

/** The vendors' stand-ins: the video platform, the players, the betting widget, the consent manager. */
function vendorReply(pathname: string, query: URLSearchParams, origin: string): Reply | null {
  return (
    handleVideo(pathname, query, origin) ??
    handlePlayers(pathname, query) ??
    handleWidget(pathname) ??
    handleCmp(pathname)
  );
}

/**
 * What the author instance answers before its delivery endpoints: a refusal (Magnolia's author
 * answers accounts only, the annotations to writers only: docs/editing.md), a template
 * definition, the template annotations; null for a delivery call.
 */
function authorOwnReply(
  path: string,
  authorization: string | undefined,
  at: {
    contents: { author: Content; published: Content };
    app: string;
    log: ((line: string) => void) | undefined;
    pagesApp: PagesAppOptions | undefined;
  },
): Reply | null {
  return (
    authorRefusal(path, authorization) ??
    templateDefinitionReply(path, at.pagesApp ?? { token: DEMO_PREVIEW_TOKEN }) ??
    annotationsReply(path, at.contents, { app: at.app, log: at.log })
  );
}

/**
 * The author instance's answer to a `/.rest/` call: its own endpoints (accounts, template
 * definitions, annotations), then the delivery endpoints over the drafts. It is never made to
 * fail: the faults are the public instance's.
 */
function authorReply(
  state: State,
  call: { path: string; query: URLSearchParams; authorization: string | undefined },
  options: EmbeddedServicesOptions,
  pagesApp: PagesAppOptions | undefined,
): Reply {
  const { path, query, authorization } = call;
  const { app, log } = options;
  const { contents, author } = state.served;
  const own = authorOwnReply(path, authorization, { contents, app, log, pagesApp });
  if (own) {
    // Annotations given to a writing account create the declared areas, as Magnolia does.
    if (own.status === 200 && path.startsWith(`${ANNOTATIONS_ENDPOINT}/`))
      createDeclaredAreas(state, path, options);
    return own;
  }
  const answer = author.handle(path, query);
  if (!answer) return jsonReply(404, { errorCode: 'NOT_FOUND', message: `No endpoint at ${path}` });
  return faultReply(answer, 'none', app);
}

/** Listens on `port` and `host`; the origin it then answers at. */
async function listen(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const name = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${name}:${address.port}`;
}

export async function startEmbeddedServices(
  options: EmbeddedServicesOptions,
): Promise<EmbeddedServices> {
  const { app, timeZone, fault = 'none', log } = options;
  // Fail at start, not at the first request, on bad configuration or content.
  assertTimeZone(timeZone);
  if (options.anchorDate !== undefined) parseAnchorDate(options.anchorDate);
  if (!/^[\w-]+$/.test(app)) throw new Error(`app "${app}": expected letters, digits, - or _`);
  const pagesApp = options.pagesApp && checkPagesApp(options.pagesApp);
  const serve = (content: ReturnType<typeof loadContent>) => services(content, options);
  const state: State = { served: serve(loadContent(options.contentDir)) };
  const slowTimers = new Set<NodeJS.Timeout>();
  let origin = '';

  const route = (
    pathname: string,
    query: URLSearchParams,
    authorization: string | undefined,
  ): Reply | 'slow' => {
    const { cms, contents, media } = state.served;
    const editing = handleEditing(pathname, query, {
      options: pagesApp,
      content: contents.author,
      app,
    });
    if (editing) return editing;
    if (pathname.startsWith(`${AUTHOR_PREFIX}/.rest/`)) {
      const path = pathname.slice(AUTHOR_PREFIX.length);
      return authorReply(state, { path, query, authorization }, options, pagesApp);
    }
    if (pathname.startsWith('/.rest/')) {
      const answer = cms.handle(pathname, query);
      if (!answer)
        return jsonReply(404, { errorCode: 'NOT_FOUND', message: `No endpoint at ${pathname}` });
      if (fault === 'slow' || fault === 'hang') return 'slow';
      return faultReply(answer, fault, app);
    }
    return media(pathname, query) ?? vendorReply(pathname, query, origin) ?? notFound();
  };

  const server = createServer((req, res) => {
    const started = Date.now();
    res.on('finish', () =>
      log?.(`${req.method ?? '?'} ${req.url ?? ''} ${res.statusCode} ${Date.now() - started}ms`),
    );
    if (answeredMethod(req, res)) return;
    let reply: Reply | 'slow';
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://embedded.invalid');
      reply = route(url.pathname, url.searchParams, req.headers.authorization);
    } catch (error) {
      log?.(`error: ${(error as Error).stack ?? String(error)}`);
      send(req, res, textReply(500, 'Internal error'));
      return;
    }
    if (reply === 'slow' && fault === 'hang') {
      // Accepted, never answered: the caller's time-out is the only way out.
      return;
    }
    if (reply === 'slow') {
      // Answer late, but never keep close() waiting.
      const timer = setTimeout(() => {
        slowTimers.delete(timer);
        const answer = state.served.cms.handle(url.pathname, url.searchParams);
        if (answer && !res.destroyed) send(req, res, faultReply(answer, 'slow'));
      }, SLOW_FAULT_MS);
      slowTimers.add(timer);
      req.on('close', () => {
        clearTimeout(timer);
        slowTimers.delete(timer);
      });
      return;
    }
    send(req, res, reply);
  });

  origin = await listen(server, options.port, options.host);

  return {
    origin,
    reload: () => {
      state.served = serve(loadContent(options.contentDir));
    },
    publish: (nodePath) => publishPage(state, nodePath, options),
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of slowTimers) clearTimeout(timer);
        slowTimers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
