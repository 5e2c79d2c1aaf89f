/**
 * From a URL to what the visitor gets (docs/requirements.md §2, §5, §8): a redirect, or a view with its status.
 * The server renders with it; client-side navigations ask for it as JSON. One code path, so the
 * HTTP redirects of the server and the browser's navigations always agree.
 */
import type { LoadResult, SiteState, ViewState } from '../app/state';
import type { ContentClient } from '../content/client';
import type { ChronicleCard, Lot } from '../content/models';
import {
  collectEdges,
  loadBlockData,
  loadChronicleCards,
  loadDeepLinkLots,
  loadListLots,
  publicComponents,
} from './block-data';
import {
  hiddenByWindow,
  type HiddenByWindow,
  componentWindowEdges,
  siteWindowEdges,
  visibleComponents,
  visibleSite,
} from '../content/visible';
import { isInWindow, windowEdges } from '../domain/display-window';
import type { LotCaller } from '../domain/lots';
import { formatLogicalDate, parseIsoInstant, parseLogicalDate } from '../domain/dates';
import { apartFromPage, noteDiagnostics } from './diagnostics';
import { isLocale, otherLocale, resolveLocale, type Locale } from '../domain/locale';
import {
  contentPath,
  errorPageLocale,
  matchRoute,
  notFoundPath,
  serviceErrorPath,
  sportsHome,
} from '../domain/routes';
import type { ListCount } from '../domain/show-more';
import { groupSiteMap, isSiteMapPage, siteMapPath } from '../domain/site-map';
import { allPages, isListedPath, listedPages } from './seo';
import { withoutNoting } from './publish';

export interface LoaderContext {
  content: ContentClient;
  /** `YYYY-MM-DD HH:MM` at the time of the request. */
  logicalDate: string;
  timeZone: string;
  /** The visitor's saved locale (cookie mirror of local storage), if any. */
  storedLocale: string | undefined;
  /** The video platform's API base (playlists are fetched here, with the content's key). */
  videoApiBase: string;
  log: { warn: (message: string) => void };
  /**
   * When given, receives every instant at which an item read for the answer opens or closes,
   * shown or not: the answer holds until the first of them still to come (page cache, HTTP).
   */
  changes?: number[] | undefined;
  /**
   * The editors' preview (docs/preview.md): a page outside its display window at the logical
   * date is shown (its own content still filtered by the date) instead of the 404 page.
   */
  keepOutOfWindow?: boolean | undefined;
  /** How many items of one list the page shows, when its address says so (decision 0078). */
  more?: ListCount | undefined;
}

const redirect = (location: string): LoadResult => ({ type: 'redirect', location, status: 302 });

const view = (status: number, state: ViewState): LoadResult => ({ type: 'view', status, state });

/** The page wanted is not there: the language's 404 page, or 503 if that is what is missing. */
function notFound(pagePath: string, locale: Locale): LoadResult {
  return redirect(pagePath.includes('404') ? serviceErrorPath(locale) : notFoundPath(locale));
}

/**
 * The language a path is shown in (docs/requirements.md §2), or what was asked when it is
 * unsupported; an error page's in the language its query names, when it names one.
 */
function resolvePathLocale(pathAndQuery: string, storedLocale: string | undefined): string {
  const named = errorPageLocale(pathAndQuery);
  if (named) return named;
  const path = pathAndQuery.split('?')[0] ?? '/';
  const route = matchRoute(path);
  return resolveLocale({
    param: route.kind === 'content' ? route.langParam : undefined,
    path,
    stored: storedLocale,
  });
}

/** The supported language a request is answered in (an unsupported one answers in French). */
export function requestLocale(pathAndQuery: string, storedLocale: string | undefined): Locale {
  const resolved = resolvePathLocale(pathAndQuery, storedLocale);
  return isLocale(resolved) ? resolved : 'fr';
}

/** A window's ends on the site's wall clock, `…` for an open end: the same in both languages. */
function windowText(
  window: { start?: string | undefined; end?: string | undefined },
  zone: string,
) {
  const at = (value: string | undefined) => {
    const instant = parseIsoInstant(value);
    return instant === null ? '…' : formatLogicalDate(instant, zone);
  };
  return `${at(window.start)} – ${at(window.end)}`;
}

/** What the logical date hides on a page, as diagnostics of the page being made. */
function noteHidden(path: string, hidden: HiddenByWindow[], zone: string): void {
  noteDiagnostics(
    `hidden ${path}`,
    hidden.map((h) => ({
      path: h.where,
      kind: h.kind,
      rule: 'outside-window' as const,
      effect: 'skipped' as const,
      detail: windowText(h.window, zone),
    })),
  );
}

function logicalNow(ctx: Pick<LoaderContext, 'logicalDate' | 'timeZone'>): number {
  return parseLogicalDate(ctx.logicalDate, ctx.timeZone) ?? Date.now();
}

/** What the block loaders need for `locale` at the logical date. */
function blockContext(locale: Locale, ctx: LoaderContext) {
  return {
    content: ctx.content,
    locale,
    now: logicalNow(ctx),
    videoApiBase: ctx.videoApiBase,
    log: ctx.log,
    changes: ctx.changes,
  };
}

/**
 * `/_data/lots`: the lots a page asks for after its first screen: those of its `lists`, or
 * with no list named those a chronique page's deep link may open.
 */
export function loadLotsForPage(
  locale: Locale,
  lists: readonly LotCaller[],
  ctx: LoaderContext,
): Promise<Lot[] | null> {
  const blockCtx = blockContext(locale, ctx);
  return lists.length > 0 ? loadListLots(blockCtx, lists) : loadDeepLinkLots(blockCtx);
}

/** `/_data/chronicles`: the chronique cards a chroniques list shows past its first block. */
export function loadChroniclesForPage(
  locale: Locale,
  ctx: LoaderContext,
): Promise<ChronicleCard[] | null> {
  return loadChronicleCards(blockContext(locale, ctx));
}

export async function loadView(pathAndQuery: string, ctx: LoaderContext): Promise<LoadResult> {
  const path = pathAndQuery.split('?')[0] ?? '/';
  const route = matchRoute(path);
  const resolved = resolvePathLocale(pathAndQuery, ctx.storedLocale);
  const locale: Locale = isLocale(resolved) ? resolved : 'fr';
  const state = (v: ViewState['view']): ViewState => ({ path: pathAndQuery, locale, view: v });

  switch (route.kind) {
    case 'root':
      return redirect(sportsHome(locale));
    case 'language-home':
      return redirect(sportsHome(route.locale));
    case 'sports':
      return view(200, state({ kind: 'sports' }));
    case 'trigger':
      return view(200, state({ kind: 'trigger' }));
    case 'error':
      return view(route.code, state({ kind: 'error', code: route.code }));
    case 'content':
      break;
  }

  if (!isLocale(resolved)) return redirect(notFoundPath('fr'));
  // A reserved path in each language, whatever pages the service holds (docs/decisions/0032).
  if (isSiteMapPage(locale, route.pagePath)) return loadSiteMap(path, locale, ctx, state);
  // A path the page listing does not hold is not found without a call of its own: a flood of
  // made-up paths costs a look-up in a listing the content cache holds (docs/decisions/0062).
  // A page asked for before is asked for again as usual, and so is any page without a content
  // cache to hold the listing; the preview reads drafts, uncached.
  if (!ctx.keepOutOfWindow && !ctx.content.asksPageDirectly(locale, route.pagePath)) {
    const listed = await withoutNoting(() =>
      apartFromPage(() => isListedPath(ctx.content, locale, route.pagePath)),
    );
    if (listed === false) return notFound(route.pagePath, locale);
  }
  const result = await ctx.content.getPage(locale, route.pagePath);
  if (!result.ok) {
    ctx.log.warn(`page ${path}: content service failed (${ctx.content.describeFailure(result)})`);
    return redirect(serviceErrorPath(locale));
  }
  const page = result.data;
  if (!page) return notFound(route.pagePath, locale);
  const now = logicalNow(ctx);
  collectEdges(ctx.changes, windowEdges(page.window));
  if (!isInWindow(page.window, now) && !ctx.keepOutOfWindow)
    return notFound(route.pagePath, locale);
  // Only what is shown at the logical date leaves the server (docs/architecture.md).
  collectEdges(ctx.changes, componentWindowEdges(page.components));
  // The preview tells its editor what the date hides (docs/preview.md "The bar").
  if (ctx.keepOutOfWindow) noteHidden(path, hiddenByWindow(page.components, now), ctx.timeZone);
  const components = visibleComponents(page.components, now);

  const other = otherLocale(locale);
  const otherUrl = other === 'fr' ? page.URLfr : page.URLen;
  const alternate = otherUrl ? contentPath(other, otherUrl) : sportsHome(other);
  const data = await loadBlockData(components, {
    content: ctx.content,
    locale,
    now,
    videoApiBase: ctx.videoApiBase,
    log: ctx.log,
    changes: ctx.changes,
    more: ctx.more,
  });
  const publicPage = { ...page, components: publicComponents(components) };
  // The not-found page is a real page of the content service, answered with its meaning.
  const status = route.pagePath === '404.html' ? 404 : 200;
  return view(status, state({ kind: 'content', page: publicPage, alternate, data }));
}

/**
 * The HTML site map: the page listing in the page's language, on the rules of `sitemap.xml`
 * (`listedPages`), grouped by section. A failed listing is a failed page (docs/requirements.md §8).
 */
async function loadSiteMap(
  path: string,
  locale: Locale,
  ctx: LoaderContext,
  state: (v: ViewState['view']) => ViewState,
): Promise<LoadResult> {
  const pages = await allPages(ctx.content, locale);
  if (!pages) {
    ctx.log.warn(`page ${path}: the page listing failed`);
    return redirect(serviceErrorPath(locale));
  }
  // Every page's window counts, shown or not: the map changes when one opens or closes.
  for (const page of pages) collectEdges(ctx.changes, windowEdges(page.window));
  const entries = listedPages(pages, logicalNow(ctx)).map((page) => ({
    URLfr: page.URLfr,
    path: locale === 'fr' ? page.URLfr : page.URLen,
    title: page.meta.title,
    date: page.chronicle?.dateChronique,
  }));
  const groups = groupSiteMap(entries, locale);
  return view(
    200,
    state({ kind: 'site-map', groups, alternate: siteMapPath(otherLocale(locale)) }),
  );
}

/**
 * The header and footer content of a language as shown at the logical date; a failure is kept
 * as such (docs/requirements.md §8).
 */
export async function loadSite(
  locale: Locale,
  ctx: Pick<LoaderContext, 'content' | 'log' | 'logicalDate' | 'timeZone' | 'changes'>,
): Promise<SiteState> {
  const result = await ctx.content.getSite(locale);
  if (result.ok) {
    collectEdges(ctx.changes, siteWindowEdges(result.data));
    return { locale, status: 'ok', site: visibleSite(result.data, logicalNow(ctx)) };
  }
  ctx.log.warn(
    `site node (${locale}): content service failed (${ctx.content.describeFailure(result)})`,
  );
  return { locale, status: 'error' };
}
