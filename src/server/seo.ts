/**
 * What search engines read besides pages: `sitemap.xml` from the content service's page
 * listing (docs/content-contract.md), both languages with their alternates, and `robots.txt`.
 */
import type { ContentClient } from '../content/client';
import type { Page } from '../content/models';
import { isInWindow } from '../domain/display-window';
import type { Locale } from '../domain/locale';
import { contentPath } from '../domain/routes';

/** Pages asked for per call of the listing (`cms:check` reads it the same way). */
export const PAGE_SIZE = 100;
/** A bound on the listing's pages, so a misbehaving service cannot keep the loop going. */
export const MAX_LISTING_PAGES = 50;

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Every page of the listing, its texts in `lang`, or null when the service fails. `listPages` is
 * the client of the loader's context, so tests can stand one in.
 */
export async function allPages(
  content: Pick<ContentClient, 'listPages'>,
  lang: Locale = 'fr',
): Promise<Page[] | null> {
  const pages: Page[] = [];
  for (let index = 0; index < MAX_LISTING_PAGES; index++) {
    const result = await content.listPages(lang, PAGE_SIZE, index * PAGE_SIZE);
    if (!result.ok) return null;
    pages.push(...result.data);
    if (result.data.length < PAGE_SIZE) break;
  }
  return pages;
}

/** Each listing answer's paths in its language, made once per answer the content cache holds. */
const listedPathsOf = new WeakMap<readonly Page[], ReadonlySet<string>>();

/**
 * Whether the page listing holds a page at `path` (the form after the language segment) in
 * `lang`: true or false, or null when it cannot tell (the listing failed, or is longer than is
 * read). Lets a path no page has be answered without a call of its own to the service
 * (docs/security.md "One spelling per page").
 */
export async function isListedPath(
  content: Pick<ContentClient, 'listPages'>,
  lang: Locale,
  path: string,
): Promise<boolean | null> {
  for (let index = 0; index < MAX_LISTING_PAGES; index++) {
    const result = await content.listPages(lang, PAGE_SIZE, index * PAGE_SIZE);
    if (!result.ok) return null;
    let paths = listedPathsOf.get(result.data);
    if (!paths) {
      paths = new Set(
        result.data.flatMap((page) => (lang === 'fr' ? page.URLfr : page.URLen) ?? []),
      );
      listedPathsOf.set(result.data, paths);
    }
    if (paths.has(path)) return true;
    if (result.data.length < PAGE_SIZE) return false;
  }
  return null;
}

/**
 * The pages a site map lists at `now`: the not-found page and pages outside their window answer
 * 404, so they are left out. One rule for `sitemap.xml` and the HTML site map.
 */
export function listedPages(pages: readonly Page[], now: number): Page[] {
  return pages.filter((page) => isInWindow(page.window, now) && page.URLfr !== '404.html');
}

export function sitemapXml(pages: Page[], origin: string, now: number): string {
  const entries: string[] = [];
  for (const page of listedPages(pages, now)) {
    const urls: [Locale, string][] = [];
    if (page.URLfr) urls.push(['fr', `${origin}${contentPath('fr', page.URLfr)}`]);
    if (page.URLen) urls.push(['en', `${origin}${contentPath('en', page.URLen)}`]);
    const alternates = [
      ...urls.map(
        ([l, href]) =>
          `    <xhtml:link rel="alternate" hreflang="${l === 'fr' ? 'fr-CA' : 'en-CA'}" href="${escapeXml(href)}"/>`,
      ),
      ...(urls[0]
        ? [`    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(urls[0][1])}"/>`]
        : []),
    ];
    for (const [, href] of urls) {
      entries.push(
        `  <url>\n    <loc>${escapeXml(href)}</loc>\n${alternates.join('\n')}\n  </url>`,
      );
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join('\n')}
</urlset>
`;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *
Allow: /
Disallow: /_data/
Disallow: /triggerlink

Sitemap: ${origin}/sitemap.xml
`;
}

/** Paths that name a file: a missing one is a plain 404, never a page or a redirect. */
export function isAssetPath(path: string): boolean {
  return (
    path.startsWith('/assets/') ||
    /\.(?:js|mjs|css|map|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|txt|xml|json)$/i.test(path)
  );
}
