/**
 * The content cache (issue "fast everywhere"): answers of the content service kept briefly,
 * served stale while one call revalidates them, served stale when the service fails, and
 * concurrent requests for the same answer coalesced into one call. Only successful answers are
 * kept: a failure is never cached, but waiters of an in-flight call share its outcome.
 */
import type { FetchResult } from './http';

export interface CacheLifetimes {
  /** Seconds an answer is fresh. 0 turns the cache off (every call goes to the service). */
  fresh: number;
  /** Seconds after that it is still served while one call refreshes it in the background. */
  staleWhileRevalidate: number;
  /** Seconds after that it is still served when the service fails. */
  staleIfError: number;
}

/**
 * What one `get` did, reported once per `get` when the cache is on (`coalesced` comes in addition,
 * when the call it needed was already under way): `hit` a fresh answer, `stale` an old one while
 * one call refreshes it, `stale-if-error` an old one because the service failed, `miss` the service
 * called and answering, `error` the service called and failing with nothing to serve instead.
 */
export interface CacheEvent {
  key: string;
  outcome: 'hit' | 'stale' | 'miss' | 'error' | 'coalesced' | 'stale-if-error';
}

interface Entry {
  value: FetchResult<unknown>;
  storedAt: number;
  /** What the entry counts against the cache's bound in bytes. */
  bytes: number;
  /**
   * Purged (a publication): never served while the service answers, but still the answer
   * served when it fails, within stale-if-error (docs/operations.md "Purge on publish").
   */
  purged: boolean;
}

export interface ContentCache {
  /** The answer for a key; `load` runs only when the cache has to call the service. */
  get<T>(key: string, load: () => Promise<FetchResult<T>>): Promise<FetchResult<T>>;
  /**
   * Marks every answer purged (after a publication, say): each is fetched again before it is
   * served, and served only if the service fails meanwhile. Answers being fetched are not kept.
   */
  clear(): void;
  /**
   * Marks the answers `match` picks purged, and returns their keys. Answers being fetched when
   * this runs are not kept either: their call may have read the content before it changed.
   */
  drop(match: (key: string, value: FetchResult<unknown>) => boolean): string[];
  /** Whether an answer is held for a key, fresh, stale or purged. */
  has(key: string): boolean;
  /** Whether the cache keeps answers at all (a fresh lifetime over 0). */
  readonly on: boolean;
  /** Every answer held, oldest first (to find which ones a publication touches). */
  held(): IterableIterator<[string, FetchResult<unknown>]>;
  /** The answers held that no purge has marked: the content as it stands, as far as known. */
  current(): IterableIterator<[string, FetchResult<unknown>]>;
  readonly size: number;
  /** What the held answers count against `maxBytes`. */
  readonly bytes: number;
}

/**
 * What an answer counts against the cache's bound: its model as JSON, in UTF-16 code units (the
 * parsed objects take about as much again on the heap; docs/operations.md "Memory").
 */
function answerBytes(key: string, value: FetchResult<unknown>): number {
  const data = value.ok && value.data !== undefined ? JSON.stringify(value.data).length : 0;
  return key.length + data;
}

/** The answers held, bounded by their count and their bytes: the oldest go first. */
function boundedEntries(maxEntries: number, maxBytes: number, now: () => number) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };
  const store = (key: string, value: FetchResult<unknown>) => {
    if (!value.ok) return;
    remove(key);
    const entry = { value, storedAt: now(), bytes: answerBytes(key, value), purged: false };
    // One answer larger than the whole bound is served, never kept.
    if (entry.bytes > maxBytes) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    // Oldest first: Map keeps insertion order, and a refreshed entry moves to the end.
    while (entries.size > maxEntries || bytes > maxBytes) remove(entries.keys().next().value ?? '');
  };
  return {
    entries,
    store,
    get bytes() {
      return bytes;
    },
  };
}

export function createContentCache(
  lifetimes: CacheLifetimes,
  options: {
    maxEntries?: number;
    /** The bound on the answers held, in bytes (`answerBytes`); the oldest go first. */
    maxBytes?: number;
    now?: () => number;
    onEvent?: (e: CacheEvent) => void;
  } = {},
): ContentCache {
  const { maxEntries = 2000, maxBytes = 32 * 1024 * 1024, now = Date.now, onEvent } = options;
  const held = boundedEntries(maxEntries, maxBytes, now);
  const { entries, store } = held;
  const inFlight = new Map<string, Promise<FetchResult<unknown>>>();
  const ms = (s: number) => s * 1000;
  /** Moves on at each purge: a call started before it does not store its answer. */
  let generation = 0;
  const forgetCalls = () => {
    generation += 1;
    inFlight.clear();
  };

  /** One call per key at a time; everyone asking meanwhile shares its answer. */
  const fetchOnce = (key: string, load: () => Promise<FetchResult<unknown>>) => {
    const pending = inFlight.get(key);
    if (pending) {
      onEvent?.({ key, outcome: 'coalesced' });
      return pending;
    }
    const started = generation;
    const call: Promise<FetchResult<unknown>> = load()
      .then((value) => {
        if (started === generation) store(key, value);
        return value;
      })
      .finally(() => {
        if (inFlight.get(key) === call) inFlight.delete(key);
      });
    inFlight.set(key, call);
    return call;
  };

  // Entries hold whatever the caller's loader answers; each key always has the same loader type.
  const typed = <T>(value: FetchResult<unknown>) => value as FetchResult<T>;

  const purge = (match: (key: string, entry: Entry) => boolean): string[] => {
    const purged: string[] = [];
    for (const [key, entry] of entries) {
      if (!match(key, entry)) continue;
      entry.purged = true;
      purged.push(key);
    }
    forgetCalls();
    return purged;
  };

  return {
    async get<T>(key: string, load: () => Promise<FetchResult<T>>): Promise<FetchResult<T>> {
      if (lifetimes.fresh <= 0) return load();
      const entry = entries.get(key);
      const age = entry ? now() - entry.storedAt : Infinity;
      if (entry && !entry.purged && age < ms(lifetimes.fresh)) {
        onEvent?.({ key, outcome: 'hit' });
        return typed<T>(entry.value);
      }
      if (entry && !entry.purged && age < ms(lifetimes.fresh + lifetimes.staleWhileRevalidate)) {
        onEvent?.({ key, outcome: 'stale' });
        // Refresh in the background; its failure keeps the stale answer for now.
        void fetchOnce(key, load);
        return typed<T>(entry.value);
      }
      const result = typed<T>(await fetchOnce(key, load));
      if (!result.ok && entry && age < ms(lifetimes.fresh + lifetimes.staleIfError)) {
        onEvent?.({ key, outcome: 'stale-if-error' });
        return typed<T>(entry.value);
      }
      onEvent?.({ key, outcome: result.ok ? 'miss' : 'error' });
      return result;
    },
    clear: () => {
      purge(() => true);
    },
    drop: (match) => purge((key, entry) => match(key, entry.value)),
    has: (key) => entries.has(key),
    on: lifetimes.fresh > 0,
    *held() {
      for (const [key, entry] of entries) yield [key, entry.value];
    },
    *current() {
      for (const [key, entry] of entries) if (!entry.purged) yield [key, entry.value];
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return held.bytes;
    },
  };
}

/** `30`, or `30/300/86400` (fresh / stale-while-revalidate / stale-if-error, in seconds). */
export function parseLifetimes(text: string): CacheLifetimes | null {
  const parts = text
    .trim()
    .split('/')
    .map((p) => p.trim());
  if (parts.length > 3 || parts.some((p) => !/^\d+$/.test(p))) return null;
  const [fresh = 0, swr, sie] = parts.map(Number);
  return {
    fresh,
    staleWhileRevalidate: swr ?? fresh * 10,
    staleIfError: sie ?? 86_400,
  };
}
