import { describe, expect, it, vi } from 'vitest';
import { createContentCache, parseLifetimes } from './cache';
import type { FetchResult } from './http';

const ok = (data: unknown): FetchResult<unknown> => ({ ok: true, data });
const fail: FetchResult<unknown> = {
  ok: false,
  reason: 'status',
  url: 'u',
  message: 'HTTP 500',
  status: 500,
};

function clock(start = 0) {
  let t = start;
  return { now: () => t, advance: (s: number) => (t += s * 1000) };
}

describe('content cache', () => {
  it('coalesces a burst of 200 concurrent requests for a cold answer into one call', async () => {
    const cache = createContentCache({ fresh: 30, staleWhileRevalidate: 300, staleIfError: 3600 });
    let resolve: (v: FetchResult<unknown>) => void = () => undefined;
    const load = vi.fn(() => new Promise<FetchResult<unknown>>((r) => (resolve = r)));
    const all = Promise.all(Array.from({ length: 200 }, () => cache.get('page', load)));
    resolve(ok('page'));
    const answers = await all;
    expect(load).toHaveBeenCalledTimes(1);
    expect(answers.every((a) => a.ok && a.data === 'page')).toBe(true);
  });

  it('serves a fresh answer without calling, then a stale one while one call revalidates', async () => {
    const c = clock();
    const cache = createContentCache(
      { fresh: 30, staleWhileRevalidate: 300, staleIfError: 3600 },
      { now: c.now },
    );
    const load = vi.fn().mockResolvedValueOnce(ok('v1')).mockResolvedValueOnce(ok('v2'));
    expect(await cache.get('k', load)).toEqual(ok('v1'));
    c.advance(29);
    expect(await cache.get('k', load)).toEqual(ok('v1'));
    expect(load).toHaveBeenCalledTimes(1);
    c.advance(2);
    expect(await cache.get('k', load)).toEqual(ok('v1'));
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(2);
    await vi.waitFor(async () => expect(await cache.get('k', load)).toEqual(ok('v2')));
  });

  it('serves stale when the service fails, within stale-if-error, and never caches a failure', async () => {
    const c = clock();
    const events: string[] = [];
    const cache = createContentCache(
      { fresh: 10, staleWhileRevalidate: 0, staleIfError: 600 },
      { now: c.now, onEvent: (e) => events.push(e.outcome) },
    );
    await cache.get('k', () => Promise.resolve(ok('good')));
    c.advance(60);
    expect(await cache.get('k', () => Promise.resolve(fail))).toEqual(ok('good'));
    expect(events).toContain('stale-if-error');
    c.advance(600);
    expect(await cache.get('k', () => Promise.resolve(fail))).toEqual(fail);
    const fresh = createContentCache({ fresh: 10, staleWhileRevalidate: 0, staleIfError: 600 });
    await fresh.get('x', () => Promise.resolve(fail));
    expect(fresh.size).toBe(0);
  });

  it('reports one outcome per ask: hit, stale, miss, stale-if-error or error (what metrics count)', async () => {
    const c = clock();
    const events: string[] = [];
    const cache = createContentCache(
      { fresh: 10, staleWhileRevalidate: 10, staleIfError: 100 },
      { now: c.now, onEvent: (e) => events.push(e.outcome) },
    );
    const good = () => Promise.resolve(ok('v'));
    const bad = () => Promise.resolve(fail);
    await cache.get('k', good); // nothing held: the service called, and answering
    await cache.get('k', good); // fresh
    c.advance(15);
    await cache.get('k', good); // stale while one call refreshes it
    await Promise.resolve();
    c.advance(25);
    await cache.get('k', good); // past stale-while-revalidate: called again, and answering
    c.advance(25);
    await cache.get('k', bad); // the call fails: the old answer instead
    c.advance(200);
    await cache.get('k', bad); // too old to serve: the failure passes on
    await cache.get('other', bad);
    expect(events).toEqual(['miss', 'hit', 'stale', 'miss', 'stale-if-error', 'error', 'error']);
  });

  it('is off with a fresh lifetime of zero', async () => {
    const cache = createContentCache({ fresh: 0, staleWhileRevalidate: 0, staleIfError: 0 });
    const load = vi.fn(() => Promise.resolve(ok('x')));
    await cache.get('k', load);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps at most its number of entries, dropping the oldest', async () => {
    const cache = createContentCache(
      { fresh: 60, staleWhileRevalidate: 0, staleIfError: 0 },
      { maxEntries: 2 },
    );
    for (const k of ['a', 'b', 'c']) await cache.get(k, () => Promise.resolve(ok(k)));
    expect(cache.size).toBe(2);
  });

  it('drops the answers a publication picks and keeps the others', async () => {
    const cache = createContentCache({ fresh: 60, staleWhileRevalidate: 0, staleIfError: 0 });
    for (const k of ['a', 'b', 'c']) await cache.get(k, () => Promise.resolve(ok(k)));
    expect(cache.drop((key, value) => key === 'a' || (value.ok && value.data === 'c'))).toEqual([
      'a',
      'c',
    ]);
    const load = vi.fn(() => Promise.resolve(ok('new')));
    expect(await cache.get('a', load)).toEqual(ok('new'));
    expect(await cache.get('b', load)).toEqual(ok('b'));
    expect(await cache.get('c', load)).toEqual(ok('new'));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps a purged answer for an outage: served only when the service fails (stale-if-error)', async () => {
    let clock = 0;
    const cache = createContentCache(
      { fresh: 30, staleWhileRevalidate: 30, staleIfError: 600 },
      { now: () => clock },
    );
    await cache.get('page', () => Promise.resolve(ok('before')));
    cache.clear();
    clock = 1000;
    const failing = vi.fn(() => Promise.resolve(fail));
    // The service is down: the purged answer beats none, however often it is asked.
    expect(await cache.get('page', failing)).toEqual(ok('before'));
    expect(await cache.get('page', failing)).toEqual(ok('before'));
    // Purged, it is never served while the service answers, even when it is still fresh.
    expect(await cache.get('page', () => Promise.resolve(ok('published')))).toEqual(
      ok('published'),
    );
    cache.drop(() => true);
    // Past stale-if-error, a purged answer is gone like any other.
    clock = 700_000;
    expect(await cache.get('page', failing)).toEqual(fail);
    expect(failing).toHaveBeenCalledTimes(3);
  });

  it('is bounded in bytes: the oldest answers leave first, and one over the bound is not kept', async () => {
    const big = 'x'.repeat(4000);
    const cache = createContentCache(
      { fresh: 60, staleWhileRevalidate: 0, staleIfError: 0 },
      { maxBytes: 10_000 },
    );
    for (const k of ['a', 'b', 'c', 'd']) await cache.get(k, () => Promise.resolve(ok(big)));
    expect([...cache.held()].map(([key]) => key)).toEqual(['c', 'd']);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    await cache.get('huge', () => Promise.resolve(ok('y'.repeat(20_000))));
    expect([...cache.held()].map(([key]) => key)).toEqual(['c', 'd']);
  });

  it('does not keep an answer whose call started before a purge', async () => {
    const cache = createContentCache({ fresh: 60, staleWhileRevalidate: 0, staleIfError: 0 });
    let resolve: (v: FetchResult<unknown>) => void = () => undefined;
    const before = cache.get('k', () => new Promise<FetchResult<unknown>>((r) => (resolve = r)));
    cache.clear();
    // Asked after the purge: a call of its own, not the one that may have read old content.
    const after = cache.get('k', () => Promise.resolve(ok('published')));
    resolve(ok('old'));
    expect(await before).toEqual(ok('old'));
    expect(await after).toEqual(ok('published'));
    expect(await cache.get('k', () => Promise.resolve(ok('again')))).toEqual(ok('published'));
  });
});

describe('cache lifetimes', () => {
  it('reads one number or three', () => {
    expect(parseLifetimes('30')).toEqual({
      fresh: 30,
      staleWhileRevalidate: 300,
      staleIfError: 86400,
    });
    expect(parseLifetimes('5/60/3600')).toEqual({
      fresh: 5,
      staleWhileRevalidate: 60,
      staleIfError: 3600,
    });
    expect(parseLifetimes('0')).toEqual({ fresh: 0, staleWhileRevalidate: 0, staleIfError: 86400 });
    expect(parseLifetimes('abc')).toBeNull();
    expect(parseLifetimes('1/2/3/4')).toBeNull();
  });
});
