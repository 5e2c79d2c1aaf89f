/**
 * What exported traces cost (docs/decisions/0072-traces.md): `npx tsx bench/tracing-overhead.ts`
 * (after `npm run build`) starts four production processes over the embedded stand-ins, two
 * warm (default caches) and two uncached (`CONTENT_CACHE_TTL=0`), one of each pair without
 * `OTEL_EXPORTER_OTLP_ENDPOINT` and one with it pointing at an OTLP/HTTP receiver in this process
 * (it answers every export at once and counts it, without reading the spans). It loads
 * `/fr/accueil` on each pair interleaved: warm at 50 connections, uncached at 50 connections, and
 * uncached one request at a time, where every request is rendered (its p50 and p99 are the
 * render's, content calls included). Every trace is recorded (no `traceparent` comes, and
 * `OTEL_TRACES_SAMPLER_ARG` is 1). Ports 4761–4765 on 127.0.0.1 (`BENCH_DURATION`, `BENCH_WARMUP`
 * as for `npm run bench`). Every process it starts is stopped by pid at the end.
 */
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { loadSettingsFromEnv, measureInterleaved, type LoadResult } from './lib/load';
import { runBench } from './lib/processes';
import { startSite } from './lib/site';

const PORTS = { warmOff: 4761, warmOn: 4762, uncachedOff: 4763, uncachedOn: 4764, otlp: 4765 };
const PAGE = '/fr/accueil';
const root = process.cwd();
const logDir = path.join(root, 'bench/.work/logs');

const settings = loadSettingsFromEnv();
const log = (line: string): void => console.log(`[tracing] ${line}`);

/** The OTLP/HTTP receiver: `200 {}` to every export, counted, its body never parsed. */
function startReceiver(): Promise<{ exports: () => number; bytes: () => number; close(): void }> {
  let exports = 0;
  let bytes = 0;
  const server = createServer((request, response) => {
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      exports += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(PORTS.otlp, '127.0.0.1', () =>
      resolve({
        exports: () => exports,
        bytes: () => bytes,
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      }),
    ),
  );
}

async function startPair(label: string, off: number, on: number, env: Record<string, string>) {
  const otlp = { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${PORTS.otlp}` };
  const [offSite, onSite] = [
    await startSite({ root, port: off, logDir, label: `${label}-tracing-off`, env }),
    await startSite({
      root,
      port: on,
      logDir,
      label: `${label}-tracing-on`,
      env: { ...env, ...otlp },
    }),
  ];
  return { off: offSite.origin + PAGE, on: onSite.origin + PAGE };
}

function row(name: string, r: { off: LoadResult; on: LoadResult }): string {
  const ratio = r.off.rps ? (r.on.rps / r.off.rps).toFixed(3) : 'n/a';
  return `| ${name} | ${r.off.rps} | ${r.on.rps} | ${ratio} | ${r.off.p50Ms} | ${r.on.p50Ms} | ${r.off.p99Ms} | ${r.on.p99Ms} |`;
}

async function main(): Promise<void> {
  await mkdir(logDir, { recursive: true });
  const receiver = await startReceiver();
  const warm = await startPair('warm', PORTS.warmOff, PORTS.warmOn, {});
  const uncached = await startPair('uncached', PORTS.uncachedOff, PORTS.uncachedOn, {
    CONTENT_CACHE_TTL: '0',
  });
  log(`warm ${PAGE}, ${settings.connections} connections, interleaved`);
  const warmResult = await measureInterleaved(warm, settings, log);
  log(`uncached ${PAGE}, ${settings.connections} connections, interleaved`);
  const uncachedResult = await measureInterleaved(uncached, settings, log);
  log(`uncached ${PAGE}, one request at a time: every request rendered`);
  const one = (url: string) => ({ url, connections: 1 });
  const renderedResult = await measureInterleaved(
    { off: one(uncached.off), on: one(uncached.on) },
    settings,
    log,
  );
  // The batch processor sends every 5 s: the last batches of the run arrive meanwhile.
  await new Promise((resolve) => setTimeout(resolve, 6000));
  receiver.close();
  if (receiver.exports() === 0) throw new Error('the OTLP receiver got no export: tracing was off');
  console.log('');
  console.log(
    '| condition | off req/s | on req/s | on/off | p50 off ms | p50 on ms | p99 off ms | p99 on ms |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  console.log(row('warm, 50 connections', warmResult));
  console.log(row('uncached, 50 connections', uncachedResult));
  console.log(row('uncached, 1 connection (render)', renderedResult));
  console.log(
    `\nOTLP receiver: ${receiver.exports()} exports, ${(receiver.bytes() / 1024 / 1024).toFixed(1)} MiB of JSON`,
  );
}

runBench('tracing', 5, main);
