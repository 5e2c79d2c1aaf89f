/**
 * What metrics cost (docs/decisions/0027-metrics.md): `npx tsx bench/metrics-overhead.ts` (after
 * `npm run build`) starts two production processes over the embedded stand-ins, one without
 * `METRICS_PORT` and one with it, loads `/fr/accueil` on each (warm, then every request rendered),
 * interleaved, and times a scrape of the second. Ports 4741–4743 on 127.0.0.1 (`BENCH_DURATION`,
 * `BENCH_WARMUP` as for `npm run bench`). Every process it starts is stopped by pid at the end.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { loadSettingsFromEnv, measureInterleaved } from './lib/load';
import { runBench } from './lib/processes';
import { startSite } from './lib/site';

const PORTS = { off: 4741, on: 4742, metrics: 4743 };
const PAGE = '/fr/accueil';
const root = process.cwd();
const logDir = path.join(root, 'bench/.work/logs');

const settings = loadSettingsFromEnv();
const log = (line: string): void => console.log(`[metrics] ${line}`);

async function main(): Promise<void> {
  await mkdir(logDir, { recursive: true });
  const off = await startSite({ root, port: PORTS.off, logDir, label: 'metrics-off' });
  const on = await startSite({
    root,
    port: PORTS.on,
    logDir,
    label: 'metrics-on',
    env: { METRICS_PORT: String(PORTS.metrics) },
  });
  log(`warm ${PAGE}, ${settings.connections} connections, interleaved`);
  const warm = await measureInterleaved(
    { off: off.origin + PAGE, on: on.origin + PAGE },
    settings,
    log,
  );
  log('/accueil one request at a time: its language may come from a cookie, so never cached');
  const rendered = (origin: string) => ({
    url: `${origin}/accueil`,
    connections: 1,
  });
  const each = await measureInterleaved(
    { off: rendered(off.origin), on: rendered(on.origin) },
    settings,
    log,
  );
  const scrapes: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 20; i += 1) {
    const started = performance.now();
    const text = await (await fetch(`http://127.0.0.1:${PORTS.metrics}/metrics`)).text();
    scrapes.push(performance.now() - started);
    bytes = text.length;
  }
  scrapes.sort((a, b) => a - b);
  const ratio = (a: number, b: number) => (b ? (a / b).toFixed(3) : 'n/a');
  console.log('');
  console.log(
    '| condition | metrics off req/s | metrics on req/s | on/off | p99 off ms | p99 on ms |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [name, r] of [
    ['warm page, 50 connections', warm],
    ['rendered page, 1 connection', each],
  ] as const) {
    console.log(
      `| ${name} | ${r.off.rps} | ${r.on.rps} | ${ratio(r.on.rps, r.off.rps)} | ${r.off.p99Ms} | ${r.on.p99Ms} |`,
    );
  }
  console.log(
    `\nscrape of /metrics: ${bytes} bytes, median ${(scrapes[10] ?? 0).toFixed(1)} ms, worst ${(scrapes[19] ?? 0).toFixed(1)} ms`,
  );
}

runBench('metrics', 5, main);
