/** The route table of docs/requirements.md §2 as pure functions: shared by the server and the browser. */
import { isLocale, otherLocale, type Locale } from './locale';

type Route =
  /** `/`: goes to the logo's target, `/sports/{locale}`. */
  | { kind: 'root' }
  /** `/fr` or `/en` alone: that language's home, which is also the sports area. */
  | { kind: 'language-home'; locale: Locale }
  | { kind: 'sports' }
  | { kind: 'error'; code: number }
  /**
   * A content page. `langParam` is the language segment as written (validated later, so that an
   * unsupported one can be redirected); absent for `/<chemin>`.
   */
  | { kind: 'content'; langParam?: string; pagePath: string; headless: boolean }
  | { kind: 'trigger' };

const ERROR_PATH = /^\/headless\/err\/([^/]*)\.html$/;

/** Status of the error page: any 4xx or 5xx code as asked, else 404. */
export function errorStatus(code: string | number): number {
  const n = typeof code === 'number' ? code : /^\d{3}$/.test(code) ? Number(code) : NaN;
  return Number.isInteger(n) && n >= 400 && n <= 599 ? n : 404;
}

function errorPath(code: number): string {
  return `/headless/err/${code}.html`;
}

export const SERVICE_ERROR_PATH = errorPath(503);

/**
 * An error page's address names no language, so the visitor's stored one would answer; the
 * query's `lang` names the language of the address that failed instead (issue 45: a failing
 * `/en/…` page showed the 503 page in French).
 */
const ERROR_LANGUAGE = 'lang';

/** The 503 page in the language of the address that led there. */
export function serviceErrorPath(locale: Locale): string {
  return `${SERVICE_ERROR_PATH}?${ERROR_LANGUAGE}=${locale}`;
}

/** Whether a redirect's location is the 503 page, in a language or not. */
export function isServiceErrorLocation(location: string | undefined): boolean {
  return location?.split('?', 1)[0] === SERVICE_ERROR_PATH;
}

/** The language an error page's address names (`?lang=`), if it is one; undefined otherwise. */
export function errorPageLocale(pathAndQuery: string): Locale | undefined {
  const [path = '', query = ''] = (pathAndQuery.split('#', 1)[0] ?? '').split('?', 2);
  if (matchRoute(path).kind !== 'error') return undefined;
  const lang = new URLSearchParams(query).get(ERROR_LANGUAGE);
  return isLocale(lang) ? lang : undefined;
}

/**
 * What a page's answer is made for: its path, and for an error page the language its query
 * names, written one way (other queries are the browser’s, or a list’s count: docs/decisions/0078).
 */
export function pageTarget(path: string, query: string | undefined): string {
  const locale = query === undefined ? undefined : errorPageLocale(`${path}?${query}`);
  return locale ? `${path}?${ERROR_LANGUAGE}=${locale}` : path;
}

export function notFoundPath(locale: Locale): string {
  return `/${locale}/404.html`;
}

/** A URL path segment decoded, or null when its percent-encoding is broken. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function matchRoute(pathname: string): Route {
  const path = pathname.replace(/\/{2,}/g, '/');
  if (path === '/' || path === '') return { kind: 'root' };
  if (path === '/sports' || path.startsWith('/sports/')) return { kind: 'sports' };
  const error = ERROR_PATH.exec(path);
  if (error) return { kind: 'error', code: errorStatus(error[1] ?? '') };
  if (path === '/triggerlink' || path === '/triggerlink/') return { kind: 'trigger' };

  const segments = path.split('/').filter(Boolean).map(decodeSegment);
  // A broken escape in any segment cannot name a page: let the 404 rule answer it.
  const clean = segments.every((s): s is string => s !== null) ? segments : ['fr', '\u0000'];
  const headless = clean[0] === 'headless' && clean.length >= 3;
  const rest = headless ? clean.slice(1) : clean;
  const [first, ...others] = rest;
  if (first === undefined) return { kind: 'root' };
  if (others.length === 0) {
    if (isLocale(first)) return { kind: 'language-home', locale: first };
    return { kind: 'content', pagePath: first, headless: false };
  }
  return { kind: 'content', langParam: first, pagePath: others.join('/'), headless };
}

/** Characters a path segment does not keep as they are (outside RFC 3986 `pchar`): escaped. */
const ESCAPED_IN_SEGMENT = /[^A-Za-z0-9\-._~!$&'()*+,;=:@]/gu;

const encodeSegment = (segment: string): string =>
  segment.replace(ESCAPED_IN_SEGMENT, (c) => encodeURIComponent(c));

/**
 * The one spelling of a page's path (docs/security.md "One spelling per page"): slashes
 * collapsed, no trailing slash, `.` and `..` segments resolved, each segment decoded then encoded
 * one way (upper-case hex, RFC 3986 `pchar` left plain), `/headless/<langue>/<chemin>` as
 * `/<langue>/<chemin>`. Every other spelling is answered by a permanent redirect to it, so that
 * none costs a render or a cache entry. Paths of the sports area belong to the betting widget and
 * are left as they are (the area is one page per language); so is a path whose escapes do not
 * decode (the not-found rule answers it). Idempotent, and never starts with `//`.
 */
export function canonicalPath(path: string): string {
  if (!path.startsWith('/') || isSportsPath(path.replace(/\/{2,}/g, '/'))) return path;
  const segments: string[] = [];
  for (const raw of path.split('/')) {
    const decoded = decodeSegment(raw);
    if (decoded === null) return path;
    // An escaped slash separates segments here as it does for the route table.
    for (const segment of decoded.split('/')) {
      if (segment === '' || segment === '.') continue;
      if (segment === '..') segments.pop();
      else segments.push(segment);
    }
  }
  // `/headless/headless/fr/x` reads as `/headless/fr/x`, which reads as `/fr/x`.
  while (segments.length >= 3 && segments[0] === 'headless') {
    const route = matchRoute(`/${segments.map(encodeSegment).join('/')}`);
    if (route.kind !== 'content' || !route.headless) break;
    segments.shift();
  }
  return `/${segments.map(encodeSegment).join('/')}`;
}

/** The path of a content page in a language: `/fr/promotions/hockey`. */
export function contentPath(locale: Locale, pagePath: string): string {
  const clean = pagePath.replace(/^\/+|\/+$/g, '');
  return clean ? `/${locale}/${clean}` : `/sports/${locale}`;
}

/** The technical-help page, anchored on its cookies section (docs/requirements.md §8, cookies disabled). */
export function cookiesHelpPath(locale: Locale): string {
  return locale === 'fr' ? '/fr/aide-technique#cookies' : '/en/technical-help#cookies';
}

export function sportsHome(locale: Locale): string {
  return `/sports/${locale}`;
}

const SPORTS_SWAPS: Record<string, string> = {
  en: 'fr',
  fr: 'en',
  'in-play': 'en-jeux',
  'en-jeux': 'in-play',
};

/** Other-language link of the sports area: swap `/en` and `/fr`, and `in-play` and `en-jeux`. */
export function sportsAlternatePath(path: string, target: Locale): string {
  const segments = path.split('/').map((s) => SPORTS_SWAPS[s] ?? s);
  const swapped = segments.join('/');
  // A sports path with no language segment still has to land in the other language.
  return swapped.includes(`/${target}`) ? swapped : sportsHome(target);
}

export function isSportsPath(path: string): boolean {
  return path === '/sports' || path.startsWith('/sports/');
}

/**
 * Re-render key of the main region (docs/requirements.md §2): every `/sports/` path is one page (the widget
 * keeps its state); any other page is keyed by its path.
 */
export function routeKey(path: string): string {
  return isSportsPath(path) ? '/sports/' : path;
}

type NavigationDecision = 'load' | 'reload' | 'ignore';

/**
 * What a client-side navigation does (docs/requirements.md §2): inside the sports area the widget navigates by
 * itself; leaving it for a content page reloads the document so the widget leaves no state behind.
 */
export function navigationDecision(previousPath: string, nextPath: string): NavigationDecision {
  const fromSports = previousPath.includes('/sports/');
  if (isSportsPath(nextPath)) return fromSports ? 'ignore' : 'load';
  if (fromSports && matchRoute(nextPath).kind === 'content') return 'reload';
  return 'load';
}

export { otherLocale };
