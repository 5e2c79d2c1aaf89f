/** HTTP load with autocannon: a short warm-up, then a bounded measured run. */
import autocannon from 'autocannon';

export interface LoadSettings {
  connections: number;
  durationS: number;
  warmupS: number;
}

/** An integer from the environment within [min, max]; unset is `fallback`, anything else an error. */
export function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name}="${raw}": expected an integer ${min}–${max}`);
  }
  return value;
}

/** 50 connections, `BENCH_DURATION` (s, default 10) after `BENCH_WARMUP` (s, default 3). */
export function loadSettingsFromEnv(): LoadSettings {
  return {
    connections: 50,
    durationS: intFromEnv('BENCH_DURATION', 10, 1, 60),
    warmupS: intFromEnv('BENCH_WARMUP', 3, 0, 30),
  };
}

/**
 * What is loaded: a URL, or a URL with a test of each answer's body (is it the full page?) and,
 * optionally, its own number of connections (one: requests one at a time, none shared).
 * autocannon reads every body anyway; the test only compares it.
 */
export type LoadTarget =
  | string
  | {
      url: string;
      /** A test of each answer's body; none for a compressed body. */
      expect?: (body: string) => boolean;
      connections?: number;
      /** Asked of the server (default: none, identity bodies). */
      acceptEncoding?: string;
      /** More request headers (a browser's user agent, a cookie). */
      headers?: Record<string, string>;
    };

export interface LoadResult {
  /** Path and query as asked. */
  url: string;
  /** Mean requests per second over the measured run. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /**
   * Answers whose body failed the target's test (non-2xx answers included); null: not tested.
   * A render that timed out on a content call still answers 200, with less content.
   */
  bodyMismatches: number | null;
  /** Mean bytes per second received. */
  throughputBytesPerS: number;
  /** When measured in interleaved rounds: each round's figures (the above are their means). */
  rounds?: { rps: number; p50Ms: number; p99Ms: number }[];
}

const urlOf = (target: LoadTarget): string => (typeof target === 'string' ? target : target.url);

async function once(target: LoadTarget, connections: number, durationS: number) {
  const url = urlOf(target);
  return autocannon({
    url,
    connections: (typeof target === 'string' ? undefined : target.connections) ?? connections,
    duration: durationS,
    // Without Accept-Encoding (the default) a condition is measured on identity bodies.
    headers: {
      accept: 'text/html',
      ...(typeof target !== 'string' && target.acceptEncoding
        ? { 'accept-encoding': target.acceptEncoding }
        : {}),
      ...(typeof target === 'string' ? {} : target.headers),
    },
    timeout: 10,
    // autocannon hands over the body as a string (its type also allows a Buffer or nothing).
    ...(typeof target === 'string' || !target.expect
      ? {}
      : {
          verifyBody: (body: string | Buffer | undefined) =>
            body !== undefined && !!target.expect?.(body.toString()),
        }),
  });
}

export async function measureLoad(target: LoadTarget, settings: LoadSettings): Promise<LoadResult> {
  if (settings.warmupS > 0) await once(target, settings.connections, settings.warmupS);
  return summary(target, await once(target, settings.connections, settings.durationS));
}

/** The path and query of a URL as written, the id placeholder readable rather than encoded. */
function shownPath(url: string): string {
  const { pathname, search } = new URL(url);
  return decodeURI(pathname + search);
}

function summary(target: LoadTarget, result: autocannon.Result): LoadResult {
  return {
    url: shownPath(urlOf(target)),
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    meanMs: Number(result.latency.average.toFixed(2)),
    maxMs: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bodyMismatches: typeof target === 'string' || !target.expect ? null : result.mismatches,
    throughputBytesPerS: Math.round(result.throughput.average),
  };
}

const mean = (values: number[]): number =>
  values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;

/**
 * Several conditions measured in two interleaved rounds (A B C, then C B A), each half the
 * duration, so that a change in the machine's other load during the run falls on all of them
 * alike. Each condition is warmed up first. The figures are the means of the two rounds.
 */
export async function measureInterleaved<K extends string>(
  urls: Record<K, LoadTarget>,
  settings: LoadSettings,
  log: (line: string) => void,
): Promise<Record<K, LoadResult>> {
  const keys = Object.keys(urls) as K[];
  if (settings.warmupS > 0) {
    for (const key of keys) await once(urls[key], settings.connections, settings.warmupS);
  }
  const roundS = Math.max(1, Math.ceil(settings.durationS / 2));
  const runs = new Map<K, LoadResult[]>(keys.map((key) => [key, []]));
  for (const order of [keys, [...keys].reverse()]) {
    for (const key of order) {
      const result = summary(urls[key], await once(urls[key], settings.connections, roundS));
      runs.get(key)?.push(result);
      const bad = result.bodyMismatches ? `, ${result.bodyMismatches} not the full page` : '';
      log(`  ${key}: ${result.rps} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms${bad}`);
    }
  }
  const out = {} as Record<K, LoadResult>;
  for (const key of keys) {
    const list = runs.get(key) ?? [];
    const first = list[0];
    if (!first) throw new Error(`no measurement of ${key}`);
    out[key] = {
      url: first.url,
      rps: Math.round(mean(list.map((r) => r.rps))),
      p50Ms: Math.round(mean(list.map((r) => r.p50Ms))),
      p99Ms: Math.round(mean(list.map((r) => r.p99Ms))),
      meanMs: Number(mean(list.map((r) => r.meanMs)).toFixed(2)),
      maxMs: Math.max(...list.map((r) => r.maxMs)),
      requests: list.reduce((sum, r) => sum + r.requests, 0),
      non2xx: list.reduce((sum, r) => sum + r.non2xx, 0),
      errors: list.reduce((sum, r) => sum + r.errors, 0),
      timeouts: list.reduce((sum, r) => sum + r.timeouts, 0),
      bodyMismatches:
        first.bodyMismatches === null
          ? null
          : list.reduce((sum, r) => sum + (r.bodyMismatches ?? 0), 0),
      throughputBytesPerS: Math.round(mean(list.map((r) => r.throughputBytesPerS))),
      rounds: list.map((r) => ({ rps: r.rps, p50Ms: r.p50Ms, p99Ms: r.p99Ms })),
    };
  }
  return out;
}
