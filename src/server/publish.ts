/**
 * Purge on publish (docs/operations.md "Purge on publish"): the content service's webhook names
 * what changed, and this process drops the content answers and the pages made from them, so the
 * next request renders the published content. Other instances hear it through Redis
 * (src/server/broadcast.ts) and apply the same change to their own caches.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ContentCache } from '../content/cache';
import { planPurge, type PageAddress, type PublishedChange } from '../content/purge';
import { isLocale } from '../domain/locale';
import { pathOfKey, type PageCache } from './pages';

export const PUBLISH_HOOK_PATH = '/_hooks/content-published';

/** The largest body the hook reads; a webhook names a few paths, not a site. */
export const PUBLISH_BODY_LIMIT = 64 * 1024;

/** At most this many names are taken from a body; more purges everything. */
const MAX_NAMES = 1000;

/**
 * Does the request carry the token? Both sides are hashed first, so the comparison takes the same
 * time whatever the length or the first wrong character of what was sent.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(token)) && sent.length > 0;
}

/** A change to apply: named pages and nodes, or everything (with why). */
export type Purge = { change: PublishedChange } | { all: string };

/** `/fr/promotions/hockey` (or a full URL to it) → fr, `promotions/hockey`; else null. */
function pageAddress(url: string): PageAddress | null {
  let path: string;
  try {
    path = decodeURI(new URL(url, 'http://site.invalid').pathname);
  } catch {
    return null;
  }
  const match = /^\/(fr|en)\/(.+?)\/*$/.exec(path);
  if (!match?.[1] || !match[2] || !isLocale(match[1])) return null;
  return { lang: match[1], path: match[2] };
}

const strings = (value: unknown): string[] | null =>
  value === undefined
    ? []
    : Array.isArray(value) && value.every((v): v is string => typeof v === 'string')
      ? value
      : null;

/**
 * The change a webhook body names: `{"nodes": ["/pari-boreal/accueil"], "urls": ["/fr/accueil"]}`
 * (either list may be left out). No body, another shape, or a name that is no content page means
 * everything.
 */
export function readPublishBody(body: Buffer | undefined): Purge {
  if (!body || body.length === 0) return { all: 'no body' };
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return { all: 'the body is not JSON' };
  }
  const given = typeof json === 'object' && json !== null && !Array.isArray(json) ? json : {};
  const nodes = strings((given as { nodes?: unknown }).nodes);
  const urls = strings((given as { urls?: unknown }).urls);
  if (!nodes || !urls || nodes.length + urls.length === 0)
    return { all: 'the body names no "nodes" or "urls" list of strings' };
  if (nodes.length + urls.length > MAX_NAMES) return { all: `more than ${MAX_NAMES} names` };
  const badNode = nodes.find((node) => !/^\/[^\s]*$/.test(node) || node.length > 1000);
  if (badNode !== undefined)
    return { all: `${JSON.stringify(badNode.slice(0, 100))} is no node path` };
  const pages: PageAddress[] = [];
  for (const url of urls) {
    const address = url.length <= 2000 ? pageAddress(url) : null;
    if (!address) return { all: `${JSON.stringify(url.slice(0, 100))} is no content page URL` };
    pages.push(address);
  }
  return { change: { nodes, pages } };
}

interface PurgeSummary {
  scope: 'all' | 'pages';
  /** Why everything was dropped. */
  reason?: string;
  /** The page cache entries dropped (paths; the first 100). */
  pages: string[];
  pagesDropped: number;
  contentAnswersDropped: number;
}

export interface Caches {
  content: ContentCache;
  pages: PageCache | undefined;
  /** The site's root node, `/{app}` (docs/content-contract.md: `listerTout/{app}`). */
  siteNode: string;
}

const decoded = (path: string): string => {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
};

/** Applies a purge to this process's caches. */
export function applyPurge(purge: Purge, caches: Caches): PurgeSummary {
  const plan =
    'all' in purge
      ? { all: true as const, reason: purge.all }
      : planPurge(caches.content.held(), purge.change, caches.siteNode);
  if (plan.all) {
    const contentAnswersDropped = caches.content.size;
    caches.content.clear();
    const pages = caches.pages?.drop(() => true) ?? [];
    return {
      scope: 'all',
      reason: plan.reason,
      pages: pages.slice(0, 100),
      pagesDropped: pages.length,
      contentAnswersDropped,
    };
  }
  const dropped = new Set(caches.content.drop((key) => plan.keys.has(key)));
  const named = new Set<string>();
  for (const page of plan.pages) {
    if (page.URLfr) named.add(`/fr/${page.URLfr}`);
    if (page.URLen) named.add(`/en/${page.URLen}`);
  }
  if ('change' in purge)
    for (const { lang, path } of purge.change.pages) named.add(`/${lang}/${path}`);
  const pages =
    caches.pages?.drop(
      (key, response) =>
        named.has(decoded(pathOfKey(key)).replace(/\/+$/, '')) ||
        [...(response.reads ?? [])].some((read) => dropped.has(read)),
    ) ?? [];
  return {
    scope: 'pages',
    pages: pages.slice(0, 100),
    pagesDropped: pages.length,
    contentAnswersDropped: dropped.size,
  };
}

/** One line for the log: what was purged and why. */
export function describePurge(summary: PurgeSummary): string {
  const what =
    summary.scope === 'all'
      ? `everything (${summary.reason ?? 'asked'})`
      : `pages ${summary.pages.length ? summary.pages.join(', ') : '(none cached)'}`;
  return `purge on publish: ${what}; ${summary.pagesDropped} cached pages and ${summary.contentAnswersDropped} content answers dropped`;
}

interface Reads {
  keys: Set<string>;
  /** Some answer was an old one served because the service failed (stale-if-error). */
  stale: boolean;
}

const reading = new AsyncLocalStorage<Reads>();

/**
 * Runs `produce` noting every content answer it asks for (what the page is made from), and
 * whether any of them was served stale because the service failed.
 */
export function collectReads<T>(
  produce: () => Promise<T>,
): Promise<{ value: T; reads: Set<string>; stale: boolean }> {
  const reads: Reads = { keys: new Set(), stale: false };
  return reading.run(reads, async () => {
    const value = await produce();
    return { value, reads: reads.keys, stale: reads.stale };
  });
}

/** Notes a content answer asked for by the page being made, if any. */
export function noteRead(key: string): void {
  reading.getStore()?.keys.add(key);
}

/** Notes that the page being made, if any, got an old answer: the service failed. */
export function noteStaleRead(): void {
  const reads = reading.getStore();
  if (reads) reads.stale = true;
}

/**
 * Runs `read` without noting what it asks for: a look that decides nothing of the page's
 * content (whether a path is listed at all) must not make every page depend on the listing.
 */
export function withoutNoting<T>(read: () => T): T {
  return reading.exit(read);
}

/**
 * Runs `act` once `healthy` answers true, asking again every `retryMs` until then; `stop` ends the
 * wait (the process closing, or a newer wait). A purge of everything that no publication asked
 * for (Redis came back) waits so, for the content service: during an outage the pages it would
 * mark are the ones still served (docs/operations.md "Purge on publish").
 */
export function whenHealthy(
  healthy: () => Promise<boolean>,
  act: () => void,
  retryMs: number,
): { stop(): void } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const attempt = async () => {
    const ok = await healthy().catch(() => false);
    if (stopped) return;
    if (ok) {
      stopped = true;
      act();
      return;
    }
    timer = setTimeout(() => void attempt(), retryMs);
    timer.unref();
  };
  void attempt();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
