/**
 * What a publication drops from the content cache (docs/operations.md "Purge on publish"). A
 * change names node paths of the content service and/or content pages of the site; the answers
 * to drop are found among those held, by the pages they contain. Whatever cannot be pinned to a
 * page held here (the site node, lots, tiles, a page never asked for, a new page) drops
 * everything: a purge may do too much, never too little.
 */
import type { Locale } from '../domain/locale';
import type { FetchResult } from './http';
import type { Page } from './models';

/** A content page of the site: its language and its path after the language segment. */
export interface PageAddress {
  lang: Locale;
  /** As the contract's `URLfr`/`URLen`: no leading or trailing slash (`promotions/hockey`). */
  path: string;
}

export interface PublishedChange {
  /** Node paths, e.g. `/pari-boreal/accueil` or a component under it. */
  nodes: string[];
  pages: PageAddress[];
}

type PurgePlan =
  | { all: true; reason: string }
  | {
      all: false;
      /** The content cache keys to drop. */
      keys: Set<string>;
      /** The pages the change touches, as the cache held them (before the change). */
      pages: Page[];
    };

/** The calls whose answers are lists of pages (docs/content-contract.md, "Calls"). */
const PAGE_CALLS = new Set(['listerPages', 'listerChroniques']);

interface HeldPages {
  key: string;
  pages: Page[];
  /** A lookup by URL (`URLfr=`/`URLen=`), not a listing. */
  lookup: boolean;
}

function pagesOf(key: string, value: FetchResult<unknown>): HeldPages | null {
  let url: URL;
  try {
    url = new URL(key);
  } catch {
    return null;
  }
  const call = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  if (!PAGE_CALLS.has(call) || !value.ok || !Array.isArray(value.data)) return null;
  return {
    key,
    pages: value.data as Page[],
    lookup:
      call === 'listerPages' && (url.searchParams.has('URLfr') || url.searchParams.has('URLen')),
  };
}

/**
 * The page that holds `node`: the held page whose node path is `node` or the deepest one above
 * it. The site's root node (`siteNode`) is never a page's: it holds the header and footer.
 */
function owner(node: string, pages: Page[], siteNode: string): Page | undefined {
  let found: Page | undefined;
  for (const page of pages) {
    const at = page.path;
    if (!at.startsWith('/') || at === '/' || at === siteNode) continue;
    if (node !== at && !node.startsWith(`${at}/`)) continue;
    if (!found || at.length > found.path.length) found = page;
  }
  return found;
}

export function planPurge(
  held: Iterable<[string, FetchResult<unknown>]>,
  change: PublishedChange,
  siteNode: string,
): PurgePlan {
  const answers = [...held].flatMap(([key, value]) => pagesOf(key, value) ?? []);
  const known = answers.flatMap((answer) => answer.pages);
  const touched = new Map<string, Page>();
  for (const node of change.nodes) {
    const page = owner(node, known, siteNode);
    if (!page) return { all: true, reason: `node ${node} is not within a page held here` };
    touched.set(page.path, page);
  }
  for (const { lang, path } of change.pages) {
    for (const page of known)
      if ((lang === 'fr' ? page.URLfr : page.URLen) === path) touched.set(page.path, page);
  }
  const keys = answers
    .filter(
      (answer) =>
        answer.pages.some((page) => touched.has(page.path)) ||
        // A page asked for and not found may be the one just published (a new URL).
        (answer.lookup && answer.pages.length === 0),
    )
    .map((answer) => answer.key);
  return { all: false, keys: new Set(keys), pages: [...touched.values()] };
}
