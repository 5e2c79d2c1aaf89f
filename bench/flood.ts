/**
 * The two endpoints browsers post to, under one client's flood (docs/decisions/0082-limits-per-visitor.md,
 * docs/decisions/0087-beacons-that-cannot-lie.md): `npx tsx bench/flood.ts` after `npm run build`.
 * Redis, two site processes and the deploy/ nginx template in front, as deployed. Honest visitors,
 * each from its own loopback address (127.0.1.1…), make one page view each: its token, its beacon
 * (values drawn from a fixed distribution) and one error report. First `FLOOD_VISITORS` (300) of
 * them alone, then the flood: one client (127.0.0.66) on 16 connections asking for tokens, sending
 * beacons of the largest values the site accepts and error reports, for `FLOOD_SECONDS` (15),
 * while a third more honest visitors keep coming. Prints and writes bench/results/flood.md: each
 * endpoint's answers to the flood and to the honest visitors, and the p75 of every histogram, as
 * the honest page views alone gave it and after the flood. Every process is stopped by pid.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { intFromEnv } from './lib/load';
import { ensureNginx, nginxVersion, startNginx } from './lib/nginx';
import { runBench } from './lib/processes';
import { startSite } from './lib/site';
import { histogramQuantile, metricValue, parseMetrics, type Sample } from '../testing/metrics';
import { postFrom } from '../tests/e2e/support/raw-http';
import { redisServer } from '../tests/e2e/support/redis';
import { freePort } from '../tests/e2e/support/site-process';

const root = process.cwd();
const work = path.join(root, 'bench/.work/flood');
const log = (line: string): void => console.log(`[flood] ${line}`);
const visitors = intFromEnv('FLOOD_VISITORS', 300, 10, 5000);
const floodSeconds = intFromEnv('FLOOD_SECONDS', 15, 1, 120);
const FLOODER = '127.0.0.66';
const FLOOD_CONNECTIONS = 16;

type Endpoint = 'view' | 'beacon' | 'report';
const PATHS: Record<Endpoint, string> = {
  view: '/_vitals/view',
  beacon: '/_vitals',
  report: '/_errors',
};

/** A POST from `from`; a connection refused or reset reads as status 0, counted as such. */
const post = (origin: string, url: string, body: string, from: string) =>
  postFrom(origin, url, body, from).catch(() => ({ status: 0, body: '' }));

/** Statuses per endpoint, for one kind of client. */
type Tally = Record<Endpoint, Map<number, number>>;
const tally = (): Tally => ({ view: new Map(), beacon: new Map(), report: new Map() });
const count = (into: Tally, endpoint: Endpoint, status: number) =>
  into[endpoint].set(status, (into[endpoint].get(status) ?? 0) + 1);

/** A fixed sequence of numbers in [0, 1) (mulberry32): the same visitors every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A log-normal draw around `median` (spread 0.6), from two uniform draws. */
const around = (next: () => number, median: number) =>
  median * Math.exp(0.6 * Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()));

/** A phone's page view on a provincial network: the values a real beacon would carry. */
function honestMetrics(next: () => number): Record<string, number> {
  const TTFB = Math.round(around(next, 350));
  const FCP = TTFB + Math.round(around(next, 900));
  const LCP = FCP + Math.round(around(next, 500));
  const INP = 8 * Math.max(1, Math.round(around(next, 120) / 8));
  const CLS = next() < 0.7 ? 0 : Math.round(around(next, 0.05) * 10_000) / 10_000;
  return { TTFB, FCP, LCP, INP, CLS };
}

const EXTREME = { TTFB: 299_000, FCP: 299_500, LCP: 300_000, INP: 59_992, CLS: 50 };
const REPORT = JSON.stringify({
  kind: 'render',
  block: 'carrousel',
  page: 'content',
  message: 'x',
});
const beaconOf = (view: string, metrics: Record<string, number>) =>
  JSON.stringify({ view, page: 'content', navigation: 'load', metrics });

/** The n-th honest visitor's address: 127.0.1.1, 127.0.1.2… 127.0.1.250, 127.0.2.1… */
const addressOf = (n: number) => `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;

async function honestVisitor(origin: string, n: number, into: Tally, values: number[][]) {
  const from = addressOf(n);
  const metrics = honestMetrics(random(n + 1));
  values.push(Object.values(metrics));
  const view = await post(origin, PATHS.view, '', from);
  count(into, 'view', view.status);
  if (view.status === 200) {
    count(
      into,
      'beacon',
      (await post(origin, PATHS.beacon, beaconOf(view.body, metrics), from)).status,
    );
  }
  count(into, 'report', (await post(origin, PATHS.report, REPORT, from)).status);
}

/** `count` honest visitors, one after another on 4 connections, `gapMs` apart on each. */
async function honestVisitors(
  origin: string,
  first: number,
  many: number,
  gapMs: number,
  into: Tally,
  values: number[][],
) {
  let next = first;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < first + many) {
        const n = next;
        next += 1;
        await honestVisitor(origin, n, into, values);
        if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
      }
    }),
  );
}

async function flood(origin: string, until: number, into: Tally) {
  let last = 'A'.repeat(22);
  await Promise.all(
    Array.from({ length: FLOOD_CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const view = await post(origin, PATHS.view, '', FLOODER);
        count(into, 'view', view.status);
        if (view.status === 200) last = view.body;
        count(
          into,
          'beacon',
          (await post(origin, PATHS.beacon, beaconOf(last, EXTREME), FLOODER)).status,
        );
        count(into, 'report', (await post(origin, PATHS.report, REPORT, FLOODER)).status);
      }
    }),
  );
}

const FAMILIES = ['lcp_seconds', 'fcp_seconds', 'ttfb_seconds', 'inp_seconds', 'cls'];
const NAMES = ['TTFB', 'FCP', 'LCP', 'INP', 'CLS'];

/** The exact p75 of the honest values of one metric, in the histogram's unit. */
function exactP75(values: number[][], family: string): number {
  const index = NAMES.indexOf(
    family === 'cls' ? 'CLS' : (family.split('_')[0]?.toUpperCase() ?? ''),
  );
  const sorted = values.map((row) => row[index] ?? 0).sort((a, b) => a - b);
  const value = sorted[Math.ceil(0.75 * sorted.length) - 1] ?? NaN;
  return family === 'cls' ? value : value / 1000;
}

const beaconsOf = (into: Tally): number => into.beacon.get(204) ?? 0;

function statusCell(map: Map<number, number>): string {
  return [...map]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
}

function report(options: {
  version: string;
  honest: Tally;
  flooded: Tally;
  values: number[][];
  before: Sample[];
  after: Sample[];
}): string {
  const { honest, flooded, values, before, after } = options;
  const endpointRows = (['view', 'beacon', 'report'] as const).map(
    (e) => `| \`POST ${PATHS[e]}\` | ${statusCell(flooded[e])} | ${statusCell(honest[e])} |`,
  );
  const p75Rows = FAMILIES.map((family) => {
    const f = `web_vitals_${family}`;
    const cells = [
      exactP75(values, family),
      histogramQuantile(0.75, before, f),
      histogramQuantile(0.75, after, f),
    ];
    return `| \`${f}\` | ${cells.map((v) => v.toFixed(3)).join(' | ')} |`;
  });
  const counters = [
    ['web_vitals_beacons_total', {}],
    ['web_vitals_refused_total', { reason: 'rate-limited' }],
    ['web_vitals_refused_total', { reason: 'unknown-view' }],
    ['web_vitals_views_total', { outcome: 'issued' }],
    ['client_errors_total', {}],
    ['client_errors_refused_total', { reason: 'rate-limited' }],
  ] as const;
  const counterRows = counters.map(
    ([name, labels]) =>
      `| \`${name}${Object.keys(labels).length ? JSON.stringify(labels).replace(/"/g, '') : ''}\` | ${metricValue(before, name, labels)} | ${metricValue(after, name, labels)} |`,
  );
  return [
    `# Browsers' endpoints under one client's flood`,
    '',
    `\`npx tsx bench/flood.ts\`: Redis, 2 site processes, the deploy/ nginx template (${options.version}) in front. ${visitors} honest visitors alone (each its own address: one page view's token, beacon and error report), then one client on ${FLOOD_CONNECTIONS} connections for ${floodSeconds} s (tokens, beacons of the largest values accepted, reports) while ${Math.round(visitors / 3)} more honest visitors come.`,
    '',
    '## Answers by endpoint',
    '',
    '| endpoint | the flooding client | honest visitors (all phases) |',
    '| --- | --- | --- |',
    ...endpointRows,
    '',
    '## Counters (both processes)',
    '',
    '| counter | honest visitors alone | after the flood |',
    '| --- | --- | --- |',
    ...counterRows,
    '',
    '## p75 of each histogram (seconds; CLS a score)',
    '',
    `The flood's beacons heard: ${String(beaconsOf(flooded))} of ${String(metricValue(after, 'web_vitals_beacons_total'))} (each a page view's token, taken once; the address's share of page views is 4, then one every 10 s).`,
    '',
    '| histogram | exact, every honest value | histogram, honest alone | histogram, after the flood |',
    '| --- | --- | --- | --- |',
    ...p75Rows,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const binary = await ensureNginx(log);
  const redis = await redisServer(await freePort());
  await redis.start();
  try {
    const metricsPorts = [await freePort(), await freePort()];
    const sites = [];
    for (const [i, metricsPort] of metricsPorts.entries()) {
      sites.push(
        await startSite({
          root,
          port: await freePort(),
          logDir: work,
          label: String(i + 1),
          env: {
            RUM_SAMPLE_RATE: '1',
            TRUSTED_PROXIES: '127.0.0.1',
            REDIS_URL: redis.url,
            METRICS_PORT: String(metricsPort),
            LOG_LEVEL: 'error',
          },
        }),
      );
    }
    const nginx = await startNginx({
      binary,
      root,
      prefix: path.join(work, 'nginx'),
      port: await freePort(),
      upstreamPorts: sites.map((site) => site.port),
      variant: 'cache',
      logFile: path.join(work, 'nginx.log'),
    });
    const scrape = async () =>
      (
        await Promise.all(
          metricsPorts.map(async (port) =>
            (await fetch(`http://127.0.0.1:${port}/metrics`)).text(),
          ),
        )
      ).flatMap(parseMetrics);
    const honest = tally();
    const flooded = tally();
    const values: number[][] = [];
    log(`${visitors} honest visitors`);
    await honestVisitors(nginx.origin, 0, visitors, 0, honest, values);
    const before = await scrape();
    log(`the flood, ${floodSeconds} s`);
    const more = Math.round(visitors / 3);
    await Promise.all([
      flood(nginx.origin, Date.now() + floodSeconds * 1000, flooded),
      honestVisitors(
        nginx.origin,
        visitors,
        more,
        Math.round((floodSeconds * 1000 * 4) / more),
        honest,
        values,
      ),
    ]);
    const after = await scrape();
    const text = report({
      version: await nginxVersion(binary),
      honest,
      flooded,
      values,
      before,
      after,
    });
    console.log(text);
    await writeFile(path.join(root, 'bench/results/flood.md'), text);
  } finally {
    await redis.close();
  }
}

runBench('flood', 10, main);
