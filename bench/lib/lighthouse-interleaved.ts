/**
 * Lighthouse on two builds, interleaved run by run (bench/README.md, "Before and after"): both
 * sites run at once, one Chromium audits each page on one then the other, the order alternating
 * per run, so that a machine whose speed drifts (Lighthouse's `benchmarkIndex` moves by half here
 * within an hour) weighs on both alike. One harness, this tree's, measures both builds.
 */
import { mkdir } from 'node:fs/promises';
import { audit, startChromium, stopChromium, type LighthouseRow } from './lighthouse';
import { PAGE_TYPES } from './pages';
import { stop } from './processes';
import { startSite, type Site } from './site';

export interface BuildUnderTest {
  name: string;
  commit: string;
  /** A worktree with the build in dist/. */
  dir: string;
}

/** Every run of every page, per build, in the order they were taken. */
export type InterleavedRuns = Map<string, Map<string, LighthouseRow[]>>;

const PORTS = { sites: [4781, 4782], chromium: 4789 };

export interface InterleavedOptions {
  /** The page types' paths to audit; all of them when empty. */
  pages?: readonly string[];
  /** Variables both sites get (a deployment's configuration). */
  env?: Record<string, string>;
}

export async function lighthouseInterleaved(
  builds: readonly [BuildUnderTest, BuildUnderTest],
  runs: number,
  workDir: string,
  options: InterleavedOptions = {},
): Promise<InterleavedRuns> {
  const chosen = PAGE_TYPES.filter(
    (page) => !options.pages?.length || options.pages.includes(page.path),
  );
  const sites: Site[] = [];
  const result: InterleavedRuns = new Map(
    builds.map((b) => [b.name, new Map<string, LighthouseRow[]>()]),
  );
  await mkdir(workDir, { recursive: true });
  const browser = await startChromium(PORTS.chromium, workDir);
  try {
    for (const [i, build] of builds.entries())
      sites.push(
        await startSite({
          root: build.dir,
          port: PORTS.sites[i] ?? 4780 + i,
          logDir: workDir,
          label: build.name,
          ...(options.env ? { env: options.env } : {}),
        }),
      );
    for (let run = 0; run < runs; run += 1) {
      const order = run % 2 === 0 ? [0, 1] : [1, 0];
      for (const page of chosen) {
        for (const i of order) {
          const build = builds[i];
          const site = sites[i];
          if (!build || !site) continue;
          const row = await auditPage(browser, site.origin, page, workDir);
          const rows = result.get(build.name);
          rows?.set(page.path, [...(rows.get(page.path) ?? []), row]);
          console.warn(
            `run ${String(run + 1)}/${String(runs)} ${build.name} ${page.path}: LCP ${String(row.metrics.lcpMs)} ms, TBT ${String(row.metrics.tbtMs)} ms, benchmarkIndex ${String(row.benchmarkIndex)}${row.runtimeError ? `, ${row.runtimeError}` : ''}`,
          );
        }
      }
    }
  } finally {
    for (const site of sites) await stop(site.process);
    await stopChromium(browser);
  }
  return result;
}

/** A page with an error status is audited with `--ignore-status-code`: its figures, not its refusal. */
async function auditPage(
  browser: Awaited<ReturnType<typeof startChromium>>,
  origin: string,
  page: { label: string; path: string },
  workDir: string,
): Promise<LighthouseRow> {
  const options = { scratchDir: workDir, timeoutMs: 150_000 };
  let row = await audit(browser, origin, page, { ...options, ignoreStatusCode: false });
  if (row.status !== 200)
    row = await audit(browser, origin, page, { ...options, ignoreStatusCode: true });
  // A run that failed for a reason of its own (a trace not recorded) is repeated, at most twice.
  for (let retry = 0; retry < 2 && row.runtimeError; retry += 1)
    row = await audit(browser, origin, page, { ...options, ignoreStatusCode: row.status !== 200 });
  return row;
}

const median = (values: readonly number[]): number | undefined => {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const numbers = (
  rows: readonly LighthouseRow[],
  pick: (row: LighthouseRow) => number | null | undefined,
) => rows.map(pick).filter((v): v is number => typeof v === 'number');

/**
 * The table: per page type, each build's runs and median of LCP, TBT and FCP, the after/before
 * ratio of the medians, and the benchmarkIndex the runs saw.
 */
export function interleavedTable(
  builds: readonly [BuildUnderTest, BuildUnderTest],
  runs: InterleavedRuns,
): string {
  const [a, b] = builds;
  const lines = [
    `| page | metric | ${a.name} ${a.commit} (runs) | median | ${b.name} ${b.commit} (runs) | median | ratio |`,
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  const metrics: [string, (row: LighthouseRow) => number | null | undefined][] = [
    ['LCP ms', (row) => row.metrics.lcpMs],
    ['TBT ms', (row) => row.metrics.tbtMs],
    ['FCP ms', (row) => row.metrics.fcpMs],
    ['performance', (row) => row.scores.performance],
  ];
  for (const page of PAGE_TYPES) {
    if (!runs.get(a.name)?.has(page.path)) continue;
    const rowsA = runs.get(a.name)?.get(page.path) ?? [];
    const rowsB = runs.get(b.name)?.get(page.path) ?? [];
    for (const [metric, pick] of metrics) {
      const [x, y] = [numbers(rowsA, pick), numbers(rowsB, pick)];
      const [mx, my] = [median(x), median(y)];
      const ratio = mx && my !== undefined ? (my / mx).toFixed(2) : '';
      lines.push(
        `| ${page.path} | ${metric} | ${x.join(' / ')} | ${mx ?? ''} | ${y.join(' / ')} | ${my ?? ''} | ${ratio} |`,
      );
    }
  }
  const index = [...runs.values()].flatMap((pages) =>
    [...pages.values()].flatMap((rows) => numbers(rows, (row) => row.benchmarkIndex)),
  );
  lines.push(
    '',
    `Lighthouse's benchmarkIndex over the runs: ${String(Math.min(...index))} to ${String(Math.max(...index))}, median ${String(median(index) ?? '')}.`,
  );
  return lines.join('\n');
}
