/**
 * Rollouts and crashes under load (docs/operations.md "Restarting",
 * docs/decisions/0085-rollouts-drop-nothing.md): `npx tsx bench/rollout.ts` after `npm run build`.
 * The driver of bench/lib/rollout.ts, run four ways:
 *   - 3 processes behind nginx with `proxy_cache off` (every request reaches a process), the next
 *     process stopped once nginx sends the restarted one requests again;
 *   - the same with the template as it is (nginx's cache on);
 *   - 2 processes, the next stopped as soon as the restarted one's /readyz answers 200;
 *   - 2 processes, the next stopped once nginx sends the restarted one requests again.
 * For each phase (steady before, each restart until the process is back, the crash with the
 * publication, steady after): requests, failed requests, p50/p99/max. Prints the tables and
 * writes bench/results/rollout.md; logs stay in bench/.work/rollout/. `ROLLOUT_RATE` (requests
 * per second, default 300), `ROLLOUT_CONNECTIONS` (8), `ROLLOUT_STEADY` (seconds of each steady
 * phase, 10). Every process it starts is stopped by pid at the end.
 */
import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { intFromEnv } from './lib/load';
import { ensureNginx, nginxVersion } from './lib/nginx';
import { run, runBench } from './lib/processes';
import { phaseTable, runRollout, type RolloutOptions, type RolloutResult } from './lib/rollout';

const root = process.cwd();
const work = path.join(root, 'bench/.work/rollout');
const log = (line: string): void => console.log(`[rollout] ${line}`);

const rate = intFromEnv('ROLLOUT_RATE', 300, 10, 5000);
const connections = intFromEnv('ROLLOUT_CONNECTIONS', 8, 1, 256);
const steadyS = intFromEnv('ROLLOUT_STEADY', 10, 1, 120);

interface Run {
  title: string;
  options: Pick<RolloutOptions, 'processes' | 'variant' | 'next'>;
}

const RUNS: Run[] = [
  {
    title: '3 processes, `proxy_cache off`, next once nginx sends the restarted one requests',
    options: { processes: 3, variant: 'no-cache', next: 'nginx' },
  },
  {
    title: '3 processes, the template as it is (cache on), next once nginx sends requests',
    options: { processes: 3, variant: 'cache', next: 'nginx' },
  },
  {
    title: '2 processes, `proxy_cache off`, next as soon as `/readyz` answers 200',
    options: { processes: 2, variant: 'no-cache', next: 'readyz' },
  },
  {
    title: '2 processes, `proxy_cache off`, next once nginx sends the restarted one requests',
    options: { processes: 2, variant: 'no-cache', next: 'nginx' },
  },
];

function table(result: RolloutResult): string {
  const rows = phaseTable(result).map(
    (p) =>
      `| ${p.name} | ${p.seconds} | ${p.requests} | ${p.failures} | ${p.p50Ms} | ${p.p99Ms} | ${p.maxMs} |`,
  );
  return [
    '| phase | s | requests | failed | p50 ms | p99 ms | max ms |',
    '| ----- | -: | -------: | -----: | -----: | -----: | -----: |',
    ...rows,
  ].join('\n');
}

function details(result: RolloutResult): string {
  const lines = result.restarts.map(
    (r) =>
      `- ${r.signal} ${r.label}: exit ${r.exit} ${r.stopMs} ms after the signal; \`/readyz\` 200 ${r.startMs} ms after its start; nginx's first request ${r.rejoinMs ? `${r.rejoinMs} ms later` : 'not waited for'}`,
  );
  const p = result.publication;
  if (p) {
    lines.push(
      `- publication: hook to ${p.to} (${p.status}, ${JSON.stringify(p.summary)}); ${p.heardBy} showed "${p.before}" before it and "${p.after}" ${p.heardMs} ms after it (Redis)`,
    );
  }
  const met = result.nginxMet;
  lines.push(
    `- nginx's error log: ${met.refused} connections refused, ${met.closed} reset or closed before the answer, ${met.noneLeft} requests with no process left`,
  );
  const kinds = new Map<string, number>();
  for (const a of result.answers) {
    if (a.failure !== undefined) kinds.set(a.failure, (kinds.get(a.failure) ?? 0) + 1);
  }
  lines.push(
    kinds.size === 0
      ? '- failed requests: none'
      : `- failed requests: ${[...kinds].map(([kind, n]) => `${n} × ${kind}`).join(', ')}`,
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  await access(path.join(root, 'dist/server/main.js')).catch(() => {
    throw new Error('no dist/: run `npm run build` first');
  });
  const nginxBinary = await ensureNginx(log);
  const commit = (await run('git', ['rev-parse', '--short', 'HEAD'], { timeoutMs: 10_000 })).output;
  const header = [
    '# Rollouts and crashes under load',
    '',
    `\`npx tsx bench/rollout.ts\`, ${new Date().toISOString()}, commit ${commit.trim()}, Node ${process.version}, nginx ${await nginxVersion(nginxBinary)}, ${os.cpus().length} cores, 1-minute load average ${(os.loadavg()[0] ?? 0).toFixed(2)} at the start.`,
    `Load: ${connections} keep-alive clients through nginx, ${rate} requests/s together, six page types in turn (brotli asked), ${steadyS} s steady before and after. Failed: a status outside 2xx–3xx, a socket error, a body cut short, or no answer within 10 s. Each phase's figures are those of the requests that started in it.`,
  ];
  const sections: string[] = [];
  await rm(work, { recursive: true, force: true });
  for (const [index, entry] of RUNS.entries()) {
    log(entry.title);
    const result = await runRollout({
      root,
      workDir: path.join(work, String(index + 1)),
      nginxBinary,
      connections,
      ratePerS: rate,
      steadyAnswers: rate * steadyS,
      log,
      ...entry.options,
    });
    const section = `## ${entry.title}\n\n${table(result)}\n\n${details(result)}`;
    console.log(`\n${section}\n`);
    sections.push(section);
  }
  await mkdir(path.join(root, 'bench/results'), { recursive: true });
  await writeFile(
    path.join(root, 'bench/results/rollout.md'),
    [...header, '', ...sections.map((s) => `${s}\n`)].join('\n'),
  );
  log('written: bench/results/rollout.md');
}

runBench('rollout', 20, main);
