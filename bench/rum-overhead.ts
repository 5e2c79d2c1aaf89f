/**
 * What real-user Core Web Vitals cost (docs/decisions/0069-real-user-web-vitals.md):
 * `npx tsx bench/rum-overhead.ts` (after `npm run build`). The "rum" condition beside the other
 * overhead scripts: production processes over the embedded stand-ins, metrics on in both, RUM off
 * (`RUM_SAMPLE_RATE` unset) and on (`0.1`): a warm page at 50 connections and an uncached one
 * (`CONTENT_CACHE_TTL=0`) at 50 and at one connection (every request rendered: its p50/p99 are the
 * render's), interleaved. Then the server's cost, the endpoint: valid beacons at 50 connections,
 * with the CPU one beacon takes. Then the visitor's: the bytes of the chunk a sampled document
 * loads after interaction, and what the configuration adds to every page. Ports 4761–4768 on
 * 127.0.0.1 (`BENCH_DURATION`, `BENCH_WARMUP` as for `npm run bench`). Every process it starts is
 * stopped by pid at the end.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { VITALS_PATH } from '../src/domain/web-vitals';
import { metricValue, parseMetrics } from '../testing/metrics';
import { loadSettingsFromEnv, measureInterleaved, type LoadResult } from './lib/load';
import { runBench } from './lib/processes';
import { startSite, type Site } from './lib/site';

const PORTS = {
  warmOff: 4761,
  warmOn: 4762,
  uncachedOff: 4763,
  uncachedOn: 4764,
  metrics: [4765, 4766, 4767, 4768],
};
const PAGE = '/fr/accueil';
const RUM_ON = { RUM_SAMPLE_RATE: '0.1' };
const BEACON = JSON.stringify({
  page: 'content',
  navigation: 'load',
  metrics: { TTFB: 120, FCP: 800, LCP: 1200, INP: 64, CLS: 0.01 },
});
const root = process.cwd();
const logDir = path.join(root, 'bench/.work/logs');

const settings = loadSettingsFromEnv();
const log = (line: string): void => console.log(`[rum] ${line}`);

type Condition = 'warmOff' | 'warmOn' | 'uncachedOff' | 'uncachedOn';

async function sites(): Promise<Record<Condition, Site>> {
  const start = (label: Condition, index: number, env: Record<string, string>) =>
    startSite({
      root,
      port: PORTS[label],
      logDir,
      label: `rum-${label}`,
      env: { METRICS_PORT: String(PORTS.metrics[index]), ...env },
    });
  return {
    warmOff: await start('warmOff', 0, {}),
    warmOn: await start('warmOn', 1, RUM_ON),
    uncachedOff: await start('uncachedOff', 2, { CONTENT_CACHE_TTL: '0' }),
    uncachedOn: await start('uncachedOn', 3, { CONTENT_CACHE_TTL: '0', ...RUM_ON }),
  };
}

/** The site's CPU seconds so far, from its metrics. */
async function cpuSeconds(metricsPort: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  return metricValue(parseMetrics(text), 'process_cpu_seconds_total');
}

/** Valid beacons at 50 connections: requests per second, latency, CPU per beacon. */
async function endpoint(site: Site, metricsPort: number) {
  const shoot = (duration: number) =>
    autocannon({
      url: site.origin + VITALS_PATH,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: BEACON,
      connections: settings.connections,
      duration,
    });
  if (settings.warmupS > 0) await shoot(settings.warmupS);
  const before = await cpuSeconds(metricsPort);
  const result = await shoot(settings.durationS);
  const cpu = (await cpuSeconds(metricsPort)) - before;
  return {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    cpuMicrosPerBeacon: result.requests.total ? (cpu / result.requests.total) * 1e6 : 0,
  };
}

const compressed = (bytes: Buffer) => ({
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length,
});

/** The files a sampled document loads for the vitals that the start module has not loaded. */
async function clientBytes() {
  type Chunk = { file: string; imports?: string[] };
  const manifest = JSON.parse(
    await readFile(path.join(root, 'dist/client/.vite/manifest.json'), 'utf8'),
  ) as Record<string, Chunk>;
  const reach = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) reach(next, seen);
    return seen;
  };
  const before = reach('src/app/start-client.tsx');
  const files = [...reach('src/app/vitals.ts')]
    .filter((key) => !before.has(key))
    .flatMap((key) => (manifest[key] ? [manifest[key].file] : []));
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const size = compressed(await readFile(path.join(root, 'dist/client', file)));
    gzip += size.gzip;
    brotli += size.brotli;
  }
  return { files, gzip, brotli };
}

/** What the configuration adds to a page's document (compressed). */
async function pageBytes(off: Site, on: Site) {
  const read = async (site: Site) =>
    compressed(Buffer.from(await (await fetch(site.origin + PAGE)).text()));
  const [a, b] = [await read(off), await read(on)];
  return { gzip: b.gzip - a.gzip, brotli: b.brotli - a.brotli };
}

const ratio = (on: number, off: number) => (off ? `${((on / off - 1) * 100).toFixed(1)} %` : 'n/a');
const row = (name: string, r: Record<'off' | 'on', LoadResult>) =>
  `| ${name} | ${r.off.rps} | ${r.on.rps} | ${ratio(r.on.rps, r.off.rps)} | ${r.off.p50Ms} / ${r.off.p99Ms} | ${r.on.p50Ms} / ${r.on.p99Ms} |`;

async function main(): Promise<void> {
  await mkdir(logDir, { recursive: true });
  const s = await sites();
  log(`warm ${PAGE}, ${settings.connections} connections, interleaved`);
  const warm = await measureInterleaved(
    { off: s.warmOff.origin + PAGE, on: s.warmOn.origin + PAGE },
    settings,
    log,
  );
  log(`uncached ${PAGE} (CONTENT_CACHE_TTL=0), ${settings.connections} connections, then one`);
  const uncached = await measureInterleaved(
    { off: s.uncachedOff.origin + PAGE, on: s.uncachedOn.origin + PAGE },
    settings,
    log,
  );
  const rendered = await measureInterleaved(
    {
      off: { url: s.uncachedOff.origin + PAGE, connections: 1 },
      on: { url: s.uncachedOn.origin + PAGE, connections: 1 },
    },
    settings,
    log,
  );
  log(`POST ${VITALS_PATH}, ${settings.connections} connections`);
  const beacons = await endpoint(s.warmOn, PORTS.metrics[1] ?? 0);
  const chunk = await clientBytes();
  const page = await pageBytes(s.warmOff, s.warmOn);
  console.log('');
  console.log(
    '| rum condition | off req/s | on req/s | on vs off | off p50 / p99 ms | on p50 / p99 ms |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  console.log(row('warm page, 50 connections', warm));
  console.log(row('uncached page, 50 connections', uncached));
  console.log(row('uncached page, 1 connection (render)', rendered));
  console.log(
    `\nserver, POST ${VITALS_PATH}: ${beacons.rps} beacons/s at ${settings.connections} connections, p50 ${beacons.p50Ms} ms, p99 ${beacons.p99Ms} ms, ${beacons.non2xx} not 2xx, ${beacons.cpuMicrosPerBeacon.toFixed(0)} µs of CPU per beacon`,
  );
  console.log(
    `client, after interaction (sampled documents only): ${chunk.gzip} B gzip, ${chunk.brotli} B brotli (${chunk.files.join(', ')}); every page's document: ${page.gzip} B gzip, ${page.brotli} B brotli more with RUM on`,
  );
}

runBench('rum', 6, main);
