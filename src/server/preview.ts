/**
 * The editors' preview (docs/preview.md): `/_preview/<any path the site serves>` renders that
 * page from the preview content origin, at any logical date, for whoever holds the token. What
 * can be decided without the server: the target, the token's check, the date, the headers.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { parseWallClock } from '../domain/dates';
import type { Locale } from '../domain/locale';
import { PREVIEW_PREFIX, previewHref } from '../domain/preview';
import { sportsHome } from '../domain/routes';

export { PREVIEW_PREFIX };

/** What marks an edit of the site node: its header and footer around the language's home. */
const SITE_EDIT = ['edit', 'site'] as const;

/**
 * The query parameters the preview itself reads; the others belong to the page. Magnolia's
 * Pages app adds its own (`mgnlPreview`, `mgnlChannel`, …): the preview's too (docs/editing.md).
 */
const isOwnParam = (name: string) =>
  name === 'token' ||
  name === 'date' ||
  name.startsWith('mgnl') ||
  // `edit=site`: the node-path entry of the site node leads there (docs/editing.md).
  name === SITE_EDIT[0];

/** `/_preview/node/<lang><node path>`: a page named by its node path, as the Pages app builds it. */
const NODE_ENTRY = '/node/';

export interface PreviewRequest {
  /** The page's path and query, as the public site would be asked for it. */
  target: string;
  /** `?token=`, when given that way. */
  queryToken: string | undefined;
  /** `?date=`, when given. */
  date: string | undefined;
  /** Magnolia's Pages app asks for editing (`mgnlPreview=false`): annotations and the bridge. */
  edit: boolean;
  /** What is edited is the site node (`edit=site`, with `edit`): the header and the footer. */
  editSite: boolean;
  /** The preview's own query, as given (token, date, Magnolia's), for the moves it leads to. */
  own: string;
}

/**
 * Whether a request target is the preview's, however its path is spelled (`/_preview`,
 * `/%5Fpreview`, any case, undecodable): what it answers and logs is treated as the preview's
 * even where the router would not take that spelling.
 */
export function isPreviewTarget(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  let plain: string;
  try {
    plain = decodeURIComponent(path);
  } catch {
    plain = path.replace(/%5f/gi, '_');
  }
  return plain.toLowerCase().startsWith(PREVIEW_PREFIX);
}

/** Splits `/_preview/fr/accueil?token=…&date=…&lot=x` into the page and the preview's own. */
export function previewRequest(url: string): PreviewRequest | null {
  if (
    url !== PREVIEW_PREFIX &&
    !url.startsWith(`${PREVIEW_PREFIX}/`) &&
    !url.startsWith(`${PREVIEW_PREFIX}?`)
  )
    return null;
  const rest = url.slice(PREVIEW_PREFIX.length);
  const [rawPath = '', rawQuery] = rest.split(/\?(.*)/s, 2);
  // A template URL that holds a query of its own gets Magnolia's after a second `?`.
  const params = new URLSearchParams((rawQuery ?? '').replace(/\?/g, '&'));
  const ownParams = new URLSearchParams();
  for (const [name, value] of params) if (isOwnParam(name)) ownParams.append(name, value);
  for (const name of new Set(ownParams.keys())) params.delete(name);
  const query = params.toString();
  const path = rawPath === '' ? '/' : rawPath;
  const edit =
    ownParams.get('mgnlPreview') === 'false' && ownParams.get('mgnlPreviewAsVisitor') !== 'true';
  return {
    target: query ? `${path}?${query}` : path,
    queryToken: ownParams.get('token') ?? undefined,
    date: ownParams.get('date') ?? undefined,
    edit,
    editSite: edit && ownParams.get(SITE_EDIT[0]) === SITE_EDIT[1],
    own: ownParams.toString(),
  };
}

/** The token of a request: `Authorization: Bearer …` first, else `?token=`. */
export function tokenOf(
  authorization: string | undefined,
  queryToken: string | undefined,
): string | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  return bearer ?? queryToken;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether `given` is the token, in a time that says nothing of how much of it matched: both are
 * hashed first, so that even their lengths compare in constant time.
 */
export function tokenMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  return timingSafeEqual(digest(expected), digest(given));
}

/**
 * `?date=` as the logical date of the preview: `YYYY-MM-DD HH:MM` (a `T` is read as the space a
 * form or a hand-typed URL may give instead), or an error saying what is expected.
 */
export function previewDate(
  raw: string | undefined,
): { ok: true; date: string | undefined } | { ok: false; message: string } {
  if (raw === undefined || raw.trim() === '') return { ok: true, date: undefined };
  const date = raw.trim().replace('T', ' ');
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(date) && parseWallClock(date) !== null) {
    return { ok: true, date };
  }
  return {
    ok: false,
    message: `date=${JSON.stringify(raw.slice(0, 40))}: expected a real date and time as YYYY-MM-DD HH:MM, e.g. 2026-12-01 09:00`,
  };
}

/**
 * The Content-Security-Policy of a preview page: the site's, with the author instance's origins
 * allowed to frame it (public pages keep `frame-ancestors 'self'`).
 */
export function previewCsp(siteCsp: string, frameAncestors: readonly string[]): string {
  const ancestors = ["'self'", ...frameAncestors].join(' ');
  return siteCsp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`);
}

/**
 * Where a redirect inside the preview leads: the same page of the preview, its own query kept
 * (token, date, and Magnolia's: an edit stays an edit).
 */
export function previewLocation(location: string, request: PreviewRequest): string {
  return previewHref(location, request.own);
}

/**
 * Where the site node's node-path entry leads: the language's home, its own query kept with
 * `edit=site` added, so that the header and the footer are what is edited (docs/editing.md).
 */
export function siteEditLocation(lang: Locale, request: PreviewRequest): string {
  const own = new URLSearchParams(request.own);
  own.set(SITE_EDIT[0], SITE_EDIT[1]);
  return previewHref(sportsHome(lang), own.toString());
}

/** `/fr/accueil` from `/node/fr/accueil`: the language and the node path, or null. */
export function nodeEntry(target: string): { lang: string; nodePath: string } | null {
  if (!target.startsWith(NODE_ENTRY)) return null;
  const path = target.split('?')[0] ?? '';
  // Magnolia's `{language}` may be a locale (`fr_CA`): its language is what names the page.
  const match = /^\/node\/([a-z]{2})(?:[_-][A-Za-z]{2})?(\/[^?#]*)$/.exec(path);
  if (!match?.[1] || !match[2]) return null;
  try {
    return { lang: match[1], nodePath: decodeURIComponent(match[2]).replace(/\/+$/, '') };
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of an edit-mode page (docs/editing.md, "Headers"): the preview's,
 * with the author instance's origin allowed to run the page editor's script and styles, to be
 * asked for data and to frame the page; nobody else frames it. Magnolia's page editor is a GWT
 * widget set of Vaadin's: its start evaluates code (`'unsafe-eval'` for scripts) and its widgets
 * write inline styles (`'unsafe-inline'` for styles), as Vaadin documents; nothing more, and only
 * in edit mode. No inline script: the editor is loaded by its address, not by an inline one.
 */
export function editCsp(previewPolicy: string, authorOrigin: string): string {
  return previewPolicy
    .split('; ')
    .map((directive) => {
      const [name = '', ...values] = directive.split(' ');
      if (name === 'frame-ancestors') return `${name} ${authorOrigin}`;
      if (!AUTHOR_DIRECTIVES.has(name)) return directive;
      const kept = values.filter((v) => v !== "'none'");
      return [name, ...kept, ...(EDITOR_KEYWORDS[name] ?? []), authorOrigin].join(' ');
    })
    .join('; ');
}

/** What the page editor needs beyond its origin, by directive (docs/editing.md, "Headers"). */
const EDITOR_KEYWORDS: Record<string, string[]> = {
  'script-src': ["'unsafe-eval'"],
  'style-src': ["'unsafe-inline'"],
};

/** What the page editor runs and shows from the author instance (its images, fonts, frames too). */
const AUTHOR_DIRECTIVES = new Set([
  'script-src',
  'style-src',
  'connect-src',
  'img-src',
  'font-src',
  'frame-src',
]);
