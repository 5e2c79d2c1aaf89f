/** The content service: the `/.rest/{app}/...` calls of docs/content-contract.md over the demo content. */
import { LANGS, type JsonObject, type Lang } from './content-schema';
import { dateMs, parseAnchorDate, resolveDate, todayIn, type CalendarDay } from './dates';
import type { Content, PageEntry } from './load';
import { lotNode, pageNode, siteNode, tileNode } from './wire-content';
import type { WireContext } from './wire';

interface CmsOptions {
  app: string;
  timeZone: string;
  /** `YYYY-MM-DD HH:MM`; unset: the current day in `timeZone`, read at each request. */
  anchorDate?: string;
  /** For tests of the unpinned anchor. */
  now?: () => Date;
}

/** `list` answers `{results}`, `object` a single node; fault modes need to know which. */
export interface CmsAnswer {
  shape: 'list' | 'object';
  body: JsonObject;
}

interface CmsService {
  /** `null` when the path is not one of the calls (the server answers 404). */
  handle(pathname: string, query: URLSearchParams): CmsAnswer | null;
}

/** Magnolia answers in its default language when asked for one it does not have. */
function langOf(query: URLSearchParams): Lang {
  const lang = query.get('lang');
  return LANGS.find((candidate) => candidate === lang) ?? 'fr';
}

function nonNegativeInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}

/** A page read by its path under the pages endpoint's root path (`listerPages/accueil`). */
const PAGE_READ = 'listerPages/';

const list = (results: JsonObject[]): CmsAnswer => ({ shape: 'list', body: { results } });

export function createCmsService(content: Content, options: CmsOptions): CmsService {
  const { app, timeZone } = options;
  const pinned: CalendarDay | undefined =
    options.anchorDate === undefined ? undefined : parseAnchorDate(options.anchorDate);
  const prefix = `/.rest/${app}/`;

  const contextFor = (lang: Lang): WireContext => {
    const anchor = pinned ?? todayIn(timeZone, options.now?.() ?? new Date());
    return { app, lang, resolveDate: (value) => resolveDate(value, anchor, timeZone) };
  };

  const pagesByPath = [...content.pages].sort((a, b) => a.page.URLfr.localeCompare(b.page.URLfr));

  function listerPages(query: URLSearchParams): CmsAnswer {
    const ctx = contextFor(langOf(query));
    const urlFr = query.get('URLfr');
    const urlEn = query.get('URLen');
    let matches: PageEntry[] = pagesByPath.filter(
      (entry) =>
        (urlFr === null || entry.page.URLfr === urlFr) &&
        (urlEn === null || entry.page.URLen === urlEn),
    );
    const offset = nonNegativeInt(query.get('offset')) ?? 0;
    const limit = nonNegativeInt(query.get('limit'));
    matches = matches.slice(offset, limit === undefined ? undefined : offset + limit);
    return list(matches.map((entry) => pageNode(entry.page, ctx)));
  }

  /**
   * The delivery API's node read (`listerPages/<path under the root path>`): the page whose node
   * is `/{app}/<path>`, as one node; null (404) when there is none.
   */
  function pageAtPath(under: string, query: URLSearchParams): CmsAnswer | null {
    let nodePath: string;
    try {
      nodePath = `/${app}/${decodeURIComponent(under).replace(/\/+$/, '')}`;
    } catch {
      return null;
    }
    const ctx = contextFor(langOf(query));
    const entry = content.pages.find((candidate) => `/${app}/${candidate.page.URLfr}` === nodePath);
    return entry ? { shape: 'object', body: pageNode(entry.page, ctx) } : null;
  }

  function listerChroniques(query: URLSearchParams): CmsAnswer {
    const ctx = contextFor(langOf(query));
    const nodes = content.pages
      .filter((entry) => entry.page.type === 'chronique')
      .map((entry) => pageNode(entry.page, ctx));
    const [field, direction] = (query.get('orderBy') ?? '').trim().split(/\s+/);
    if (field === 'dateChronique') {
      const sign = direction?.toLowerCase() === 'asc' ? 1 : -1;
      const time = (node: JsonObject): number =>
        typeof node.dateChronique === 'string' ? dateMs(node.dateChronique) : 0;
      nodes.sort((a, b) => sign * (time(a) - time(b)));
    }
    return list(nodes);
  }

  return {
    handle(pathname, query) {
      if (!pathname.startsWith(prefix)) return null;
      const call = pathname.slice(prefix.length);
      switch (call) {
        case `listerTout/${app}`:
          return { shape: 'object', body: siteNode(content.site, contextFor(langOf(query))) };
        case 'listerPages':
          return listerPages(query);
        case 'listerLots': {
          const ctx = contextFor(langOf(query));
          return list(content.lots.lots.map((lot) => lotNode(lot, ctx)));
        }
        case 'listerVignettesDeco': {
          const ctx = contextFor(langOf(query));
          return list(content.tiles.vignettes.map((tile) => tileNode(tile, ctx)));
        }
        case 'listerChroniques':
          return listerChroniques(query);
        default:
          return call.startsWith(PAGE_READ)
            ? pageAtPath(call.slice(PAGE_READ.length), query)
            : null;
      }
    },
  };
}
