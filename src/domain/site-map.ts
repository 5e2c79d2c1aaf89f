/**
 * The HTML site map (docs/decisions/0032-html-site-map.md): its reserved path in each language and
 * how the pages of the content service's listing are grouped. Pure.
 */
import type { Locale } from './locale';
import { contentPath } from './routes';

/** Page path of the site map in each language (the footer's link targets these). */
export const SITE_MAP_PAGE: Readonly<Record<Locale, string>> = {
  fr: 'plan-du-site',
  en: 'site-map',
};

export function siteMapPath(locale: Locale): string {
  return contentPath(locale, SITE_MAP_PAGE[locale]);
}

/** Is this page path (after the language segment) the site map of that language? */
export function isSiteMapPage(locale: Locale, pagePath: string): boolean {
  return pagePath.replace(/^\/+|\/+$/g, '') === SITE_MAP_PAGE[locale];
}

/** What the grouping needs of a listed page, already in the site map's language. */
export interface SiteMapEntry {
  /** The French page path: sections are recognised on it, whatever the language shown. */
  URLfr?: string | undefined;
  /** The page path in the site map's language (none: the page is not in that language). */
  path?: string | undefined;
  title: string;
  /** ISO date of a chronique, for newest first. */
  date?: string | undefined;
}

interface SiteMapLink {
  href: string;
  title: string;
}

/**
 * A group: one of the known sections (titled by the site's messages), or the pages under one
 * first path segment (`section`), titled by the page at that segment when there is one.
 */
export type SiteMapGroup =
  | { key: 'home' | 'promotions' | 'winners' | 'chronicles' | 'other'; links: SiteMapLink[] }
  | { key: 'section'; segment: string; title: string; links: SiteMapLink[] };

type KnownKey = 'home' | 'promotions' | 'winners' | 'chronicles';

/** The French page at the root of each known section: listed first in its group. */
const SECTION_ROOTS: Readonly<Record<KnownKey, string>> = {
  home: 'accueil',
  promotions: 'promotions',
  winners: 'gagnants',
  chronicles: 'chroniques',
};

/** Known sections, recognised on the first segment of the French path. */
function knownSection(firstSegment: string): KnownKey | undefined {
  if (firstSegment === 'accueil' || firstSegment === '') return 'home';
  if (firstSegment.startsWith('promo')) return 'promotions';
  if (firstSegment.includes('gagnant')) return 'winners';
  if (firstSegment === 'chroniques') return 'chronicles';
  return undefined;
}

const clean = (path: string): string => path.replace(/^\/+|\/+$/g, '');

/** `mi-saison` → `Mi saison`: the title of a section that has no page of its own. */
function humanise(segment: string): string {
  const words = segment.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const byTitle = (locale: Locale) => {
  const collator = new Intl.Collator(locale === 'fr' ? 'fr-CA' : 'en-CA');
  return (a: { title: string }, b: { title: string }) => collator.compare(a.title, b.title);
};

/**
 * The site map's groups, in a fixed order: home (always, even with no page: the page adds the
 * sports area, which is not a page of the service, at its head), promotions, winners and tickets, chronicles, then one group per other first
 * segment holding several pages (alphabetical), then the remaining pages. In a group, the page at
 * the section's root comes first, then chroniques newest first and other pages by title. Entries
 * without a path in the language are left out; the caller has already kept only visible pages.
 * No entry at all gives no group (the page's empty state).
 */
export function groupSiteMap(entries: readonly SiteMapEntry[], locale: Locale): SiteMapGroup[] {
  const compareTitles = byTitle(locale);
  interface Item extends SiteMapLink {
    root: boolean;
    date: number;
  }
  const known = new Map<KnownKey, Item[]>();
  const sections = new Map<string, Item[]>();
  const add = <K>(map: Map<K, Item[]>, key: K, item: Item) => {
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  };
  const seen = new Set<string>();
  for (const entry of entries) {
    if (!entry.path) continue;
    const path = clean(entry.path);
    const href = contentPath(locale, path);
    if (seen.has(href)) continue;
    seen.add(href);
    const frSegments = clean(entry.URLfr ?? path).split('/');
    const ownSegments = path.split('/');
    const date = entry.date ? Date.parse(entry.date) : NaN;
    const section = knownSection(frSegments[0] ?? '');
    const item: Item = {
      href,
      title: entry.title.trim() || path,
      root: section
        ? clean(entry.URLfr ?? path) === SECTION_ROOTS[section]
        : ownSegments.length === 1,
      date: Number.isNaN(date) ? -Infinity : date,
    };
    if (section) add(known, section, item);
    else add(sections, ownSegments.length > 1 ? (ownSegments[0] ?? '') : path, item);
  }

  const order = (items: Item[]): SiteMapLink[] =>
    [...items]
      .sort((a, b) => Number(b.root) - Number(a.root) || b.date - a.date || compareTitles(a, b))
      .map(({ href, title }) => ({ href, title }));

  // Nothing listed: the page shows its empty state rather than a lone sports link.
  if (seen.size === 0) return [];
  const groups: SiteMapGroup[] = [];
  const home = known.get('home') ?? [];
  // Always there, first: the page puts the sports area, the language's home, at its head.
  groups.push({ key: 'home', links: order(home) });
  for (const key of ['promotions', 'winners', 'chronicles'] as const) {
    const items = known.get(key);
    if (items?.length) groups.push({ key, links: order(items) });
  }
  const others: Item[] = [];
  const named: (SiteMapGroup & { key: 'section' })[] = [];
  for (const [segment, items] of sections) {
    if (items.length < 2) {
      others.push(...items);
      continue;
    }
    const rootPage = items.find((i) => i.root);
    named.push({
      key: 'section',
      segment,
      title: rootPage?.title ?? humanise(segment),
      links: order(items),
    });
  }
  named.sort(compareTitles);
  groups.push(...named);
  if (others.length) {
    groups.push({
      key: 'other',
      links: [...others].sort(compareTitles).map(({ href, title }) => ({ href, title })),
    });
  }
  return groups;
}
