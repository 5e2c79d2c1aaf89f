/**
 * How a page is made and served, shared by the page routes, the view answers and the preview:
 * its reading of the content at one logical date, its render into a document, its key in the
 * page cache and its answer from there (docs/decisions/0062). Everything is read from the
 * request's server's decorations (src/server/plugins/services.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoadResult, SiteState, Snapshot } from '../app/state';
import type { ContentClient } from '../content/client';
import type { EditPlan } from '../content/edit-plan';
import { isInternetExplorer } from '../domain/browser';
import { formatLogicalDate, parseIsoInstant, parseLogicalDate } from '../domain/dates';
import { isInWindow, nextChange, type DisplayWindow } from '../domain/display-window';
import type { Locale } from '../domain/locale';
import { matchRoute, sportsHome } from '../domain/routes';
import type { ListCount } from '../domain/show-more';
import { moreTotals } from './block-data';
import type { Config } from './config';
import { collectDiagnostics, noteDiagnostics } from './diagnostics';
import { renderDocument, serializeState, type WrittenState } from './document';
import { editPlanFor, keepPageNodes, siteEditPlanFor } from './edit-mode';
import { loadSite, loadView, requestLocale } from './loader';
import { loggableUrl } from './log-url';
import {
  type Cacheability,
  cacheabilityOf,
  type Encoded,
  cacheControl,
  etagMatches,
  etagOf,
  languageFromPathOnly,
  type PageResponse,
  proxyExpires,
  secondsUntil,
  variantKey,
} from './pages';
import { collectReads } from './publish';
import { tagHeaderValue, viewTags } from './cdn-tags';
import { pathOf, storedLocale } from './request-target';
import { sendEncoded } from './send-encoded';
import { stateAddress, stateHash } from './state-answer';
import { traced, tracedSync } from './tracing';

/** One request reads one logical date; `changes` collects when the answer stops holding. */
interface Reading {
  logicalDate: string;
  changes?: number[];
  /** Another content client than the site's (the preview's). */
  content?: ContentClient | undefined;
  /** The preview: a page outside its display window is shown, not a 404. */
  keepOutOfWindow?: boolean;
  /** How many items of one list the page shows, as its address says (decision 0078). */
  more?: ListCount | undefined;
}

/** A page rendered for the preview: from its content client, at its logical date. */
interface PreviewRender {
  content: ContentClient;
  logicalDate: string;
  /** Magnolia's Pages app edits the page: annotations, placeholders (docs/editing.md). */
  edit: boolean;
  /** What it edits is the site node, the header and footer around the page (docs/editing.md). */
  editSite?: boolean | undefined;
}

const nowReading = (request: FastifyRequest): Reading => ({
  logicalDate: request.server.clock.current(),
});

/** The view of a path for this request (the loader, src/server/loader.ts). */
export function loadFor(
  request: FastifyRequest,
  path: string,
  reading: Reading = nowReading(request),
): Promise<LoadResult> {
  const { siteConfig, origins, content } = request.server;
  return loadView(path, {
    timeZone: siteConfig.timeZone,
    storedLocale: storedLocale(request),
    videoApiBase: origins.videoApi,
    log: request.log,
    ...reading,
    content: reading.content ?? content,
  });
}

/** The site node's state in one language, for this request. */
export function siteFor(
  request: FastifyRequest,
  locale: Locale,
  reading: Reading = nowReading(request),
): Promise<SiteState> {
  const { siteConfig, content } = request.server;
  return loadSite(locale, {
    log: request.log,
    timeZone: siteConfig.timeZone,
    ...reading,
    content: reading.content ?? content,
  });
}

/**
 * The instant a reading stands for: its logical date, which reads whole minutes; following the
 * real clock, the seconds gone in this one count.
 */
const readingNow = (config: Config, logicalDate: string): number =>
  (parseLogicalDate(logicalDate, config.timeZone) ?? Date.now()) +
  (config.logicalDate ? 0 : Date.now() % 60_000);

/** A display window that opens or closes changes an answer: it holds until then (epoch ms). */
export function changesAtOf(
  config: Config,
  reading: { logicalDate: string; changes: number[] },
): number | undefined {
  const now = readingNow(config, reading.logicalDate);
  const next = nextChange(reading.changes, now);
  return next === null ? undefined : Date.now() + (next - now);
}

/** A display window as the site's wall clock writes it (`YYYY-MM-DD HH:MM`), for editors. */
function wallClockWindow(window: DisplayWindow, timeZone: string): DisplayWindow {
  const at = (value: string | undefined) => {
    const instant = parseIsoInstant(value);
    return instant === null ? value : formatLogicalDate(instant, timeZone);
  };
  return { start: at(window.start), end: at(window.end) };
}

/** The view and the site node of a page, with the edit plan when the Pages app edits it. */
async function readPage(
  request: FastifyRequest,
  url: string,
  reading: Reading,
  preview: PreviewRender | undefined,
): Promise<{ result: LoadResult; siteState: SiteState; edit?: EditPlan | undefined }> {
  // The site node is fetched alongside the page: both are needed for every rendered view.
  const locale = requestLocale(url, storedLocale(request));
  const loaded = () =>
    Promise.all([loadFor(request, url, reading), siteFor(request, locale, reading)]);
  if (!preview?.edit) {
    const [result, siteState] = await loaded();
    return { result, siteState };
  }
  // The placeholders say why each node is left out: this page's diagnostics, handed on.
  const drawn = await keepPageNodes(() => collectDiagnostics(loaded));
  const { diagnostics, value } = drawn.value;
  noteDiagnostics(`edit ${url}`, diagnostics);
  const [result, siteState] = value;
  if (result.type !== 'view') return { result, siteState };
  const seen = { diagnostics, nodes: drawn.nodes };
  const warn = (message: string) => request.log.warn(message);
  const edit = preview.editSite
    ? await siteEditPlanFor(result.state, diagnostics, preview.content, warn)
    : await editPlanFor(result.state, seen, preview.content, warn);
  return { result, siteState, edit };
}

async function makePage(
  request: FastifyRequest,
  internetExplorer: boolean,
  url: string,
  preview: PreviewRender | undefined,
  more: ListCount | undefined,
): Promise<PageResponse> {
  const { siteConfig: config, renderer, metrics } = request.server;
  const reading: Reading & { changes: number[] } = preview
    ? {
        logicalDate: preview.logicalDate,
        changes: [],
        content: preview.content,
        keepOutOfWindow: true,
      }
    : { logicalDate: request.server.clock.current(), changes: [], more };
  // The route's span: the view read from the content (the content calls are its children).
  const { result, siteState, edit } = await traced(
    'route',
    async (span) => {
      const read = await readPage(request, url, reading, preview);
      span?.setAttributes({
        'site.view': read.result.type === 'view' ? read.result.state.view.kind : 'redirect',
        'site.status': read.result.status,
      });
      return read;
    },
    { 'site.route': matchRoute(pathOf(url)).kind },
  );
  const cacheability = cacheabilityOf(pathOf(url), result, { internetExplorer });
  if (result.type === 'redirect') {
    return { status: result.status, cacheability, location: result.location };
  }
  const snapshot: Snapshot = {
    ...result.state,
    logicalDate: reading.logicalDate,
    // Every absolute URL the site writes starts with this, whatever the request says.
    origin: config.publicOrigin,
    config: preview ? request.server.previewConfig : request.server.publicConfig,
    // The same HTML for every visitor of a shared page: the browser fills in what is its own
    // (the app banner's platform, messages closed this visit) once hydrated.
    client: { internetExplorer, platform: 'other' },
    site:
      siteState.locale === result.state.locale
        ? siteState
        : await siteFor(request, result.state.locale, reading),
    messagesDismissed: false,
    ...(preview ? { preview: { logicalDate: preview.logicalDate } } : {}),
    ...(edit ? { edit } : {}),
  };
  const [render, assets] = await Promise.all([renderer.getRender(url), renderer.getAssets()]);
  const started = performance.now();
  // A block that throws is left out, with a line naming it (docs/decisions/0064).
  const blockFailed = (block: string, error: unknown) =>
    request.log.warn(
      { err: error, block },
      `block ${block} failed to render on the server: left out of ${loggableUrl(url)}`,
    );
  // A preview runs no third party's script: no consent manager either (docs/preview.md).
  const cmp = preview ? undefined : request.server.cmpLoader;
  const shared = !preview && cacheability === 'shared' && result.status === 200;
  const state = stateOf(snapshot, { url, more, shared });
  let html = tracedSync(
    'render',
    () => renderDocument(render(snapshot, blockFailed), snapshot, assets, cmp, state.written),
    { 'site.view': snapshot.view.kind },
  );
  metrics?.render(snapshot.view.kind, (performance.now() - started) / 1000);
  if (renderer.transformHtml) html = await renderer.transformHtml(url, html);
  const body = Buffer.from(html);
  // The preview says when its page is outside its window (src/server/preview-bar.ts).
  const view = result.state.view;
  const outOfWindow =
    preview &&
    view.kind === 'content' &&
    !isInWindow(view.page.window, readingNow(config, reading.logicalDate))
      ? wallClockWindow(view.page.window, config.timeZone)
      : undefined;
  return {
    status: result.status,
    cacheability,
    body,
    etag: etagOf(body),
    changesAt: changesAtOf(config, reading),
    // What the address's "show more" counts are checked against: at the loader's own instant.
    ...(view.kind === 'content'
      ? {
          moreTotals: moreTotals(
            view.page.components,
            view.data,
            parseLogicalDate(reading.logicalDate, config.timeZone) ?? Date.now(),
          ),
        }
      : {}),
    ...(outOfWindow ? { outOfWindow } : {}),
    ...(edit?.missing ? { editMissing: edit.missing } : {}),
    ...(state.beside ? { state: state.beside } : {}),
    ...(preview ? {} : { tags: viewTags(result.state, pathOf(url), true) }),
  };
}

/**
 * How a page's hydration state travels: a shared page's beside the document, named by its hash
 * (docs/decisions/0081-state-beside-the-document.md); any other page's (a preview, an error, a
 * page for some visitors only) in it, where nothing else can read it.
 */
function stateOf(
  snapshot: Snapshot,
  page: { url: string; more: ListCount | undefined; shared: boolean },
): { written: WrittenState; beside?: { hash: string; body: Buffer } } {
  const json = serializeState(snapshot);
  if (!page.shared) return { written: { json } };
  const hash = stateHash(json);
  return {
    written: { src: stateAddress(hash, page.url, page.more) },
    beside: { hash, body: Buffer.from(json) },
  };
}

/**
 * Loads and renders one page for a request, with how it may be cached and what of its content
 * could not be used (kept for the page's path: src/server/diagnostics.ts).
 */
export async function producePage(
  request: FastifyRequest,
  internetExplorer: boolean,
  url: string = request.url,
  preview?: PreviewRender,
  more?: ListCount,
): Promise<PageResponse> {
  const { value, diagnostics } = await collectDiagnostics(() =>
    makePage(request, internetExplorer, url, preview, more),
  );
  // The site's pages only: a preview's list goes to its editor, with the page.
  if (!preview) request.server.pageDiagnostics.record(pathOf(url), diagnostics);
  return diagnostics.length ? { ...value, diagnostics } : value;
}

/**
 * Who may keep the answer, and for how long: `Cache-Control` for browsers and CDNs, then
 * nginx's own shorter freshness (after it, and on a 304 too, which renews nginx's copy;
 * docs/operations.md "Proxy and CDN caches").
 */
export function cacheHeaders(
  reply: FastifyReply,
  cacheability: Cacheability,
  untilChange?: number,
): void {
  const config = reply.server.siteConfig;
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
 * tells a view answer from its page. `render` is the path the answer is made for. A page that
 * shows more of a list (`more`, accepted: docs/decisions/0078) is kept under its path and the
 * one parameter that says so, written as its link writes it.
 */
export function pageKey(
  request: FastifyRequest,
  path: string,
  kind: 'page' | 'view',
  more?: ListCount,
) {
  const internetExplorer = kind === 'page' && isInternetExplorer(request.headers['user-agent']);
  const locale = requestLocale(path, storedLocale(request));
  const render = matchRoute(path).kind === 'sports' ? sportsHome(locale) : path;
  const shareable = !internetExplorer && languageFromPathOnly(path);
  const named =
    kind === 'view' ? `${render} view` : more ? `${render}?${more.list}=${more.count}` : render;
  const key = shareable ? named : variantKey(named, { internetExplorer, locale });
  return { key, render, shareable, internetExplorer };
}

/** A page from the page cache (made if it is not there), as `sendPage` answers it. */
export interface Found {
  response: PageResponse;
  encoded?: Encoded | undefined;
}

/** One render per key, the same bytes for every request of it (docs/decisions/0062). */
export async function lookUpPage(
  request: FastifyRequest,
  key: string,
  produce: () => Promise<PageResponse>,
): Promise<Found> {
  const { caches, metrics } = request.server;
  // The page cache's span, with its outcome; a render it starts is its child.
  const lookup = traced('page cache', async (span) => {
    const found = await (caches.pages
      ? caches.pages.get(key, async () => {
          const { value, reads, stale } = await collectReads(produce);
          return { ...value, reads, ...(stale ? { madeFromStale: true } : {}) };
        })
      : produce().then((response) => ({
          response,
          encoded: undefined,
          outcome: 'bypass' as const,
        })));
    span?.setAttribute('site.page_cache', found.outcome);
    return found;
  });
  const { response, encoded, outcome } = await (metrics ? metrics.pageLookup(lookup) : lookup);
  request.pageCacheOutcome = outcome;
  return { response, encoded };
}

/**
 * Answers from the page cache: one render per key, the same bytes for every request of it,
 * with its ETag, its encodings and its caching headers. An answer made for some visitors only
 * (`shareable` false) is private for HTTP caches, whatever the page it stands for.
 */
export async function serveCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { key: string; shareable: boolean; produce: () => Promise<PageResponse>; type: string },
): Promise<FastifyReply> {
  const found = await lookUpPage(request, answer.key, answer.produce);
  return sendPage(request, reply, found, answer);
}

/**
 * Sends a page found in the page cache. `proxyKeeps: false`: the request asked for something the
 * page does not show (a "show more" count it does not accept, decision 0078), so nginx, which
 * keys on that request, must not keep this answer for it.
 */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  { response, encoded }: Found,
  answer: { shareable: boolean; type: string; proxyKeeps?: boolean },
): Promise<FastifyReply> {
  const cacheability =
    !answer.shareable && response.cacheability === 'shared' ? 'private' : response.cacheability;
  cacheHeaders(reply, cacheability, secondsUntil(response.changesAt, Date.now()));
  if (answer.proxyKeeps === false) reply.header('x-accel-expires', '0');
  // What a CDN may purge it by, on what it may keep only (never a private answer); on a 304 too,
  // which renews the CDN's copy.
  const tagHeader = reply.server.siteConfig.cdn.tagHeader;
  if (tagHeader && cacheability === 'shared' && response.tags)
    reply.header(tagHeader, tagHeaderValue(response.tags, tagHeader));
  if (response.location) return reply.redirect(response.location, response.status);
  reply.code(response.status).type(answer.type);
  if (response.etag) {
    reply.header('etag', response.etag);
    if (etagMatches(request.headers['if-none-match'], response.etag)) return reply.code(304).send();
  }
  if (!response.body) return reply.send();
  // A cached answer is compressed once; what varies is only the encoding. One made for this
  // request alone (an error page, say) is compressed for it.
  return sendEncoded(request, reply, response.body, { encoded });
}
