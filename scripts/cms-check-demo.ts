/**
 * `npm run test:cms-check` (part of `npm test`): the command an operator runs, `npm run cms:check`,
 * run as a command against the embedded stand-ins (docs/editing.md, "Checking a live instance"):
 * with the editor account it must pass (exit 0); with the read-only account the author instance
 * refuses the template annotations, as Pages 6.3.5+ does, and it must fail (exit 1) naming that.
 */
import { spawn } from 'node:child_process';
import { credentialsOf, STAND_IN_AUTHOR_ACCOUNTS } from '../embedded/cms/accounts';
import { AUTHOR_PREFIX, startDemoStandIns } from '../embedded/server';
import { TEST_LOGICAL_DATE } from '../testing/today';

/** A run that takes longer has hung: the check's own calls time out well before. */
const RUN_LIMIT_MS = 120_000;

interface Run {
  code: number | null;
  output: string;
}

function cmsCheck(args: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', 'cms:check', '--', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`npm run cms:check ${args.join(' ')}: no answer in ${RUN_LIMIT_MS} ms`));
    }, RUN_LIMIT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const standIns = await startDemoStandIns(TEST_LOGICAL_DATE);
const failures: string[] = [];
try {
  const origin = standIns.origin;
  const author = ['--author', `${origin}${AUTHOR_PREFIX}`, '--credentials'];

  const good = await cmsCheck([origin, ...author, credentialsOf(STAND_IN_AUTHOR_ACCOUNTS.editor)]);
  process.stdout.write(good.output);
  if (good.code !== 0) failures.push(`the embedded defaults: exit ${good.code}, expected 0`);

  const reader = await cmsCheck([
    origin,
    ...author,
    credentialsOf(STAND_IN_AUTHOR_ACCOUNTS.reader),
  ]);
  const refused = reader.output.split('\n').find((line) => /^FAIL .*annotations/.test(line));
  if (reader.code !== 1 || refused === undefined || !refused.includes('403')) {
    process.stdout.write(reader.output);
    failures.push(
      `the read-only account: exit ${reader.code} ${refused ? `(${refused})` : 'and no FAIL line for the annotations'}, expected 1 with the 403 named`,
    );
  } else {
    process.stdout.write(
      `The read-only account is refused the annotations, as expected:\n${refused}\n`,
    );
  }
} finally {
  await standIns.close();
}

if (failures.length > 0) {
  process.stderr.write(`cms:check on the stand-ins failed:\n- ${failures.join('\n- ')}\n`);
  process.exitCode = 1;
} else {
  process.stdout.write('cms:check on the stand-ins: both runs answered as expected\n');
}
