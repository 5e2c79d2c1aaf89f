/**
 * `npm run bench`: builds the site, starts the production server on 127.0.0.1 and measures
 * Lighthouse scores, the JavaScript and CSS each page type loads before interaction, the
 * server's throughput (content cache off at 50 connections and at one, every request rendered; cache on,
 * and a static file of the same HTML) and the scale-out behind nginx. Prints the tables and writes bench/results/latest.{json,md}.
 * Everything it starts is stopped by pid at the end, on failure and on interrupt.
 *
 * Options: --no-build (use the existing dist/), --only=lighthouse,bytes,navigation,server,scale
 * (a part), --write-baseline (record the page weights of this run in bench/baseline.json).
 * Variables: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 3), BENCH_PROCESSES
 * (default: the number of cores, at least 2), CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { rmSync } from 'node:fs';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BASELINE_FILE, baselineOf, type Baseline } from './lib/baseline';
import { launchBrowser, pageBytes, type BytesRow } from './lib/bytes';
import { measureNavigation, type NavigationRun } from './lib/navigation';
import {
  audit,
  CHROMIUM_PATH,
  medianRun,
  startChromium,
  stopChromium,
  type LighthouseRow,
} from './lib/lighthouse';
import { intFromEnv, loadSettingsFromEnv, measureInterleaved, measureLoad } from './lib/load';
import { ensureNginx, nginxVersion, startNginx, startStaticNginx } from './lib/nginx';
import { killAllNow, run, stop, stopAll } from './lib/processes';
import {
  CONTENT_PAGE,
  judge,
  ratios,
  scaleRatio,
  SERVER_CONDITIONS,
  toMarkdown,
  type ColdRender,
  type EventLoopDelay,
  toText,
  type Results,
} from './lib/report';
import { PAGE_TYPES } from './lib/pages';
import { LOGICAL_DATE, startSite, type Site } from './lib/site';
import { standInVariables, startDemoStandIns, type EmbeddedServices } from '../embedded/server';

const PAGES = PAGE_TYPES;

// Ports, all on 127.0.0.1, inside 4700–4799.
/** Lighthouse runs per page, reported by the median run's LCP (docs in bench/README.md). */
const LIGHTHOUSE_RUNS = 3;

const PORTS = {
  warm: 4701,
  uncached: 4702,
  /** The warm process's metrics listener: its event loop's delay. */
  warmMetrics: 4703,
  nginxStatic: 4733,
  scaleBase: 4711,
  nginxCache: 4731,
  nginxNoCache: 4732,
  chromium: 4790,
};

/** The whole run is bounded: past this, everything is stopped and the bench fails. */
const DEADLINE_MS = 20 * 60_000;
/** The file the static baseline is served from, by the site's own /assets/ handler. */
const STATIC_NAME = 'bench-page.html';

const root = process.cwd();
const STATIC_FILE = path.join(root, 'dist/client/assets', STATIC_NAME);
const args = process.argv.slice(2);
const only = new Set(
  (
    args.find((a) => a.startsWith('--only='))?.slice('--only='.length) ??
    'lighthouse,bytes,navigation,server,scale'
  )
    .split(',')
    .filter(Boolean),
);
const build = !args.includes('--no-build');
const writeBaseline = args.includes('--write-baseline');

const load = loadSettingsFromEnv();
const processes = intFromEnv('BENCH_PROCESSES', Math.max(2, os.availableParallelism()), 1, 8);

const log = (line: string): void => console.log(`[bench] ${line}`);

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

function packageVersion(name: string): string {
  try {
    const require = createRequire(path.join(root, 'package.json'));
    const pkg = require(`${name}/package.json`) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

async function chromiumVersion(): Promise<string> {
  try {
    const { output } = await run(CHROMIUM_PATH, ['--version'], { timeoutMs: 20_000 });
    return /(\d+\.\d+\.\d+\.\d+)/.exec(output)?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

async function lighthouseRows(site: Site, dirs: Dirs): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  const browser = await startChromium(PORTS.chromium, dirs.logs);
  try {
    for (const page of PAGES) {
      const t0 = Date.now();
      const once = async (): Promise<LighthouseRow> => {
        let row = await audit(browser, site.origin, page, {
          ignoreStatusCode: false,
          scratchDir: dirs.lighthouse,
          timeoutMs: 150_000,
        });
        // A run that failed for a reason of its own (e.g. NO_NAVSTART, a trace not recorded) is
        // repeated, at most twice; a refused error status is not.
        for (let retry = 0; retry < 2 && row.runtimeError && row.status === 200; retry += 1) {
          log(`lighthouse ${page.path}: ${row.runtimeError.split(':')[0] ?? ''}, once more`);
          row = await audit(browser, site.origin, page, {
            ignoreStatusCode: false,
            scratchDir: dirs.lighthouse,
            timeoutMs: 150_000,
          });
        }
        return row;
      };
      const first = await once();
      // A page that answers 200 is run LIGHTHOUSE_RUNS times and reported by its median run.
      const runs = [first];
      while (first.status === 200 && runs.length < LIGHTHOUSE_RUNS) runs.push(await once());
      const row = medianRun(runs);
      rows.push(row);
      log(
        `lighthouse ${page.path} (${row.status}): ${row.runtimeError ?? `perf ${String(row.scores.performance)} a11y ${String(row.scores.accessibility)} bp ${String(row.scores.bestPractices)} seo ${String(row.scores.seo)}`} [${Math.round((Date.now() - t0) / 1000)} s]`,
      );
      // A document with an error status is refused by default: say so, then score it anyway.
      if (row.status !== 200 && row.scores.performance === null) {
        const scoreAnyway = () =>
          audit(browser, site.origin, page, {
            ignoreStatusCode: true,
            scratchDir: dirs.lighthouse,
            timeoutMs: 150_000,
          });
        const scoreOnce = async (): Promise<LighthouseRow> => {
          let again = await scoreAnyway();
          // As above: a trace that was not recorded is worth another try, at most two.
          for (let retry = 0; retry < 2 && again.runtimeError; retry += 1) {
            log(
              `lighthouse ${page.path} --ignore-status-code: ${again.runtimeError.split(':')[0] ?? ''}, once more`,
            );
            again = await scoreAnyway();
          }
          return again;
        };
        const scored = [];
        while (scored.length < LIGHTHOUSE_RUNS) scored.push(await scoreOnce());
        const again = medianRun(scored);
        rows.push(again);
        log(
          `lighthouse ${page.path} --ignore-status-code: ${again.runtimeError ?? `perf ${String(again.scores.performance)} a11y ${String(again.scores.accessibility)} bp ${String(again.scores.bestPractices)} seo ${String(again.scores.seo)}`}`,
        );
      }
    }
  } finally {
    await stopChromium(browser);
  }
  return rows;
}

async function bytesRows(site: Site): Promise<BytesRow[]> {
  const rows: BytesRow[] = [];
  const browser = await launchBrowser();
  try {
    for (const page of PAGES) {
      const row = await pageBytes(browser, site.origin, page);
      rows.push(row);
      log(
        `bytes ${page.path}: HTML ${(row.html.html.brotli / 1024).toFixed(1)} KiB brotli (state ${(row.html.state.brotli / 1024).toFixed(1)}), JS ${(row.jsBeforeHydration.gzip / 1024).toFixed(1)} KiB gzip to hydration, ${row.js.files} files ${(row.js.gzip / 1024).toFixed(1)} KiB in all, CSS ${row.css.files} files ${(row.css.gzip / 1024).toFixed(1)} KiB gzip${row.thirdParty.files ? `, third party ${(row.thirdParty.gzip / 1024).toFixed(1)} KiB gzip` : ''}`,
      );
    }
  } finally {
    await browser.close();
  }
  return rows;
}

const INTERNET_EXPLORER = 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko';

/**
 * The event loop's delay since the previous scrape (prom-client's lag histogram, from
 * perf_hooks.monitorEventLoopDelay, restarts at each scrape), in ms.
 */
async function eventLoopDelay(metricsUrl: string): Promise<EventLoopDelay> {
  const { status, body } = await fetchText(metricsUrl);
  if (status !== 200) throw new Error(`${metricsUrl} answered ${status}`);
  const read = (name: string): number | null => {
    const match = new RegExp(`^${name} ([0-9.eE+-]+)$`, 'm').exec(body);
    return match?.[1] === undefined ? null : Number((Number(match[1]) * 1000).toFixed(1));
  };
  return {
    p50Ms: read('nodejs_eventloop_lag_p50_seconds'),
    p99Ms: read('nodejs_eventloop_lag_p99_seconds'),
    maxMs: read('nodejs_eventloop_lag_max_seconds'),
  };
}

/** Each page type's first answer from a fresh process, then the median of five more, in ms. */
async function renderTimes(origin: string): Promise<ColdRender[]> {
  const timed = async (url: string) => {
    const started = performance.now();
    const response = await fetchText(url);
    if (response.status >= 500 && !url.includes('/err/'))
      throw new Error(`${url}: ${response.status}`);
    return performance.now() - started;
  };
  const rows: ColdRender[] = [];
  for (const page of PAGES) {
    const first = await timed(origin + page.path);
    const more: number[] = [];
    for (let i = 0; i < 5; i += 1) more.push(await timed(origin + page.path));
    more.sort((a, b) => a - b);
    rows.push({
      path: page.path,
      firstMs: Number(first.toFixed(1)),
      medianMs: Number((more[2] ?? 0).toFixed(1)),
    });
  }
  return rows;
}

async function readBaseline(): Promise<Baseline | null> {
  const file = path.join(root, BASELINE_FILE);
  return (await exists(file)) ? (JSON.parse(await readFile(file, 'utf8')) as Baseline) : null;
}

/** This run's page weights become the baseline, named by the commit they were measured on. */
async function recordBaseline(rows: BytesRow[]): Promise<Baseline> {
  const { code, output } = await run('git', ['rev-parse', 'HEAD'], {
    cwd: root,
    timeoutMs: 10_000,
  });
  const status = await run('git', ['status', '--porcelain', '--', 'src', 'embedded'], {
    cwd: root,
    timeoutMs: 10_000,
  });
  const commit = code === 0 ? output.trim() : 'unknown';
  const dirty = status.output.trim() ? ' (with uncommitted changes to src/ or embedded/)' : '';
  const baseline = baselineOf(rows, `${commit}${dirty}`, new Date().toISOString());
  await writeFile(path.join(root, BASELINE_FILE), `${JSON.stringify(baseline, null, 2)}\n`);
  log(`written: ${BASELINE_FILE}`);
  return baseline;
}

async function fetchText(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

interface Dirs {
  results: string;
  work: string;
  logs: string;
  lighthouse: string;
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  // Other work on the machine skews every figure: the 1-minute load average says how much.
  const loadAtStart = Number((os.loadavg()[0] ?? 0).toFixed(2));
  if (
    !(await exists(path.join(root, 'package.json'))) ||
    !(await exists(path.join(root, 'bench')))
  ) {
    throw new Error('run the bench from the project root (npm run bench)');
  }
  const dirs: Dirs = {
    results: path.join(root, 'bench/results'),
    work: path.join(root, 'bench/.work'),
    logs: path.join(root, 'bench/.work/logs'),
    lighthouse: path.join(root, 'bench/.work/lighthouse'),
  };
  await rm(dirs.work, { recursive: true, force: true });
  for (const dir of [dirs.results, dirs.logs, dirs.lighthouse])
    await mkdir(dir, { recursive: true });

  if (build) {
    log('npm run build');
    const result = await run('npm', ['run', 'build'], { cwd: root, timeoutMs: 300_000 });
    await writeFile(path.join(dirs.logs, 'build.log'), result.output);
    if (result.code !== 0) throw new Error(`npm run build failed:\n${result.output.slice(-2000)}`);
  } else if (!(await exists(path.join(root, 'dist/client/.vite/manifest.json')))) {
    throw new Error('--no-build, but dist/ has no build: run npm run build');
  }

  const configSource = await readFile(path.join(root, 'src/server/config.ts'), 'utf8');
  const contentCacheTtlSupported = configSource.includes('CONTENT_CACHE_TTL');
  if (!contentCacheTtlSupported) {
    log('note: src/server/config.ts does not read CONTENT_CACHE_TTL yet; "uncached" = default');
  }

  const errors: string[] = [];
  const attempt = async <T>(name: string, task: () => Promise<T>): Promise<T | null> => {
    try {
      return await task();
    } catch (error) {
      const message = `${name}: ${error instanceof Error ? error.message : String(error)}`;
      errors.push(message);
      log(`FAILED ${message}`);
      return null;
    }
  };

  let lighthouse: LighthouseRow[] = [];
  let bytes: BytesRow[] = [];
  let baseline = await readBaseline();
  let navigation: NavigationRun[] = [];
  let server: Results['server'] = null;
  let scaleOut: Results['scaleOut'] = null;
  let nginx: string | null = null;
  let standIns: EmbeddedServices | undefined;

  try {
    if (
      only.has('lighthouse') ||
      only.has('bytes') ||
      only.has('navigation') ||
      only.has('server')
    ) {
      const site = await startSite({
        root,
        port: PORTS.warm,
        logDir: dirs.logs,
        label: 'warm',
        env: { METRICS_PORT: String(PORTS.warmMetrics) },
      });
      log(`site (content cache default) at ${site.origin}`);
      if (only.has('lighthouse')) {
        lighthouse = (await attempt('lighthouse', () => lighthouseRows(site, dirs))) ?? [];
      }
      if (only.has('bytes') && site.process.exit === undefined) {
        bytes = (await attempt('bytes', () => bytesRows(site))) ?? [];
        if (writeBaseline && bytes.length === PAGES.length) baseline = await recordBaseline(bytes);
      }
      if (only.has('navigation') && site.process.exit === undefined) {
        navigation =
          (await attempt('navigation', async () => {
            const browser = await launchBrowser();
            try {
              const runs = await measureNavigation(browser, site.origin);
              for (const r of runs) {
                log(
                  `navigation, CPU ×${r.cpuSlowdown}: median ${r.medianMs} ms, p95 ${r.p95Ms} ms, ${(r.medianBytes / 1024).toFixed(1)} KiB a navigation (median), ${(r.medianShareOfDocument * 100).toFixed(0)} % of the destination's document`,
                );
              }
              return runs;
            } finally {
              await browser.close();
            }
          })) ?? [];
      }
      if (only.has('server') && site.process.exit === undefined) {
        server = await attempt('server', async () => {
          // The static baseline: the page's HTML, fetched once, served as a file by the same
          // process through its existing /assets/ handler (no hook in the site's code).
          const page = await fetchText(site.origin + CONTENT_PAGE);
          if (page.status !== 200) throw new Error(`${CONTENT_PAGE} answered ${page.status}`);
          await writeFile(STATIC_FILE, page.body);
          const staticUrl = `${site.origin}/assets/${STATIC_NAME}`;
          const copy = await fetchText(staticUrl);
          if (copy.status !== 200 || copy.body !== page.body) {
            throw new Error(`${staticUrl} does not serve the page's HTML (${copy.status})`);
          }
          const uncachedSite = await startSite({
            root,
            port: PORTS.uncached,
            logDir: dirs.logs,
            label: 'uncached',
            env: { CONTENT_CACHE_TTL: '0' },
          });
          // Each page type's first render in a fresh process (code and caches cold), then the
          // median of five more, one request at a time: every one renders (CONTENT_CACHE_TTL=0).
          const coldRenders = await renderTimes(uncachedSite.origin);
          const bare = await fetchText(uncachedSite.origin + CONTENT_PAGE);
          if (bare.status !== 200) throw new Error(`${CONTENT_PAGE} answered ${bare.status}`);
          const uncachedPage = bare.body;
          const nginxBinary = await ensureNginx(log);
          const nginxStatic = await startStaticNginx({
            binary: nginxBinary,
            prefix: path.join(os.tmpdir(), `pari-boreal-bench-nginx-static-${process.pid}`),
            port: PORTS.nginxStatic,
            name: STATIC_NAME,
            body: page.body,
            logFile: path.join(dirs.logs, 'nginx-static.log'),
          });
          const nginxStaticUrl = `${nginxStatic.origin}/${STATIC_NAME}`;
          // Every answer is checked to be the full page: an overloaded render whose content
          // calls time out still answers 200, with parts missing.
          const urls = {
            uncached: {
              url: uncachedSite.origin + CONTENT_PAGE,
              expect: (body: string) => body === uncachedPage,
            },
            // The uncached process, once more, one request at a time: concurrent requests for
            // one page share a render in flight (whatever their query), these cannot.
            uncachedPerRequest: {
              url: uncachedSite.origin + CONTENT_PAGE,
              expect: (body: string) => body === uncachedPage,
              connections: 1,
            },
            warm: { url: site.origin + CONTENT_PAGE, expect: (body: string) => body === page.body },
            static: { url: staticUrl, expect: (body: string) => body === page.body },
            nginxStatic: { url: nginxStaticUrl, expect: (body: string) => body === page.body },
            // What browsers ask for: does compressing the page cost the server throughput?
            uncachedBrotli: { url: uncachedSite.origin + CONTENT_PAGE, acceptEncoding: 'br' },
            warmBrotli: { url: site.origin + CONTENT_PAGE, acceptEncoding: 'br' },
          };
          log(
            `server: uncached (CONTENT_CACHE_TTL=0, :${PORTS.uncached}) at ${load.connections} connections and at one, warm (:${PORTS.warm}) and static ${staticUrl.slice(site.origin.length)}, then uncached and warm with brotli asked, interleaved`,
          );
          const metricsUrl = `http://127.0.0.1:${PORTS.warmMetrics}/metrics`;
          // The lag histogram restarts at each scrape: this one clears what came before.
          await eventLoopDelay(metricsUrl);
          const measured = await measureInterleaved(urls, load, log);
          const warmEventLoop = await eventLoopDelay(metricsUrl);
          const { uncached, uncachedPerRequest, warm, static: baseline } = measured;
          const { uncachedBrotli, warmBrotli, nginxStatic: nginxBaseline } = measured;
          await stop(uncachedSite.process);
          await stop(nginxStatic.process);
          // Pages for one visitor (Internet Explorer's variant here) are rendered and compressed
          // for each request: what does that cost the event loop?
          log(
            'server: a page for one visitor (Internet Explorer), brotli asked, on the warm process',
          );
          const perVisitor = await measureLoad(
            {
              url: site.origin + CONTENT_PAGE,
              acceptEncoding: 'br',
              headers: { 'user-agent': INTERNET_EXPLORER },
            },
            { ...load, warmupS: 0 },
          );
          const perVisitorEventLoop = await eventLoopDelay(metricsUrl);
          const result = {
            uncached,
            uncachedPerRequest,
            warm,
            static: baseline,
            uncachedBrotli,
            warmBrotli,
            nginxStatic: nginxBaseline,
            perVisitor,
            eventLoop: { warm: warmEventLoop, perVisitor: perVisitorEventLoop },
            coldRenders,
          };
          return {
            page: CONTENT_PAGE,
            ...result,
            htmlBytes: Buffer.byteLength(page.body),
            ...ratios(result),
            conditions: SERVER_CONDITIONS,
          };
        });
      }
      await stop(site.process);
    }

    if (only.has('scale')) {
      scaleOut = await attempt('scale-out', async () => {
        const binary = await ensureNginx(log);
        nginx = await nginxVersion(binary);
        const ports = Array.from({ length: processes }, (_, i) => PORTS.scaleBase + i);
        const sites: Site[] = [];
        // With PUBLIC_ORIGIN set every third party must be named (the production guard): one set
        // of stand-ins for all the processes, as they would share one content service.
        standIns = await startDemoStandIns(LOGICAL_DATE);
        for (const port of ports) {
          // One public origin for every process, as in production: the same page from any of them.
          sites.push(
            await startSite({
              root,
              port,
              logDir: dirs.logs,
              label: 'scale',
              env: {
                ...standInVariables(standIns.origin),
                PUBLIC_ORIGIN: `http://127.0.0.1:${PORTS.nginxCache}`,
              },
            }),
          );
        }
        const [first] = sites;
        if (!first) throw new Error('no site process');
        const prefix = path.join(os.tmpdir(), `pari-boreal-bench-nginx-${process.pid}`);
        try {
          // Two nginx instances, each with its own prefix: the template as it is, and the same
          // with proxy_cache off, so that the three setups can be measured interleaved.
          const cached = await startNginx({
            binary,
            root,
            prefix: `${prefix}/cache`,
            port: PORTS.nginxCache,
            upstreamPorts: ports,
            variant: 'cache',
            logFile: path.join(dirs.logs, 'nginx-cache.log'),
          });
          const plain = await startNginx({
            binary,
            root,
            prefix: `${prefix}/no-cache`,
            port: PORTS.nginxNoCache,
            upstreamPorts: ports,
            variant: 'no-cache',
            logFile: path.join(dirs.logs, 'nginx-no-cache.log'),
          });
          const statuses: string[] = [];
          for (let i = 0; i < 2; i += 1) {
            const response = await fetchText(cached.origin + CONTENT_PAGE);
            statuses.push(response.headers.get('x-cache-status') ?? 'none');
            await sleep(100);
          }
          // What a browser gets through the proxy: encoding and cache status, per Accept-Encoding.
          const encodings: Record<string, string> = {};
          for (const accept of ['br, gzip', 'gzip', 'identity']) {
            let seen = '';
            for (let i = 0; i < 2; i += 1) {
              const response = await fetch(cached.origin + CONTENT_PAGE, {
                headers: { 'accept-encoding': accept },
                signal: AbortSignal.timeout(10_000),
              });
              await response.arrayBuffer();
              seen = `${response.headers.get('content-encoding') ?? 'identity'}, ${response.headers.get('x-cache-status') ?? 'none'}`;
            }
            encodings[accept] = seen;
          }
          log(
            `scale-out: one process (:${first.port}), nginx + ${processes} processes with the proxy cache (${statuses.join(' then ')}) and without, interleaved`,
          );
          const measured = await measureInterleaved(
            {
              single: first.origin + CONTENT_PAGE,
              nginxCached: cached.origin + CONTENT_PAGE,
              nginxNoCache: plain.origin + CONTENT_PAGE,
            },
            load,
            log,
          );
          const { single, nginxCached, nginxNoCache } = measured;
          await stop(cached.process, 'SIGQUIT');
          await stop(plain.process, 'SIGQUIT');
          return {
            processes,
            page: CONTENT_PAGE,
            single,
            nginxCached,
            nginxNoCache,
            nginxCacheStatus: statuses,
            nginxEncodings: encodings,
            cachedToSingle: scaleRatio(nginxCached, single),
            noCacheToSingle: scaleRatio(nginxNoCache, single),
          };
        } finally {
          await stopAll();
          await rm(prefix, { recursive: true, force: true });
        }
      });
    }
  } finally {
    await stopAll();
    await standIns?.close();
    await rm(STATIC_FILE, { force: true });
  }

  const partial: Omit<Results, 'targets'> = {
    generatedAt: new Date().toISOString(),
    durationS: Math.round((Date.now() - startedAt) / 1000),
    environment: {
      cpus: os.availableParallelism(),
      loadAverageAtStart: loadAtStart,
      cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.versions.node,
      chromium: await chromiumVersion(),
      lighthouse: packageVersion('lighthouse'),
      autocannon: packageVersion('autocannon'),
      nginx,
    },
    settings: {
      logicalDate: LOGICAL_DATE,
      devMode: false,
      build: build ? 'always' : 'skipped (--no-build)',
      load,
      processes,
    },
    contentCacheTtlSupported,
    lighthouse,
    bytes,
    baseline,
    navigation,
    server,
    scaleOut,
    errors,
  };
  const results: Results = { ...partial, targets: judge(partial) };
  await writeFile(path.join(dirs.results, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(path.join(dirs.results, 'latest.md'), toMarkdown(results));
  console.log(`\n${toText(results)}\n`);
  log(`written: bench/results/latest.json, bench/results/latest.md (logs in bench/.work/)`);
  if (errors.length) {
    process.exitCode = 1;
  }
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: stopping what the bench started`);
    void stopAll().finally(() => process.exit(130));
  });
}
process.once('exit', () => {
  killAllNow();
  rmSync(STATIC_FILE, { force: true });
});
const watchdog = setTimeout(() => {
  log(`the run took more than ${DEADLINE_MS / 60_000} minutes: stopping`);
  void stopAll().finally(() => process.exit(1));
}, DEADLINE_MS);
watchdog.unref();

main()
  .catch(async (error: unknown) => {
    console.error('[bench] failed:', error instanceof Error ? error.message : error);
    await stopAll();
    process.exitCode = 1;
  })
  .finally(() => clearTimeout(watchdog));
