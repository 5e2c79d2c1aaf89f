/**
 * Editing on the stand-in author instance, without a real Magnolia: a stand-in of the Pages app's
 * frame (`/author/pages-app?page=/fr/accueil&mode=edit|preview`, its script and styles as files)
 * that frames the site's preview in edit mode, and the page editor's script and style sheet the
 * site's bridge loads from it (docs/preview.md "Framed in Magnolia").
 */
import { escapeHtml, textReply, type Reply } from '../http';
import type { Content } from '../cms/load';
import { APP_SCRIPT, APP_STYLE } from './app-script';
import { EDITOR_SCRIPT, EDITOR_STYLE } from './editor-script';

/** Where the site is and the preview token its frame carries. */
export interface PagesAppOptions {
  siteOrigin: string;
  token: string;
}

/**
 * The options with the site's origin as browsers write it (`event.origin`), whatever form it was
 * given in; throws at start on an origin or a token that cannot be used.
 */
export function checkPagesApp(options: PagesAppOptions): PagesAppOptions {
  const siteOrigin = URL.parse(options.siteOrigin)?.origin ?? '';
  if (!/^https?:\/\//.test(siteOrigin))
    throw new Error(`pagesApp.siteOrigin "${options.siteOrigin}": expected an http(s) origin`);
  if (!/^[\x21-\x7e]+$/.test(options.token))
    throw new Error('pagesApp.token: expected printable characters');
  return { ...options, siteOrigin };
}

const PAGES_APP_PATH = '/author/pages-app';
/** Where the bridge finds the editor: under the author instance, beside `.magnolia`. */
export const PAGE_EDITOR_SCRIPT_PATH =
  '/author/VAADIN/widgetsets/info.magnolia.PageEditor/info.magnolia.PageEditor.nocache.js';
export const PAGE_EDITOR_STYLE_PATH = '/author/VAADIN/themes/pages-app/page-editor.css';

const DEFAULT_PAGE = '/fr/accueil';
const MAX_PAGE_LENGTH = 200;

/** The site node's entry as the Pages app frames it (its template's routeTemplate), by language. */
const siteNodeEntry = (lang: string, app: string) => `/node/${lang}/${app}`;

/** The page picker: a few demo pages in both languages, and a draft. */
const PICKER: [label: string, page: string][] = [
  ['Home (fr)', '/fr/accueil'],
  ['Home (en)', '/en/home'],
  ['Promotions (fr)', '/fr/promotions'],
  ['Promotions (en)', '/en/promotions'],
  ['Carousel demo', '/fr/demo/carrousel'],
  ['Robustness demo', '/fr/demo/robustesse'],
  ['Winter draw (draft)', '/fr/tirage-hiver'],
];

/** Then the site node (its header and footer, docs/editing.md), by its node path. */
const sitePicks = (app: string): [label: string, page: string][] => [
  ['Header and footer (fr)', siteNodeEntry('fr', app)],
  ['Header and footer (en)', siteNodeEntry('en', app)],
];

type Mode = 'edit' | 'preview';

function fileReply(body: string, contentType: string): Reply {
  return {
    status: 200,
    headers: {
      'content-type': `${contentType}; charset=utf-8`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
    body,
  };
}

/** The page node of a site path (`/fr/{URLfr}` or `/en/{URLen}`) in the author instance. */
function nodePathOf(sitePath: string, content: Content, app: string): string | undefined {
  if (sitePath === siteNodeEntry('fr', app) || sitePath === siteNodeEntry('en', app))
    return `/${app}`;
  const [, lang, ...rest] = sitePath.split('/');
  const url = rest.join('/');
  const entry = content.pages.find((e) =>
    lang === 'fr' ? e.page.URLfr === url : lang === 'en' && e.page.URLen === url,
  );
  return entry === undefined ? undefined : `/${app}/${entry.page.URLfr}`;
}

/** A site path the frame may carry: letters, digits and `-._~` segments, no dot segment. */
function isSitePath(page: string): boolean {
  return (
    page.length <= MAX_PAGE_LENGTH &&
    /^(?:\/[\w.~-]+)+$/.test(page) &&
    !page.split('/').some((segment) => segment === '.' || segment === '..')
  );
}

function pagesAppUrl(page: string, mode: Mode): string {
  return `${PAGES_APP_PATH}?${new URLSearchParams({ page, mode }).toString()}`;
}

/** The preview's URL in the frame: the Magnolia parameters of edit (or preview) mode. */
export function previewFrameUrl(options: PagesAppOptions, page: string, mode: Mode): string {
  const mgnlPreview = mode === 'preview' ? 'true' : 'false';
  return `${options.siteOrigin}/_preview${page}?token=${encodeURIComponent(options.token)}&mgnlPreview=${mgnlPreview}&mgnlChannel=desktop`;
}

function pagesAppPage(
  options: PagesAppOptions,
  where: { page: string; mode: Mode; app: string; nodePath: string | undefined },
): string {
  const { page, mode, app } = where;
  const nodePath = where.nodePath ?? '';
  const link = (label: string, href: string, current: boolean) =>
    `<a href="${escapeHtml(href)}"${current ? ' aria-current="page"' : ''}>${escapeHtml(label)}</a>`;
  const pages = [...PICKER, ...sitePicks(app)]
    .map(([label, path]) => `<li>${link(label, pagesAppUrl(path, mode), path === page)}</li>`)
    .join('');
  const modes = (['edit', 'preview'] as const)
    .map(
      (m) =>
        `<li>${link(m === 'edit' ? 'Edit' : 'Preview', pagesAppUrl(page, m), m === mode)}</li>`,
    )
    .join('');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pages app (stand-in)</title>
<link rel="stylesheet" href="${PAGES_APP_PATH}/app.css">
<script src="${PAGES_APP_PATH}/app.js" defer></script>
</head>
<body data-site-origin="${escapeHtml(options.siteOrigin)}" data-node-path="${escapeHtml(nodePath)}" data-mode="${mode}">
<header class="bar">
<h1>Pages app (stand-in)</h1>
<nav aria-label="Pages"><ul>${pages}</ul></nav>
<nav aria-label="Mode"><ul>${modes}</ul></nav>
<p id="status" role="status" aria-live="polite"></p>
</header>
<iframe id="page-frame" title="${escapeHtml(`${mode === 'edit' ? 'Editing' : 'Preview of'} ${page}`)}" src="${escapeHtml(previewFrameUrl(options, page, mode))}"></iframe>
</body>
</html>
`;
}

/**
 * The Pages app's frame and its files (`null` for other paths; 404 when the stand-in has no
 * `pagesApp` options), and the page editor's files.
 */
export function handleEditing(
  pathname: string,
  query: URLSearchParams,
  where: { options: PagesAppOptions | undefined; content: Content; app: string },
): Reply | null {
  if (pathname === PAGE_EDITOR_SCRIPT_PATH) return fileReply(EDITOR_SCRIPT, 'text/javascript');
  if (pathname === PAGE_EDITOR_STYLE_PATH) return fileReply(EDITOR_STYLE, 'text/css');
  if (pathname !== PAGES_APP_PATH && !pathname.startsWith(`${PAGES_APP_PATH}/`)) return null;
  const { options } = where;
  if (options === undefined) return textReply(404, 'Not found');
  if (pathname === `${PAGES_APP_PATH}/app.js`) return fileReply(APP_SCRIPT, 'text/javascript');
  if (pathname === `${PAGES_APP_PATH}/app.css`) return fileReply(APP_STYLE, 'text/css');
  if (pathname !== PAGES_APP_PATH) return textReply(404, 'Not found');
  const page = query.get('page') ?? DEFAULT_PAGE;
  if (!isSitePath(page)) return textReply(400, 'page: expected a site path such as /fr/accueil');
  const mode: Mode = query.get('mode') === 'preview' ? 'preview' : 'edit';
  const nodePath = nodePathOf(page, where.content, where.app);
  const html = pagesAppPage(options, { page, mode, app: where.app, nodePath });
  const reply = fileReply(html, 'text/html');
  return {
    ...reply,
    headers: {
      ...reply.headers,
      // The page holds the preview token: no other site reads it, no request names it.
      'referrer-policy': 'no-referrer',
      'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'self'; frame-src ${options.siteOrigin}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    },
    noCors: true,
  };
}
