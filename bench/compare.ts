/**
 * Two commits measured in one run (bench/README.md, "Before and after"): each is checked out in a
 * temporary worktree and built there, then the chosen parts of `bench/run.ts` run against one and
 * the other in turn, A B then B A per round, so the load the machine carries falls on both alike.
 * Each side is measured by its own commit's bench; the figures come from each run's latest.json.
 * Lighthouse is the exception: both builds run at once and this tree's harness audits each page
 * on one then the other, run by run (bench/lib/lighthouse-interleaved.ts), `--runs` times,
 * on every page type or `--pages`, with the sites' defaults or `--env` variables.
 *
 *   npx tsx bench/compare.ts --before=<ref> [--after=HEAD] [--only=bytes,server,navigation,lighthouse] [--rounds=2] [--runs=3]
 *     [--pages=/fr/accueil,…] [--env=NAME=value …]
 *
 * Prints the table and writes it to bench/results/compare-<before>-<after>.md.
 */
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { interleavedTable, lighthouseInterleaved } from './lib/lighthouse-interleaved';
import { run } from './lib/processes';

const root = process.cwd();
const args = process.argv.slice(2);
const option = (name: string, fallback: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const before = option('before', '');
const after = option('after', 'HEAD');
const parts = option('only', 'bytes,server,navigation').split(',');
const rounds = Number(option('rounds', '2'));
const lighthouseRuns = Number(option('runs', '3'));
// Lighthouse only: some page types (`--pages=/fr/accueil,/sports/fr`), and variables both sites
// get (`--env=CMP_API_KEY=…` , repeatable): a deployment's configuration instead of the defaults.
const pages = option('pages', '').split(',').filter(Boolean);
const siteEnv = Object.fromEntries(
  args
    .filter((a) => a.startsWith('--env='))
    .map((a) => a.slice('--env='.length))
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
if (!before || !Number.isInteger(rounds) || rounds < 1 || !Number.isInteger(lighthouseRuns)) {
  console.error(
    'usage: npx tsx bench/compare.ts --before=<ref> [--after=HEAD] [--only=…] [--rounds=N] [--runs=N]',
  );
  process.exit(2);
}

interface Side {
  name: 'before' | 'after';
  commit: string;
  dir: string;
  /** One figure set per round. */
  runs: Figures[];
}

/** The figures compared: name → value, as each side's bench wrote them. */
type Figures = Map<string, number>;

async function git(...gitArgs: string[]): Promise<string> {
  const result = await run('git', gitArgs, { cwd: root, timeoutMs: 120_000 });
  if (result.code !== 0) throw new Error(`git ${gitArgs.join(' ')}: ${result.output}`);
  return result.output.trim();
}

async function checkout(name: Side['name'], ref: string, base: string): Promise<Side> {
  const commit = (await git('rev-parse', '--short=10', `${ref}^{commit}`)).split('\n').pop() ?? '';
  const dir = path.join(base, name);
  await git('worktree', 'add', '--detach', dir, commit);
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  console.warn(`${name}: ${commit}, building`);
  const built = await run('npm', ['run', 'build'], { cwd: dir, timeoutMs: 600_000 });
  if (built.code !== 0) throw new Error(`${name}: the build failed\n${built.output.slice(-2000)}`);
  return { name, commit, dir, runs: [] };
}

type Json = Record<string, unknown>;
const at = (value: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Json)[k] : undefined), value);
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The figures of one run's latest.json that both commits' benches write. */
function figuresOf(results: Json): Figures {
  const figures: Figures = new Map();
  const put = (name: string, value: unknown) => {
    const n = num(value);
    if (n !== undefined) figures.set(name, n);
  };
  for (const row of (results.bytes as Json[] | undefined) ?? []) {
    const label = String(row.label);
    put(`${label}: JS before hydration, gzip B`, at(row, 'jsBeforeHydration', 'gzip'));
    put(`${label}: HTML, brotli B`, at(row, 'html', 'html', 'brotli'));
    put(`${label}: HTML, gzip B`, at(row, 'html', 'html', 'gzip'));
    put(`${label}: state, brotli B`, at(row, 'html', 'state', 'brotli'));
  }
  for (const nav of (results.navigation as Json[] | undefined) ?? []) {
    put(`navigation ×${String(nav.cpuSlowdown)}: median ms`, nav.medianMs);
    put(`navigation ×${String(nav.cpuSlowdown)}: new JS at most, B`, nav.maxNewJsBytes);
  }
  for (const page of (results.lighthouse as Json[] | undefined) ?? []) {
    const label = String(page.label);
    put(`${label}: Lighthouse performance`, at(page, 'scores', 'performance'));
    put(`${label}: Lighthouse LCP ms`, at(page, 'metrics', 'lcpMs'));
    put(`${label}: Lighthouse TBT ms`, at(page, 'metrics', 'tbtMs'));
  }
  const server = results.server;
  put('server: uncached, share of static', at(server, 'uncachedToStatic'));
  put('server: warm, share of static', at(server, 'warmToStatic'));
  put('server: render one at a time, p50 ms', at(server, 'uncachedPerRequest', 'p50Ms'));
  put('server: event loop p99 under load, ms', at(server, 'eventLoop', 'warm', 'p99Ms'));
  put('server: event loop p99 per visitor, ms', at(server, 'eventLoop', 'perVisitor', 'p99Ms'));
  return figures;
}

async function measure(side: Side, part: string, figures: Figures): Promise<void> {
  console.warn(`${side.name} (${side.commit}): ${part}`);
  const result = await run('npx', ['tsx', 'bench/run.ts', '--no-build', `--only=${part}`], {
    cwd: side.dir,
    timeoutMs: 30 * 60_000,
  });
  if (result.code !== 0) console.warn(`${side.name}: ${part} ended with ${String(result.code)}`);
  const json = JSON.parse(
    await readFile(path.join(side.dir, 'bench/results/latest.json'), 'utf8'),
  ) as Json;
  for (const [name, value] of figuresOf(json)) figures.set(name, value);
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] ?? NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const show = (n: number) =>
  Number.isInteger(n) ? n.toLocaleString('en') : n.toFixed(n < 10 ? 3 : 1);

function table(sides: [Side, Side]): string {
  const [a, b] = sides;
  const names = [...new Set(a.runs.flatMap((figures) => [...figures.keys()]))];
  const lines = [
    `| measure | before ${a.commit} | after ${b.commit} | change |`,
    '| --- | --- | --- | --- |',
  ];
  for (const name of names) {
    const of = (side: Side) =>
      side.runs.map((f) => f.get(name)).filter((v): v is number => v !== undefined);
    const [x, y] = [of(a), of(b)];
    if (x.length === 0 || y.length === 0) continue;
    const [mx, my] = [median(x), median(y)];
    const change = mx === 0 ? '' : `${my >= mx ? '+' : ''}${(((my - mx) / mx) * 100).toFixed(1)} %`;
    lines.push(`| ${name} | ${x.map(show).join(' / ')} | ${y.map(show).join(' / ')} | ${change} |`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const base = await mkdtemp(path.join(tmpdir(), 'bench-compare-'));
  const sides: Side[] = [];
  try {
    sides.push(await checkout('before', before, base), await checkout('after', after, base));
    const [a, b] = sides as [Side, Side];
    const perRound = parts.filter((part) => part !== 'lighthouse');
    const lighthouse = parts.includes('lighthouse')
      ? interleavedTable(
          [a, b],
          await lighthouseInterleaved([a, b], lighthouseRuns, path.join(base, 'lighthouse'), {
            pages,
            env: siteEnv,
          }),
        )
      : '';
    for (let round = 0; round < (perRound.length ? rounds : 0); round += 1) {
      const order = round % 2 === 0 ? [a, b] : [b, a];
      const figures = order.map((): Figures => new Map());
      for (const part of perRound) {
        for (const [i, side] of order.entries())
          await measure(side, part, figures[i] ?? new Map<string, number>());
      }
      order.forEach((side, i) => side.runs.push(figures[i] ?? new Map<string, number>()));
    }
    const text = [
      `# ${a.commit} against ${b.commit}`,
      '',
      `\`npx tsx bench/compare.ts --before=${before} --after=${after} --only=${parts.join(',')} --rounds=${String(rounds)} --runs=${String(lighthouseRuns)}${pages.length ? ` --pages=${pages.join(',')}` : ''}${Object.entries(
        siteEnv,
      )
        .map(([k, v]) => ` --env=${k}=${v}`)
        .join('')}\`,`,
      `${new Date().toISOString().slice(0, 16)} UTC. Each cell lists the rounds' figures (the order`,
      'alternates: before then after, after then before); the change compares their medians.',
      '',
      ...(perRound.length ? [table([a, b]), ''] : []),
      ...(lighthouse
        ? [
            `## Lighthouse, interleaved run by run (${String(lighthouseRuns)} runs of each build per page, mobile, simulated throttling)`,
            '',
            'Each page is audited on one build then the other, the order alternating per run; the',
            'ratio is after/before of the medians.',
            '',
            lighthouse,
            '',
          ]
        : []),
    ].join('\n');
    console.log(text);
    await writeFile(path.join(root, `bench/results/compare-${a.commit}-${b.commit}.md`), text);
  } finally {
    for (const side of sides) await git('worktree', 'remove', '--force', side.dir).catch(() => '');
    await rm(base, { recursive: true, force: true });
  }
}

await main();
