/**
 * A publication's purge at the CDN, by tag (docs/operations.md "Purging the CDN by tag",
 * docs/decisions/0086-cdn-purged-by-tag.md): what the publish hook names becomes the tags of
 * the answers that show it (src/server/cdn-tags.ts), planned from what this process holds before
 * its own purge, completed once the content service answers anew (a lot that entered, left or
 * moved in a list), and sent to Fastly's or Cloudflare's API after nginx holds the new pages.
 */
import type { FetchResult } from '../content/http';
import type { Lot, Page } from '../content/models';
import type { PageAddress } from '../content/purge';
import { LOCALES, otherLocale, type Locale } from '../domain/locale';
import {
  languageTag,
  listTag,
  lotTag,
  nodeTag,
  OVERFLOW_TAG,
  PAGES_TAG,
  pageTag,
  siteTag,
  TILES_TAG,
} from './cdn-tags';
import type { CdnPurge } from './config';
import type { Purge } from './publish';

/** What this process holds of the content, read before a publication's own purge. */
export interface HeldContent {
  /** The pages of every page listing and look-up held (purged or not: only their nodes count). */
  pages: Page[];
  /** Each language's lots as last read, when an answer no purge has marked is held. */
  lots: Partial<Record<Locale, ReadonlyMap<string, Lot>>>;
}

const callOf = (key: string): URL | null => {
  try {
    return new URL(key);
  } catch {
    return null;
  }
};

/** The content cache's answers, sorted into pages and lots (docs/content-contract.md "Calls"). */
export function heldContent(cache: {
  held(): Iterable<[string, FetchResult<unknown>]>;
  current(): Iterable<[string, FetchResult<unknown>]>;
}): HeldContent {
  const pages: Page[] = [];
  for (const [key, value] of cache.held()) {
    const call = callOf(key)?.pathname.split('/').at(-1);
    const listing = call === 'listerPages' || call === 'listerChroniques';
    if (listing && value.ok && Array.isArray(value.data)) pages.push(...(value.data as Page[]));
  }
  const lots: HeldContent['lots'] = {};
  for (const [key, value] of cache.current()) {
    const url = callOf(key);
    // The content call's own query (never a request's: src/server/proxy-cache.test.ts).
    const lang = /[?&]lang=(fr|en)(?:&|$)/.exec(url?.search ?? '')?.[1];
    const answer = url?.pathname.endsWith('/listerLots') && value.ok ? value.data : undefined;
    if (Array.isArray(answer) && (lang === 'fr' || lang === 'en'))
      lots[lang] = new Map((answer as Lot[]).map((lot) => [lot.name, lot]));
  }
  return { pages, lots };
}

/** A lot published: its tag is purged; its lists' too if it entered, left or moved. */
interface LotCheck {
  name: string;
  /** As each language's answer held it: null when absent from it, undefined when none is held. */
  before: Partial<Record<Locale, Lot | null>>;
}

/** What a publication purges at the CDN: everything, or tags (some found once content answers). */
export type CdnPlan =
  | { all: string }
  | {
      tags: Set<string>;
      lots: LotCheck[];
      /** Pages named by URL that this process does not hold: their node is asked for. */
      urls: PageAddress[];
    };

/** A page's tags in both languages, its listings', and the chroniques lists' for a chronique. */
function addPage(tags: Set<string>, page: Page): void {
  tags.add(nodeTag(page.path));
  if (page.URLfr) tags.add(pageTag(`/fr/${page.URLfr}`));
  if (page.URLen) tags.add(pageTag(`/en/${page.URLen}`));
  tags.add(PAGES_TAG);
  if (page.type === 'chronique' || page.chronicle)
    for (const locale of LOCALES) tags.add(listTag('chroniques', locale));
}

/** The held page whose node is `node` or the deepest above it (as src/content/purge.ts finds it). */
function ownerOf(node: string, pages: readonly Page[]): Page | undefined {
  let found: Page | undefined;
  for (const page of pages) {
    if (node !== page.path && !node.startsWith(`${page.path}/`)) continue;
    if (!found || page.path.length > found.path.length) found = page;
  }
  return found;
}

/** A page node's own children (docs/content-contract.md "Pages"): its area and its columnist. */
const PAGE_PARTS = new Set(['main', 'chroniqueur']);

/**
 * A node of the site's workspace: the site node (itself, its header and footer) shown on every
 * page; a page held here; else a page not held (a new one, or one this process never read, maybe
 * below a page held): each node above it is tagged, its page's among them, and the lists it may
 * join.
 */
function addSiteNode(tags: Set<string>, node: string, held: HeldContent, siteNode: string): void {
  const below = node.slice(siteNode.length);
  if (below === '' || /^\/(header|footer)(\/|$)/.test(below)) {
    for (const locale of LOCALES) tags.add(siteTag(locale));
    return;
  }
  const owner = ownerOf(node, held.pages);
  if (owner && owner.path !== siteNode) {
    addPage(tags, owner);
    // Within the page (its area, its columnist), or maybe a page below it, new to this process.
    const within = node.slice(owner.path.length).split('/').find(Boolean);
    if (within === undefined || PAGE_PARTS.has(within)) return;
  }
  const segments = below.split('/').filter(Boolean);
  for (let depth = 1; depth <= segments.length; depth++)
    tags.add(nodeTag(`${siteNode}/${segments.slice(0, depth).join('/')}`));
  tags.add(PAGES_TAG);
  for (const locale of LOCALES) tags.add(listTag('chroniques', locale));
}

/**
 * A node of another workspace (docs/content-contract.md "Lots"): a lot at `/{name}` (or a child
 * of it) held here; a decorative tile at `/{folder}/{name}`, whose path holds `decoration`; else
 * a lot not held (a new one): its tag, and every list it may join.
 */
function addOtherNode(tags: Set<string>, lots: LotCheck[], node: string, held: HeldContent) {
  const segments = node.split('/').filter(Boolean);
  const name = segments[0] ?? '';
  const known = LOCALES.some((locale) => held.lots[locale]?.has(name));
  if (known) {
    tags.add(lotTag(name));
    const before: LotCheck['before'] = {};
    for (const locale of LOCALES) {
      const answer = held.lots[locale];
      if (answer) before[locale] = answer.get(name) ?? null;
    }
    lots.push({ name, before });
    return;
  }
  if (segments.length >= 2 && node.includes('decoration')) {
    tags.add(TILES_TAG);
    return;
  }
  tags.add(lotTag(name));
  tags.add(TILES_TAG);
  for (const locale of LOCALES) {
    tags.add(listTag('billets', locale));
    tags.add(listTag('gagnants', locale));
  }
}

/**
 * The CDN's purge for a publication, from what this process held before its own purge: all when
 * the hook purges all (its body named nothing usable), else the tags of what it names.
 */
export function planCdnPurge(purge: Purge, held: HeldContent, siteNode: string): CdnPlan {
  if ('all' in purge) return { all: purge.all };
  // An answer whose tags did not fit carries `overflow` instead of its items: always purged.
  const tags = new Set<string>([OVERFLOW_TAG]);
  const lots: LotCheck[] = [];
  const urls: PageAddress[] = [];
  for (const node of purge.change.nodes) {
    if (node === siteNode || node.startsWith(`${siteNode}/`))
      addSiteNode(tags, node, held, siteNode);
    else addOtherNode(tags, lots, node, held);
  }
  for (const address of purge.change.pages) {
    tags.add(pageTag(`/${address.lang}/${address.path}`));
    const url = (page: Page) => (address.lang === 'fr' ? page.URLfr : page.URLen);
    const page = held.pages.find((candidate) => url(candidate) === address.path);
    if (page) addPage(tags, page);
    else urls.push(address);
  }
  return { tags, lots, urls };
}

/**
 * What decides whether and where a lot is in a list (`lotsForList`, src/domain/lots.ts): the
 * list's sub-node, its window, and the win's date; nothing when it has no such sub-node.
 */
function listing(lot: Lot | null | undefined, list: 'billet' | 'gagnant'): string {
  const sub = lot?.[list];
  return lot && sub ? JSON.stringify([lot.dateGain ?? null, sub.window]) : 'none';
}

/** The content as it stands now, past every cache (null: the service failed). */
interface FreshContent {
  lots(locale: Locale): Promise<Lot[] | null>;
  /** The page at a URL; null when there is none, undefined when the service failed. */
  page(address: PageAddress): Promise<Page | null | undefined>;
}

/**
 * The plan's tags, completed from the content as it stands: a lot's lists when it entered, left
 * or moved in them (or when that cannot be told), the nodes of pages named by URL.
 */
export async function resolvePlan(
  plan: Exclude<CdnPlan, { all: string }>,
  fresh: FreshContent,
): Promise<string[]> {
  const tags = new Set(plan.tags);
  for (const locale of plan.lots.length ? LOCALES : []) {
    const now = await fresh.lots(locale);
    for (const { name, before } of plan.lots) {
      const was = before[locale];
      const is = now?.find((lot) => lot.name === name);
      for (const [list, caller] of [
        ['billets', 'billet'],
        ['gagnants', 'gagnant'],
      ] as const)
        if (was === undefined || !now || listing(was, caller) !== listing(is, caller))
          tags.add(listTag(list, locale));
    }
  }
  for (const address of plan.urls) {
    const page = await fresh.page(address);
    if (page) {
      addPage(tags, page);
      continue;
    }
    // No page there now, or the service failed: its other language's URL and its node cannot be
    // told, so every page of that language goes, with the lists it may have left.
    tags.add(languageTag(otherLocale(address.lang)));
    tags.add(PAGES_TAG);
    for (const locale of LOCALES) tags.add(listTag('chroniques', locale));
  }
  return [...tags];
}

/** One call to the CDN's API. */
interface PurgeCall {
  url: string;
  init: { method: 'POST'; headers: Record<string, string>; body?: string };
  /** How many tags it names (0: everything). */
  tags: number;
}

/** Fastly takes up to 256 keys per call, Cloudflare 100 tags (decision 0086 names the sources). */
const TAGS_PER_CALL: Record<CdnPurge['vendor'], number> = { fastly: 256, cloudflare: 100 };

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

/**
 * The API calls of a purge: Fastly's `POST /service/{id}/purge` with the keys in its
 * `Surrogate-Key` header (or `/purge_all`), authenticated by `Fastly-Key`; Cloudflare's
 * `POST /zones/{id}/purge_cache` with `{"tags": [...]}` (or `{"purge_everything": true}`), by
 * bearer token.
 */
export function purgeCalls(
  target: CdnPurge,
  what: { all: true } | { tags: string[] },
): PurgeCall[] {
  const post = (path: string, headers: Record<string, string>, body?: unknown) => ({
    url: `${target.apiUrl}${path}`,
    init: {
      method: 'POST' as const,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
  });
  if (target.vendor === 'fastly') {
    const auth = { 'fastly-key': target.token, accept: 'application/json' };
    if ('all' in what) return [{ ...post(`/service/${target.id}/purge_all`, auth), tags: 0 }];
    const soft: Record<string, string> = target.soft ? { 'fastly-soft-purge': '1' } : {};
    return chunks(what.tags, TAGS_PER_CALL.fastly).map((keys) => ({
      ...post(`/service/${target.id}/purge`, { ...auth, ...soft, 'surrogate-key': keys.join(' ') }),
      tags: keys.length,
    }));
  }
  const auth = { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' };
  const path = `/zones/${target.id}/purge_cache`;
  if ('all' in what) return [{ ...post(path, auth, { purge_everything: true }), tags: 0 }];
  return chunks(what.tags, TAGS_PER_CALL.cloudflare).map((tags) => ({
    ...post(path, auth, { tags }),
    tags: tags.length,
  }));
}

export type PurgeOutcome = 'ok' | 'refused' | 'failed';

/** Attempts per call, and the wait before the second (doubled each time; Retry-After if longer). */
const ATTEMPTS = 5;
const FIRST_RETRY_MS = 1000;
/** The longest wait a Retry-After is followed for. */
const MAX_RETRY_MS = 60_000;
const CALL_TIMEOUT_MS = 10_000;

interface CallDeps {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  /** One retry about to wait (a 429, a 5xx, no answer). */
  retried?: () => void;
}

/** Seconds of a Retry-After header given as a number, in milliseconds. */
const retryAfterMs = (value: string | null): number | undefined =>
  value && /^\d+$/.test(value.trim()) ? Number(value) * 1000 : undefined;

/**
 * Sends one call: done on a 2xx (and, at Cloudflare, `"success": true`); refused at once on any
 * other 4xx but 429 (a wrong token or id: trying again would not help); tried again with back-off
 * on 429, 5xx and no answer, `ATTEMPTS` times in all.
 */
async function sendCall(
  call: PurgeCall,
  deps: CallDeps,
): Promise<{ outcome: PurgeOutcome; detail: string }> {
  let detail = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    let wait = FIRST_RETRY_MS * 2 ** (attempt - 1);
    try {
      const res = await deps.fetch(call.url, {
        ...call.init,
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      const text = (await res.text()).slice(0, 300);
      const refusedInBody = /"success"\s*:\s*false/.test(text);
      if (res.ok && !refusedInBody) return { outcome: 'ok', detail: `${res.status}` };
      detail = `${res.status} ${text}`.trim();
      if (res.status !== 429 && res.status < 500) return { outcome: 'refused', detail };
      wait = Math.max(
        wait,
        Math.min(retryAfterMs(res.headers.get('retry-after')) ?? 0, MAX_RETRY_MS),
      );
    } catch (error) {
      detail = error instanceof Error ? error.message : String(error);
    }
    if (attempt < ATTEMPTS) {
      deps.retried?.();
      await deps.sleep(wait);
    }
  }
  return { outcome: 'failed', detail: `${detail} (after ${ATTEMPTS} attempts)` };
}

/** Sends a purge's calls one after the other; the first that is not done ends it. */
export async function sendPurge(
  target: CdnPurge,
  what: { all: true } | { tags: string[] },
  deps: CallDeps,
): Promise<{ outcome: PurgeOutcome; calls: number; detail: string }> {
  const calls = purgeCalls(target, what);
  for (const [index, call] of calls.entries()) {
    const sent = await sendCall(call, deps);
    if (sent.outcome !== 'ok') return { ...sent, calls: index + 1 };
  }
  return { outcome: 'ok', calls: calls.length, detail: '' };
}

/**
 * How long after a publication the CDN is purged: once nginx no longer holds a page made before
 * it. nginx keeps a page fresh `PROXY_FRESH_SECONDS` (counted in whole seconds, so up to one
 * more), and then serves its old copy only marked for the CDN not to keep (the template's
 * Surrogate-Control and CDN-Cache-Control on STALE): a CDN asking after that gets a page made
 * since, or nothing it keeps. One more second for the other processes to hear the purge through
 * Redis (`redis`), which is all the wait without nginx.
 */
export function cdnPurgeDelayMs(proxyFreshSeconds: number, redis: boolean): number {
  if (proxyFreshSeconds > 0) return (proxyFreshSeconds + 2) * 1000;
  return redis ? 1000 : 0;
}

interface PurgeLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

interface CdnPurgerOptions {
  target: CdnPurge;
  delayMs: number;
  fresh: FreshContent;
  metrics?: { cdnPurge(outcome: PurgeOutcome): void; cdnPurgeRetry(): void } | undefined;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Purges the CDN for each publication it is given, `delayMs` later, never holding the hook's
 * answer: each purge's plan is resolved, sent with its retries, logged and counted on its own.
 */
export function createCdnPurger(options: CdnPurgerOptions) {
  const { target, delayMs, fresh, metrics } = options;
  const deps: CallDeps = {
    fetch: options.fetch ?? fetch,
    sleep: options.sleep ?? realSleep,
    retried: () => metrics?.cdnPurgeRetry(),
  };
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  const run = async (plan: CdnPlan, log: PurgeLog) => {
    const what = 'all' in plan ? { all: true as const } : { tags: await resolvePlan(plan, fresh) };
    const sent = await sendPurge(target, what, deps);
    metrics?.cdnPurge(sent.outcome);
    const named =
      'all' in what ? `everything (${'all' in plan ? plan.all : ''})` : `${what.tags.length} tags`;
    const fields = { cdnPurge: { vendor: target.vendor, outcome: sent.outcome, ...what } };
    if (sent.outcome === 'ok')
      log.info(fields, `CDN purge (${target.vendor}): ${named} in ${sent.calls} calls`);
    else log.warn(fields, `CDN purge (${target.vendor}) ${sent.outcome}: ${named}; ${sent.detail}`);
  };

  return {
    /** Purges for a publication in `delayMs`; what it purges is logged then, on `log`. */
    schedule(plan: CdnPlan, log: PurgeLog): void {
      const timer = setTimeout(() => {
        timers.delete(timer);
        const task = run(plan, log)
          .catch((error: unknown) => {
            metrics?.cdnPurge('failed');
            log.warn({ err: error }, `CDN purge (${target.vendor}) failed`);
          })
          .finally(() => running.delete(task));
        running.add(task);
      }, delayMs);
      timer.unref();
      timers.add(timer);
    },
    /** Every purge due has been sent (a test's condition to wait on). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    },
    /** The process stops: purges not yet due are dropped; how many. */
    close(): number {
      for (const timer of timers) clearTimeout(timer);
      const dropped = timers.size;
      timers.clear();
      return dropped;
    },
  };
}

export type CdnPurger = ReturnType<typeof createCdnPurger>;
