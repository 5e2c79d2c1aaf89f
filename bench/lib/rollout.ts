/**
 * A rollout and a crash under load, behind the deploy/ nginx template (docs/operations.md
 * "Restarting", docs/decisions/0085-rollouts-drop-nothing.md): a real Redis, the stand-ins over a
 * copy of the demo content, site processes built for production and nginx in front; a steady load
 * of GETs through nginx while each process in turn is stopped (SIGTERM) and started again on its
 * port, then one is killed (SIGKILL) and a publication is made while it is down. Shared by
 * `bench/rollout.ts` (the figures) and `tests/e2e/proxy-rollout.spec.ts` (zero failures).
 */
import { chmod, mkdir, readFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { standInVariables, startDemoStandIns, type EmbeddedServices } from '../../embedded/server';
import { metricValue, parseMetrics } from '../../testing/metrics';
import { copyDemoContent, type ContentCopy } from '../../testing/stand-ins';
import { redisServer, type RedisServer } from '../../tests/e2e/support/redis';
import { startNginx, type Nginx } from './nginx';
import { stop, waitForUrl } from './processes';
import { LOGICAL_DATE, startSite, type Site } from './site';
import { percentile, startSteadyLoad, type Answer, type SteadyLoad } from './steady-load';

const SERVER_NAME = 'www.pari.example';
const TOKEN = 'rollout-publish-token-0123456789abcdefghijkl';
/** Six page types, as a visitor asks them (the body as browsers take it: brotli). */
const PAGES = [
  '/fr/accueil',
  '/fr/promotions',
  '/fr/gagnants',
  '/fr/billets-gagnants',
  '/fr/chroniques',
  '/en/home',
];
export const PUBLISHED = {
  node: '/pari-boreal/accueil',
  fr: 'Accueil publié',
  en: 'Home published',
};
/** Longer than the drain's bound (docs/operations.md "Stopping"): a SIGKILL after it is a fault. */
const STOP_WAIT_MS = 12_000;
/** Bounds of the waits on conditions below: they only catch a hang, never pace the run. */
const WAIT_MS = 30_000;

export interface RolloutOptions {
  root: string;
  /** Logs, nginx's prefix and cache (kept: the caller removes it). */
  workDir: string;
  nginxBinary: string;
  /**
   * Site processes behind nginx, at least 2. With 3 or more, the crash and the publication follow
   * the restarts (one process down, one sent the hook, one hearing it through Redis).
   */
  processes: number;
  /** The template as it is, or with `proxy_cache off` (every request reaches a process). */
  variant: 'cache' | 'no-cache';
  connections: number;
  ratePerS: number;
  /** Answers of the steady phases before the first restart and after the last. */
  steadyAnswers: number;
  /**
   * When the next process is stopped: once nginx sends the restarted one requests again (its
   * `max_fails`/`fail_timeout` have let it back), or as soon as its `/readyz` answers 200.
   */
  next: 'nginx' | 'readyz';
  log: (line: string) => void;
}

interface Slot {
  label: string;
  port: number;
  metricsPort: number;
  env: Record<string, string>;
  logFile: string;
}

interface Member extends Slot {
  site: Site;
  /** How many times it was started. */
  starts: number;
}

interface Bed {
  content: ContentCopy;
  embedded: EmbeddedServices;
  redis: RedisServer;
  members: Member[];
  nginx: Nginx;
}

export interface Phase {
  name: string;
  start: number;
  end: number;
}

export interface PhaseFigures {
  name: string;
  seconds: number;
  requests: number;
  failures: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface Restart {
  label: string;
  signal: 'SIGTERM' | 'SIGKILL';
  /** How it ended: `0` for a clean drain, `SIGKILL` when killed. */
  exit: string;
  /** From the signal to the exit. */
  stopMs: number;
  /** From the start to `/readyz` 200. */
  startMs: number;
  /** From `/readyz` 200 to nginx's first request to it (0 when not waited for). */
  rejoinMs: number;
}

export interface Publication {
  to: string;
  status: number;
  summary: unknown;
  /** The process that heard it through Redis, its title before the hook and after. */
  heardBy: string;
  before: string;
  after: string;
  heardMs: number;
}

export interface RolloutResult {
  answers: Answer[];
  phases: Phase[];
  restarts: Restart[];
  /** With 3 processes or more. */
  publication: Publication | undefined;
  /** `/fr/accueil` and `/en/home` of each process, asked directly once the load has stopped. */
  titles: { label: string; fr: string; en: string }[];
  /** `/fr/accueil` through nginx once the load has stopped (after the publication, its title). */
  throughNginx: string;
  /** What nginx met, from its error log: each line a request it sent on or answered 502. */
  nginxMet: NginxMet;
}

interface NginxMet {
  /** Connections a stopped process refused. */
  refused: number;
  /** Connections reset or closed before the answer's headers (a kill, a drain's close). */
  closed: number;
  /** Requests for which no process was left ("no live upstreams": a 502). */
  noneLeft: number;
}

async function nginxMet(options: RolloutOptions): Promise<NginxMet> {
  const log = await readFile(path.join(options.workDir, 'nginx', 'error.log'), 'utf8');
  const count = (pattern: RegExp) => log.split('\n').filter((line) => pattern.test(line)).length;
  return {
    refused: count(/Connection refused\) while connecting to upstream/),
    closed: count(/Connection reset by peer|Broken pipe|upstream prematurely closed connection/),
    noneLeft: count(/no live upstreams/),
  };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Polls `check` until it holds; the bound only catches a hang. Resolves with the time taken. */
async function waitFor(what: string, check: () => Promise<boolean> | boolean): Promise<number> {
  const started = Date.now();
  const holds = async () => {
    try {
      return await check();
    } catch {
      return false;
    }
  };
  while (!(await holds())) {
    if (Date.now() - started > WAIT_MS) throw new Error(`${what}: not within ${WAIT_MS} ms`);
    await sleep(50);
  }
  return Date.now() - started;
}

const bodyTitle = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';

/** The `<title>` of `path` at `origin`; throws unless it answers 200. */
async function title(origin: string, pagePath = '/fr/accueil'): Promise<string> {
  const res = await fetch(`${origin}${pagePath}`, { redirect: 'manual' });
  const html = await res.text();
  if (res.status !== 200) throw new Error(`${origin}${pagePath}: ${res.status}`);
  return bodyTitle(html);
}

async function logCount(member: Slot, text: string): Promise<number> {
  const log = await readFile(member.logFile, 'utf8').catch(() => '');
  return log.split(text).length - 1;
}

/** Pages this process has answered since it started: nginx's requests, once it sends them. */
async function pageRequests(member: Slot): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${member.metricsPort}/metrics`);
  const samples = parseMetrics(await res.text());
  return metricValue(samples, 'http_request_duration_seconds_count', { route: 'page' });
}

/** Starts the process of `slot` and waits until its `/readyz` answers 200. */
async function launch(slot: Slot, options: RolloutOptions): Promise<Site> {
  const site = await startSite({
    root: options.root,
    port: slot.port,
    logDir: path.dirname(slot.logFile),
    env: slot.env,
    label: slot.label,
  });
  await waitForUrl(`${site.origin}/readyz`, site.process, WAIT_MS);
  return site;
}

/** Starts every process at once; each one started is in `into`, even when another fails. */
async function startMembers(
  options: RolloutOptions,
  common: Record<string, string>,
  into: Member[],
): Promise<void> {
  const logDir = path.join(options.workDir, 'logs');
  await mkdir(logDir, { recursive: true });
  const slots: Slot[] = [];
  for (let i = 1; i <= options.processes; i += 1) {
    const [port, metricsPort] = [await freePort(), await freePort()];
    slots.push({
      label: `p${i}`,
      port,
      metricsPort,
      env: { ...common, METRICS_PORT: String(metricsPort) },
      // The name bench/lib/site.ts gives it.
      logFile: path.join(logDir, `site-p${i}-${port}.log`),
    });
  }
  const launched = await Promise.allSettled(
    slots.map(async (slot) => {
      into.push({ ...slot, site: await launch(slot, options), starts: 1 });
    }),
  );
  const failed = launched.find(
    (outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected',
  );
  if (failed) throw failed.reason;
  into.sort((a, b) => a.label.localeCompare(b.label));
}

/** Redis, the stand-ins over a copy of the content, the processes, nginx; stopped by `closeBed`. */
async function startBed(options: RolloutOptions, started: Partial<Bed>): Promise<Bed> {
  // nginx's workers drop root's privileges: they must reach their prefix inside.
  await mkdir(options.workDir, { recursive: true });
  await chmod(options.workDir, 0o755);
  started.content = copyDemoContent();
  started.embedded = await startDemoStandIns(LOGICAL_DATE, { contentDir: started.content.dir });
  started.redis = await redisServer(await freePort());
  await started.redis.start();
  started.members = [];
  await startMembers(
    options,
    {
      ...standInVariables(started.embedded.origin),
      PUBLIC_ORIGIN: `https://${SERVER_NAME}`,
      PUBLISH_HOOK_TOKEN: TOKEN,
      REDIS_URL: started.redis.url,
      // Lifetimes far past the run: only the publication can change what a process shows.
      CONTENT_CACHE_TTL: '300',
      // Its purge lines at info; no access line per request (thousands of them).
      LOG_LEVEL: 'info',
      ACCESS_LOG_LEVEL: 'debug',
    },
    started.members,
  );
  started.nginx = await startNginx({
    binary: options.nginxBinary,
    root: options.root,
    prefix: path.join(options.workDir, 'nginx'),
    port: await freePort(),
    upstreamPorts: started.members.map((member) => member.port),
    variant: options.variant,
    logFile: path.join(options.workDir, 'logs', 'nginx.log'),
    serverName: SERVER_NAME,
  });
  return started as Bed;
}

async function closeBed(bed: Partial<Bed>): Promise<void> {
  const quietly = (promise: Promise<unknown> | undefined) => promise?.catch(() => undefined);
  await quietly(bed.nginx && stop(bed.nginx.process));
  for (const member of bed.members ?? []) await quietly(stop(member.site.process));
  await quietly(bed.redis?.close());
  await quietly(bed.embedded?.close());
  bed.content?.remove();
}

/** Every process renders and keeps each page (as after some traffic) and shows the old title. */
async function warm(bed: Bed): Promise<void> {
  for (const member of bed.members) {
    for (const page of PAGES) await title(member.site.origin, page);
    if (!/^Accueil\b/.test(await title(member.site.origin))) {
      throw new Error(`${member.label}: not the demo content's home page`);
    }
    await waitFor(`${member.label} listening for purges`, async () => {
      return (await logCount(member, 'listening for purges')) >= member.starts;
    });
  }
}

/**
 * The content changes and the hook is sent to `to`, straight (the route is not the public's):
 * `heard` shows the old page until Redis brings it the purge, then the new one.
 */
async function publish(bed: Bed, to: Member, heard: Member): Promise<Publication> {
  await waitFor(`${heard.label} listening for purges`, async () => {
    return (await logCount(heard, 'listening for purges')) >= heard.starts;
  });
  // Restarted a moment ago, it may not have been asked for the page yet: it renders and keeps
  // it now, from the content as it was.
  await title(heard.site.origin);
  bed.content.edit('pages/accueil.json', (page) => {
    page.title = { fr: PUBLISHED.fr, en: PUBLISHED.en };
  });
  bed.embedded.reload();
  const before = await title(heard.site.origin);
  const res = await fetch(`${to.site.origin}/_hooks/content-published`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ nodes: [PUBLISHED.node] }),
  });
  const summary: unknown = await res.json();
  const heardMs = await waitFor(`${heard.label} hears the publication`, async () =>
    (await title(heard.site.origin)).startsWith(PUBLISHED.fr),
  );
  const after = await title(heard.site.origin);
  return {
    to: to.label,
    status: res.status,
    summary,
    heardBy: heard.label,
    before,
    after,
    heardMs,
  };
}

/**
 * Stops `member` with `signal`, runs `meanwhile` while it is down, starts it again on its port
 * and waits for `/readyz`, then (`next: 'nginx'`) for nginx to send it requests again.
 */
async function restart(
  member: Member,
  signal: 'SIGTERM' | 'SIGKILL',
  options: RolloutOptions,
  meanwhile: () => Promise<void> = () => Promise.resolve(),
): Promise<Restart> {
  const signalled = Date.now();
  await stop(member.site.process, signal, STOP_WAIT_MS);
  const exit = member.site.process.exit ?? 'running';
  const stopMs = Date.now() - signalled;
  await meanwhile();
  const starting = Date.now();
  member.site = await launch(member, options);
  member.starts += 1;
  const startMs = Date.now() - starting;
  const rejoinMs =
    options.next === 'nginx'
      ? await waitFor(`nginx sends ${member.label} requests`, async () => {
          return (await pageRequests(member)) > 0;
        })
      : 0;
  options.log(
    `  ${signal} ${member.label}: exit ${exit} after ${stopMs} ms, ready ${startMs} ms after its start, requests from nginx ${rejoinMs} ms later`,
  );
  return { label: member.label, signal, exit, stopMs, startMs, rejoinMs };
}

class Phases {
  readonly list: Phase[] = [];
  begin(name: string): void {
    this.end();
    this.list.push({ name, start: Date.now(), end: Number.POSITIVE_INFINITY });
  }
  end(): void {
    const last = this.list.at(-1);
    if (last && last.end === Number.POSITIVE_INFINITY) last.end = Date.now();
  }
}

async function steady(load: SteadyLoad, answers: number): Promise<void> {
  const target = load.count() + answers;
  await waitFor(`${answers} answers`, () => load.count() >= target);
}

/** The restarts, the crash and the publication, under the load; the phases as they went. */
async function drive(bed: Bed, load: SteadyLoad, options: RolloutOptions, phases: Phases) {
  const restarts: Restart[] = [];
  phases.begin('steady, before');
  await steady(load, options.steadyAnswers);
  for (const member of bed.members) {
    phases.begin(`SIGTERM ${member.label}, until back`);
    restarts.push(await restart(member, 'SIGTERM', options));
  }
  const [to, killed, heard] = bed.members;
  const made: { publication?: Publication } = {};
  if (to && killed && heard) {
    phases.begin(`SIGKILL ${killed.label} + publication, until back`);
    restarts.push(
      await restart(killed, 'SIGKILL', options, async () => {
        made.publication = await publish(bed, to, heard);
      }),
    );
  }
  phases.begin('steady, after');
  await steady(load, options.steadyAnswers);
  return { restarts, publication: made.publication };
}

export async function runRollout(options: RolloutOptions): Promise<RolloutResult> {
  if (options.processes < 2) throw new Error('a rollout needs 2 processes or more');
  const started: Partial<Bed> = {};
  try {
    const bed = await startBed(options, started);
    await warm(bed);
    const phases = new Phases();
    const load = startSteadyLoad({
      origin: bed.nginx.origin,
      paths: PAGES,
      connections: options.connections,
      ratePerS: options.ratePerS,
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    let driven: Awaited<ReturnType<typeof drive>>;
    let answers: Answer[] = [];
    try {
      driven = await drive(bed, load, options, phases);
    } finally {
      phases.end();
      answers = await load.stop();
    }
    const titles: RolloutResult['titles'] = [];
    for (const member of bed.members) {
      const fr = await title(member.site.origin);
      titles.push({ label: member.label, fr, en: await title(member.site.origin, '/en/home') });
    }
    // Through nginx's cache it shows once the kept copy is revalidated (X-Accel-Expires).
    if (driven.publication) {
      await waitFor('the publication through nginx', async () =>
        (await title(bed.nginx.origin)).startsWith(PUBLISHED.fr),
      );
    }
    const throughNginx = await title(bed.nginx.origin);
    const met = await nginxMet(options);
    return { answers, phases: phases.list, ...driven, titles, throughNginx, nginxMet: met };
  } finally {
    await closeBed(started);
  }
}

/** Requests, failures and latencies of the answers whose request started within `ranges`. */
export function figures(answers: Answer[], name: string, ranges: Phase[]): PhaseFigures {
  const within = answers.filter((a) => ranges.some((r) => a.at >= r.start && a.at < r.end));
  const ms = within.map((a) => a.ms).sort((a, b) => a - b);
  const seconds = ranges.reduce((sum, r) => sum + (r.end - r.start), 0) / 1000;
  return {
    name,
    seconds: Number(seconds.toFixed(1)),
    requests: within.length,
    failures: within.filter((a) => a.failure !== undefined).length,
    p50Ms: Number(percentile(ms, 0.5).toFixed(1)),
    p99Ms: Number(percentile(ms, 0.99).toFixed(1)),
    maxMs: Number((ms.at(-1) ?? 0).toFixed(1)),
  };
}

/** The figures of each phase, then of the restarts together against the steady phases. */
export function phaseTable(result: RolloutResult): PhaseFigures[] {
  const steadyPhases = result.phases.filter((p) => p.name.startsWith('steady'));
  const restartPhases = result.phases.filter((p) => !p.name.startsWith('steady'));
  return [
    ...result.phases.map((p) => figures(result.answers, p.name, [p])),
    figures(result.answers, 'all steady phases', steadyPhases),
    figures(result.answers, 'all restart phases', restartPhases),
  ];
}
