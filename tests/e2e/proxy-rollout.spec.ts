/**
 * Rollouts and crashes drop nothing (docs/operations.md "Restarting",
 * docs/decisions/0085-rollouts-drop-nothing.md): with a real nginx from the deploy/ template, a
 * real Redis and three built site processes, a steady load of GETs through nginx while each
 * process is stopped (SIGTERM) and started again in turn, then one is killed (SIGKILL) and a
 * publication is made meanwhile: no request fails, and every process shows the publication.
 * `bench/rollout.ts` runs the same driver for the figures. No browser.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureNginx, startNginx, type Nginx } from '../../bench/lib/nginx';
import { stop, stopAll } from '../../bench/lib/processes';
import { PUBLISHED, phaseTable, runRollout } from '../../bench/lib/rollout';
import { expect, test } from './fixtures';
import { freePort, startSiteProcess, type SiteProcess } from './support/site-process';

const dirs: string[] = [];

test.afterAll(async () => {
  // Whatever a failed run left running, by pid (the driver stops what it started otherwise).
  await stopAll();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function workDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pari-boreal-rollout-'));
  dirs.push(dir);
  // nginx's workers drop root's privileges: they must reach their files inside.
  await chmod(dir, 0o755);
  return dir;
}

test('a rolling restart and a crash under load fail no request; every process shows a publication made meanwhile', async () => {
  // Three processes started, four times one restarted and waited for: about 22 s here.
  test.setTimeout(90_000);
  const result = await runRollout({
    root: process.cwd(),
    workDir: await workDir(),
    nginxBinary: await ensureNginx(() => undefined),
    processes: 3,
    // Every request reaches a process: nothing is answered from nginx's cache instead.
    variant: 'no-cache',
    // Modest: other tests run beside it on two cores.
    connections: 4,
    ratePerS: 80,
    steadyAnswers: 120,
    next: 'nginx',
    log: () => undefined,
  });
  const table = phaseTable(result);
  console.log(table.map((p) => JSON.stringify(p)).join('\n'));

  const failed = result.answers.filter((answer) => answer.failure !== undefined);
  expect(failed.slice(0, 10), `${failed.length} failed requests`).toEqual([]);
  // nginx did meet the stopped processes, and sent those requests on.
  expect(result.nginxMet.refused).toBeGreaterThan(0);
  expect(result.nginxMet.noneLeft).toBe(0);
  // The load went on through every phase, each restart included.
  for (const phase of table) expect(phase.requests, phase.name).toBeGreaterThan(0);
  expect(result.restarts.map((r) => `${r.signal} ${r.label}: ${r.exit}`)).toEqual([
    'SIGTERM p1: 0',
    'SIGTERM p2: 0',
    'SIGTERM p3: 0',
    'SIGKILL p2: SIGKILL',
  ]);

  // Sent to p1 while p2 was down; p3 showed the old page until Redis brought it the purge.
  const publication = result.publication;
  expect(publication).toMatchObject({
    to: 'p1',
    status: 200,
    summary: { scope: 'pages', broadcast: 'sent' },
    heardBy: 'p3',
  });
  expect(publication?.before).toMatch(/^Accueil\b/);
  expect(publication?.before).not.toContain(PUBLISHED.fr);
  expect(publication?.after.startsWith(PUBLISHED.fr)).toBe(true);
  // Each process, asked directly, and nginx show it.
  for (const shown of result.titles) {
    expect(shown.fr.startsWith(PUBLISHED.fr), `${shown.label}: ${shown.fr}`).toBe(true);
    expect(shown.en.startsWith(PUBLISHED.en), `${shown.label}: ${shown.en}`).toBe(true);
  }
  expect(result.throughNginx.startsWith(PUBLISHED.fr)).toBe(true);
});

test.describe('answers the site gives with a 5xx status', () => {
  const sites: SiteProcess[] = [];
  let nginx: Nginx | undefined;

  test.afterEach(async () => {
    if (nginx) await stop(nginx.process);
    for (const site of sites.splice(0)) {
      site.kill();
      await site.exited;
    }
    nginx = undefined;
  });

  test('are passed on, never retried nor counted against the processes', async () => {
    test.setTimeout(60_000);
    // The site's error pages answer with their code (/headless/err/503.html is the page of a
    // content outage). Were 502, 503 or 504 in proxy_next_upstream, nginx would try every
    // process for each and count each answer as a failure (max_fails): two such requests would
    // leave no process in the pool and every visitor a 502 for fail_timeout.
    sites.push(await startSiteProcess(), await startSiteProcess());
    const dir = await workDir();
    nginx = await startNginx({
      binary: await ensureNginx(() => undefined),
      root: process.cwd(),
      prefix: path.join(dir, 'nginx'),
      port: await freePort(),
      upstreamPorts: sites.map((site) => site.port),
      variant: 'no-cache',
      logFile: path.join(dir, 'nginx.log'),
    });
    const status = async (url: string) => {
      const res = await fetch(`${nginx?.origin ?? ''}${url}`, { redirect: 'manual' });
      await res.arrayBuffer();
      return res.status;
    };
    for (const code of [503, 502, 504]) {
      // Twice: what max_fails=2 would count against each process.
      expect(await status(`/headless/err/${code}.html`)).toBe(code);
      expect(await status(`/headless/err/${code}.html`)).toBe(code);
      const pages = [await status('/fr/accueil'), await status('/en/home')];
      expect(pages, `pages after two ${code} answers`).toEqual([200, 200]);
    }
  });
});
