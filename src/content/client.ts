/**
 * The content client: one typed function per call of docs/requirements.md §7 and docs/content-contract.md. Each answers
 * a FetchResult: a failed call (with its cause) is never confused with an empty answer.
 */
import { imageSize } from 'image-size';
import type { Locale } from '../domain/locale';
import {
  describeFailure,
  failure,
  fetchHead,
  fetchJson,
  fetchText,
  type Fetcher,
  type FetchFailureReason,
  type FetchResult,
} from './http';
import type { ContentCache } from './cache';
import { editPlanOf, readAnnotations, type AnnotationsMissing, type EditPlan } from './edit-plan';
import type { DecorTile, ImageSize, Lot, Page, PlaylistItem, Site } from './models';
import { isNode, type RawNode } from './nodes';
import { sanitizeAhead } from './sanitize-ahead';
import { createDiagnosticLog, describeDiagnostic, type Diagnostic } from './schema/diagnostics';
import { decorTileSchema, lotSchema } from './schema/lots';
import { readNode, type Schema } from './schema/magnolia';
import { pageSchema } from './schema/page';
import { playlistItemSchema } from './schema/playlist';
import { withSession, type ParseOptions } from './schema/session';
import { EMPTY_SITE, siteSchema } from './schema/site';

/**
 * The calls this client makes, a fixed set (metrics label them by it): the content service's
 * calls, the video platform's playlist (`playlist`), SVG documents from the media host (`svg`) and
 * the first bytes of its images, for their size (`image-size`).
 */
type ContentCallKind =
  | 'site'
  | 'page'
  | 'pages'
  | 'lots'
  | 'decor-tiles'
  | 'chroniques'
  | 'playlist'
  | 'svg'
  | 'image-size';

/**
 * Told of every call that leaves the process (not of answers the cache gives): the server counts
 * them (src/server/metrics.ts) without this layer knowing how.
 */
export interface ContentObserver {
  /** A call ended, answered or failed, `seconds` after it started (its body read). */
  called(kind: ContentCallKind, seconds: number): void;
  /** A call failed, for `reason`; an answer that breaks the contract is a `shape` failure. */
  failed(kind: ContentCallKind, reason: FetchFailureReason): void;
}

interface ContentClientOptions {
  /** Content service origin, `{cms}`. */
  origin: string;
  /** Application segment of the REST path, `{app}`. */
  app: string;
  /** Media host origin, `{media}`. */
  media: string;
  timeoutMs: number;
  /** Largest answer read, in bytes (none: no limit); a longer one is a 'too-large' failure. */
  maxBytes?: number;
  /** Longest rich-text field sanitised, in bytes (none: no limit). */
  richTextMaxBytes?: number;
  warn: (message: string) => void;
  /**
   * Where a diagnostic is logged, once per content version of its answer (schema/diagnostics.ts);
   * by default a `warn` line describing it.
   */
  logDiagnostic?: (diagnostic: Diagnostic) => void;
  /** Told the diagnostics of every answer given that has some, cached or not: what a page shows. */
  onDiagnostics?: (key: string, diagnostics: readonly Diagnostic[]) => void;
  fetcher?: Fetcher;
  /** Headers added to each call when it starts (the server's request id). */
  headers?: () => Record<string, string> | undefined;
  /**
   * Headers for the content service's calls only, never for the video platform or an image's
   * host: the author instance's credentials (docs/editing.md).
   */
  ownHeaders?: Record<string, string>;
  /**
   * Query parameters added to the content service's calls, asked for at each call (the version
   * of a page an editor previews, docs/editing.md); none: none added.
   */
  ownQuery?: () => Record<string, string> | undefined;
  /** Parsed answers kept and shared (see cache.ts); none: every call goes to the service. */
  cache?: ContentCache;
  observer?: ContentObserver;
  /**
   * Runs each call that leaves the process, `send`, in a span of its own (the server's traces,
   * src/server/tracing.ts); `send` reads `headers` inside it, so the call carries that span.
   */
  traceCall?: <R>(
    call: ContentCallKind,
    url: string,
    send: () => Promise<FetchResult<R>>,
  ) => Promise<FetchResult<R>>;
  /** Told the key (URL) of every answer asked for: what a rendered page depends on. */
  onRead?: (key: string) => void;
  /**
   * Told the node of each page fetched, as the service sent it: edit mode makes its plan from
   * the node the page was drawn from instead of asking for it again (docs/editing.md).
   */
  onPageNode?: (lang: Locale, path: string, node: RawNode) => void;
}

export type ContentClient = ReturnType<typeof createContentClient>;

/** Lone surrogates made U+FFFD: percent-encoding throws on them (a content value may hold one). */
function wellFormed(value: string): string {
  return value.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '\ufffd',
  );
}

function query(params: Record<string, string | number>): string {
  return Object.entries(params)
    .map(
      ([k, v]) =>
        `${encodeURIComponent(wellFormed(k))}=${encodeURIComponent(wellFormed(String(v)))}`,
    )
    .join('&');
}

/**
 * How the client reads: the services' URLs, each exchange timed and its failure reported, answers
 * cached by URL and parsed once per cache fill.
 */
function contentReader(options: ContentClientOptions) {
  const origin = options.origin.replace(/\/+$/, '');
  const app = encodeURIComponent(options.app);
  const parsing: ParseOptions = {
    media: options.media,
    richTextMaxBytes: options.richTextMaxBytes,
  };
  const logDiagnostics = createDiagnosticLog(
    options.logDiagnostic ?? ((d) => options.warn(describeDiagnostic(d))),
  );
  /** A parse of one answer: its model, with what it diagnosed logged and kept beside it. */
  const parsed = <T>(key: string, extra: Partial<ParseOptions>, parse: () => T): FetchResult<T> => {
    const { value, diagnostics } = withSession({ ...parsing, ...extra }, parse);
    logDiagnostics(key, diagnostics);
    return diagnostics.length ? { ok: true, data: value, diagnostics } : { ok: true, data: value };
  };
  const http = {
    timeoutMs: options.timeoutMs,
    fetcher: options.fetcher,
    maxBytes: options.maxBytes,
    headers: options.headers,
  };
  const own = options.ownHeaders
    ? { ...http, headers: () => ({ ...options.headers?.(), ...options.ownHeaders }) }
    : http;
  const rest = (call: string, given?: Record<string, string | number>): string => {
    const params = { ...given, ...options.ownQuery?.() };
    return `${origin}/.rest/${app}/${call}${Object.keys(params).length ? `?${query(params)}` : ''}`;
  };
  const pageUrl = (lang: Locale, path: string) =>
    rest('listerPages', { [lang === 'fr' ? 'URLfr' : 'URLen']: path, lang });
  const { observer, traceCall } = options;
  /** One exchange with a service, timed and its failure reported. */
  async function observed<R>(
    kind: ContentCallKind,
    send: () => Promise<FetchResult<R>>,
  ): Promise<FetchResult<R>> {
    if (!observer) return send();
    const started = performance.now();
    const result = await send();
    observer.called(kind, (performance.now() - started) / 1000);
    if (!result.ok) observer.failed(kind, result.reason);
    return result;
  }
  /** One exchange with a service at `url`, observed and traced when the server asks. */
  const exchange = <R>(
    kind: ContentCallKind,
    url: string,
    send: () => Promise<FetchResult<R>>,
  ): Promise<FetchResult<R>> =>
    traceCall ? traceCall(kind, url, () => observed(kind, send)) : observed(kind, send);
  /** An answer read whole that is not what the contract says. */
  const misshapen = (kind: ContentCallKind, url: string, message: string) => {
    observer?.failed(kind, 'shape');
    return failure('shape', url, message);
  };
  /** Each answer by its URL: parsing and sanitising happen once per cache fill. */
  const cached = async <T>(
    key: string,
    load: () => Promise<FetchResult<T>>,
  ): Promise<FetchResult<T>> => {
    options.onRead?.(key);
    const result = await (options.cache ? options.cache.get(key, load) : load());
    if (result.ok && result.diagnostics) options.onDiagnostics?.(key, result.diagnostics);
    return result;
  };

  /** A `{"results": [...]}` answer, each result turned into a model or dropped. */
  function list<T>(
    kind: ContentCallKind,
    url: string,
    schema: Schema<T | null>,
    fetched?: (results: unknown[]) => void,
  ): Promise<FetchResult<T[]>> {
    return cached(url, async () => {
      const result = await exchange(kind, url, () => fetchJson(url, own));
      if (!result.ok) return result;
      const results = isNode(result.data) ? result.data.results : undefined;
      if (!Array.isArray(results)) return misshapen(kind, url, 'answer has no "results" list');
      fetched?.(results);
      const sanitized = await sanitizeAhead(results, options.richTextMaxBytes);
      return parsed(url, { sanitized }, () =>
        results.flatMap((r) => (isNode(r) ? (readNode(schema, r) ?? []) : [])),
      );
    });
  }

  return { origin, app, http, own, rest, pageUrl, parsed, exchange, misshapen, cached, list };
}

type ContentReader = ReturnType<typeof contentReader>;

/** The page's node as the service has it: the one given, or asked for. */
async function pageNode(
  reader: ContentReader,
  lang: Locale,
  path: string,
  given: RawNode | undefined,
): Promise<FetchResult<unknown>> {
  if (given) return { ok: true, data: given };
  const url = reader.pageUrl(lang, path);
  const result = await fetchJson(url, reader.own);
  if (!result.ok) return result;
  const results = isNode(result.data) ? result.data.results : undefined;
  if (!Array.isArray(results)) return reader.misshapen('page', url, 'answer has no "results" list');
  return { ok: true, data: results[0] };
}

/** Why the author instance gave no annotations, from its answer's status. */
function annotationsMissing(status: number | undefined): AnnotationsMissing {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  return 'failed';
}

/** The cause of each, as the log line names it. */
const ANNOTATIONS_CAUSE: Record<AnnotationsMissing, string> = {
  unauthorized:
    'the author instance did not accept the preview account (CMS_PREVIEW_CREDENTIALS unset or wrong)',
  forbidden:
    'the author instance refused the preview account: since Pages 6.3.5 it must be allowed to write to the website workspace',
  failed: 'the author instance did not give them',
};

/** The edit plan of the page at a path (see `getEditPlan`), annotations read uncached. */
async function loadEditPlan(
  reader: ContentReader,
  warn: (message: string) => void,
  lang: Locale,
  path: string,
  given: RawNode | undefined,
): Promise<FetchResult<EditPlan | null>> {
  const found = await pageNode(reader, lang, path, given);
  if (!found.ok) return found;
  return planOfNode(reader, warn, found.data);
}

/**
 * The site node's edit plan (see `getSiteEditPlan`): the node as `listerTout` answers it and
 * its annotations, both read uncached.
 */
async function loadSiteEditPlan(
  reader: ContentReader,
  warn: (message: string) => void,
  lang: Locale,
): Promise<FetchResult<EditPlan | null>> {
  const found = await fetchJson(reader.rest(`listerTout/${reader.app}`, { lang }), reader.own);
  if (!found.ok) return found;
  const plan = await planOfNode(reader, warn, found.data);
  return plan.ok && plan.data ? { ok: true, data: { ...plan.data, site: true } } : plan;
}

/**
 * A node path as a URL path, each segment encoded; null for an empty path or one with an empty,
 * `.` or `..` segment, which the URL would resolve to another endpoint of the author instance.
 */
function encodedNodePath(path: string): string | null {
  const segments = path.split('/');
  const inner = path.startsWith('/') ? segments.slice(1) : segments;
  if (inner.length === 0 || inner.some((s) => s === '' || s === '.' || s === '..')) return null;
  return segments.map(encodeURIComponent).join('/');
}

/** The plan of a node of the author instance with its annotations; null for no node. */
async function planOfNode(
  reader: ContentReader,
  warn: (message: string) => void,
  node: unknown,
): Promise<FetchResult<EditPlan | null>> {
  const { own, origin } = reader;
  if (!isNode(node) || typeof node['@path'] !== 'string') return { ok: true, data: null };
  const nodePath = encodedNodePath(node['@path']);
  if (nodePath === null) return { ok: true, data: null };
  const annotationsUrl = `${origin}/.rest/template-annotations/v1${nodePath}`;
  const annotations = await fetchJson(annotationsUrl, own);
  if (!annotations.ok) {
    const missing = annotationsMissing(annotations.status);
    warn(
      `template annotations of ${nodePath}: ${ANNOTATIONS_CAUSE[missing]} (${describeFailure(annotations)}); the page shows without them (docs/editing.md)`,
    );
    return { ok: true, data: { ...editPlanOf(node, {}), missing } };
  }
  return { ok: true, data: editPlanOf(node, readAnnotations(annotations.data, warn)) };
}

/** The site node (see `getSite`), cached like every delivery answer. */
function loadSite(
  reader: ContentReader,
  options: ContentClientOptions,
  lang: Locale,
): Promise<FetchResult<Site>> {
  const { app, own, rest, parsed, exchange, misshapen, cached } = reader;
  const url = rest(`listerTout/${app}`, { lang });
  return cached(url, async () => {
    const result = await exchange('site', url, () => fetchJson(url, own));
    if (!result.ok) return result;
    if (!isNode(result.data)) return misshapen('site', url, 'answer is not a node');
    const node = result.data;
    const sanitized = await sanitizeAhead(node, options.richTextMaxBytes);
    return parsed(url, { sanitized }, () => readNode(siteSchema, node) ?? EMPTY_SITE);
  });
}

/** `getPageAtNode`: one delivery call, the node read under the pages endpoint's root path. */
async function loadPageAtNode(
  reader: ContentReader,
  options: ContentClientOptions,
  lang: Locale,
  nodePath: string,
): Promise<FetchResult<Page | null>> {
  const { rest, exchange, own, misshapen, parsed } = reader;
  const root = `/${options.app}/`;
  const under = nodePath.startsWith(root) ? encodedNodePath(nodePath.slice(root.length)) : null;
  if (!under) return { ok: true, data: null };
  const url = rest(`listerPages/${under}`, { lang });
  const result = await exchange('page', url, () => fetchJson(url, own));
  if (!result.ok) return result.status === 404 ? { ok: true, data: null } : result;
  if (!isNode(result.data)) return misshapen('page', url, 'answer is not a node');
  const node = result.data;
  const sanitized = await sanitizeAhead(node, options.richTextMaxBytes);
  return parsed(url, { sanitized }, () => readNode(pageSchema, node));
}

/** The video platform's playlist items (see `getPlaylist`). */
function loadPlaylist(
  reader: ContentReader,
  media: string,
  videoApiBase: string,
  playlistId: string,
  key: string,
): Promise<FetchResult<PlaylistItem[]>> {
  const { http, cached, exchange, misshapen, parsed } = reader;
  const params = { playlistId, maxResults: 50, part: 'snippet,contentDetails', key };
  const url = `${videoApiBase.replace(/\/+$/, '')}/playlistItems?${query(params)}`;
  return cached(url, async () => {
    const result = await exchange('playlist', url, () => fetchJson(url, http));
    if (!result.ok) return result;
    const items = isNode(result.data) ? result.data.items : undefined;
    if (!Array.isArray(items)) return misshapen('playlist', url, 'answer has no "items" list');
    // http: thumbnails only from the configured stand-ins: the video API and the media host.
    const httpOrigins = [videoApiBase, media];
    return parsed(url, { httpOrigins }, () =>
      items.flatMap(
        (item, index) =>
          readNode(playlistItemSchema, item, `playlist ${playlistId} item ${index + 1}`) ?? [],
      ),
    );
  });
}

/** What the client reads from the media host beside the content. */
function mediaCalls({ http, cached, exchange, misshapen }: ContentReader) {
  return {
    /** An SVG document as text, to be sanitised before it is inlined. */
    getSvg(url: string): Promise<FetchResult<string>> {
      return cached(url, async () => {
        const result = await exchange('svg', url, () => fetchText(url, http, 'image/svg+xml'));
        if (!result.ok) return result;
        if (!/<svg[\s>]/i.test(result.data.body))
          return misshapen('svg', url, 'not an SVG document');
        return { ok: true, data: result.data.body };
      });
    },

    /**
     * An image's width and height in pixels, read from its first bytes: what the content gives no
     * more of (docs/decisions/0091-image-sizes-from-the-media-host.md).
     */
    getImageSize(url: string): Promise<FetchResult<ImageSize>> {
      return cached(`${url}#size`, async () => {
        const result = await exchange('image-size', url, () =>
          fetchHead(url, http, IMAGE_HEAD_BYTES),
        );
        if (!result.ok) return result;
        const size = readImageSize(result.data);
        return size
          ? { ok: true, data: size }
          : misshapen('image-size', url, 'no image size in its first bytes');
      });
    },
  };
}

export function createContentClient(options: ContentClientOptions) {
  const reader = contentReader(options);
  const { rest, pageUrl, list } = reader;

  return {
    /** The site node: header and footer content. */
    getSite(lang: Locale): Promise<FetchResult<Site>> {
      return loadSite(reader, options, lang);
    },

    /** The page at a path (the form after the language segment); null when there is none. */
    async getPage(lang: Locale, path: string): Promise<FetchResult<Page | null>> {
      const result = await list('page', pageUrl(lang, path), pageSchema, (results) => {
        if (isNode(results[0])) options.onPageNode?.(lang, path, results[0]);
      });
      return result.ok ? { ok: true, data: result.data[0] ?? null } : result;
    },

    /**
     * Editing in Magnolia's Pages app (docs/editing.md): the page at a path as this service has
     * it, with its template annotations, made an edit plan; null when there is no such page.
     * Never cached: an editor's change shows on the reload the Pages app asks for. Annotations
     * that cannot be had leave a plan without them, and a warning. `node`: the page's node as the
     * page was just drawn from it (`onPageNode`), not asked for again.
     */
    getEditPlan(lang: Locale, path: string, node?: RawNode): Promise<FetchResult<EditPlan | null>> {
      return loadEditPlan(reader, options.warn, lang, path, node);
    },

    /**
     * The same for the site node, which the Pages app edits as a page of its own: its header and
     * footer (docs/editing.md "The header and the footer"); the plan says `site`.
     */
    getSiteEditPlan(lang: Locale): Promise<FetchResult<EditPlan | null>> {
      return loadSiteEditPlan(reader, options.warn, lang);
    },

    /**
     * Whether the page at a path is best asked for directly: the cache holds its look-up (fresh
     * or not), or there is no cache to hold the page listing instead (docs/decisions/0062).
     */
    asksPageDirectly(lang: Locale, path: string): boolean {
      const cache = options.cache;
      return !cache?.on || cache.has(pageUrl(lang, path));
    },

    /**
     * The page at a node path (`/{app}/…`, as Magnolia's Pages app names it), read by its path
     * with one call (the delivery API's node read under the endpoint's root path); null when
     * there is no page there, or the path is not under the site's node.
     */
    getPageAtNode(lang: Locale, nodePath: string): Promise<FetchResult<Page | null>> {
      return loadPageAtNode(reader, options, lang, nodePath);
    },

    /** One page of the listing of all pages (sitemap); fewer than `limit` means the last one. */
    listPages(lang: Locale, limit: number, offset: number): Promise<FetchResult<Page[]>> {
      return list('pages', rest('listerPages', { lang, limit, offset }), pageSchema);
    },

    getLots(lang: Locale): Promise<FetchResult<Lot[]>> {
      return list('lots', rest('listerLots', { lang }), lotSchema);
    },

    getDecorTiles(): Promise<FetchResult<DecorTile[]>> {
      return list('decor-tiles', rest('listerVignettesDeco'), decorTileSchema);
    },

    /** Chronique pages, newest first. */
    getChronicles(lang: Locale): Promise<FetchResult<Page[]>> {
      return list(
        'chroniques',
        rest('listerChroniques', { orderBy: 'dateChronique desc', lang }),
        pageSchema,
      );
    },

    /** The video platform's playlist items (at most 50), "Deleted video" dropped. */
    getPlaylist(
      videoApiBase: string,
      playlistId: string,
      key: string,
    ): Promise<FetchResult<PlaylistItem[]>> {
      return loadPlaylist(reader, options.media, videoApiBase, playlistId, key);
    },

    ...mediaCalls(reader),

    describeFailure,
  };
}

/** Enough for the header of a PNG, GIF, WebP or AVIF, and of a JPEG with a usual EXIF block. */
const IMAGE_HEAD_BYTES = 64 * 1024;

function readImageSize(head: Uint8Array): ImageSize | null {
  try {
    const { width, height } = imageSize(head);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    // A truncated or unknown format: the caller keeps its ratio hint.
    return null;
  }
}
