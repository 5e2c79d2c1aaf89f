/**
 * From a URL to what the visitor gets (SPEC.md §2, §5, §8): a redirect, or a view with its status.
 * The server renders with it; client-side navigations ask for it as JSON. One code path, so the
 * HTTP redirects of the server and the browser's navigations always agree.
 */
import type { LoadResult, ViewState } from '../app/state';
import type { ContentClient } from '../content/client';
import { isInWindow } from '../domain/display-window';
import { parseLogicalDate } from '../domain/dates';
import { isLocale, otherLocale, resolveLocale, type Locale } from '../domain/locale';
import {
  contentPath,
  matchRoute,
  notFoundPath,
  SERVICE_ERROR_PATH,
  sportsHome,
} from '../domain/routes';

export interface LoaderContext {
  content: ContentClient;
  /** `YYYY-MM-DD HH:MM` at the time of the request. */
  logicalDate: string;
  timeZone: string;
  /** The visitor's saved locale (cookie mirror of local storage), if any. */
  storedLocale: string | undefined;
  log: { warn: (message: string) => void };
}

const redirect = (location: string): LoadResult => ({ type: 'redirect', location, status: 302 });

const view = (status: number, state: ViewState): LoadResult => ({ type: 'view', status, state });

/** The page wanted is not there: the language's 404 page, or 503 if that is what is missing. */
function notFound(pagePath: string, locale: Locale): LoadResult {
  return redirect(pagePath.includes('404') ? SERVICE_ERROR_PATH : notFoundPath(locale));
}

export async function loadView(pathAndQuery: string, ctx: LoaderContext): Promise<LoadResult> {
  const path = pathAndQuery.split('?')[0] ?? '/';
  const route = matchRoute(path);
  const resolved = resolveLocale({
    param: route.kind === 'content' ? route.langParam : undefined,
    path,
    stored: ctx.storedLocale,
  });
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
  const result = await ctx.content.getPage(locale, route.pagePath);
  if (!result.ok) {
    ctx.log.warn(`page ${path}: content service failed (${ctx.content.describeFailure(result)})`);
    return redirect(SERVICE_ERROR_PATH);
  }
  const page = result.data;
  if (!page) return notFound(route.pagePath, locale);
  const now = parseLogicalDate(ctx.logicalDate, ctx.timeZone) ?? Date.now();
  if (!isInWindow(page.window, now)) return notFound(route.pagePath, locale);

  const other = otherLocale(locale);
  const otherUrl = other === 'fr' ? page.URLfr : page.URLen;
  const alternate = otherUrl ? contentPath(other, otherUrl) : sportsHome(other);
  // The not-found page is a real page of the content service, answered with its meaning.
  const status = route.pagePath === '404.html' ? 404 : 200;
  return view(status, state({ kind: 'content', page, alternate }));
}
