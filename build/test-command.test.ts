/**
 * `npm test` (scripts/test.sh, what CI runs) on a machine whose Node.js is older than production's:
 * the unit tests on the machine's own release, then every check on production's, which
 * scripts/ensure-node.sh provides (docs/operations.md "Node.js"). Run here with stand-ins for
 * `node`, `npm` and that script, which record what was asked of them and on which release.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from './project-sources';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function script(path: string, body: string): void {
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
}

/** Runs scripts/test.sh with the machine's Node.js at `own` and, if `newer`, production's apart. */
function runTestCommand(own: string, newer: string | undefined): string[] {
  dir = mkdtempSync(join(tmpdir(), 'test-command-'));
  for (const folder of ['scripts', 'machine', 'fetched']) mkdirSync(join(dir, folder));
  copyFileSync(join(ROOT, 'scripts/test.sh'), join(dir, 'scripts/test.sh'));
  script(join(dir, 'machine/node'), `echo ${own}`);
  script(join(dir, 'machine/npm'), `echo "npm $*, on $(node --version)" >> "${dir}/calls"`);
  if (newer) script(join(dir, 'fetched/node'), `echo ${newer}`);
  const target = newer ? join(dir, 'fetched/node') : join(dir, 'machine/node');
  script(join(dir, 'scripts/ensure-node.sh'), `echo "${target}"`);
  execFileSync('bash', [join(dir, 'scripts/test.sh')], {
    env: { PATH: `${join(dir, 'machine')}:/usr/bin:/bin` },
    stdio: 'ignore',
  });
  return readFileSync(join(dir, 'calls'), 'utf8').trim().split('\n');
}

describe('npm test', () => {
  it("runs the unit tests on an older machine's Node.js, then everything on production's", () => {
    expect(runTestCommand('v20.20.2', 'v24.21.0')).toEqual([
      'npm run test:unit, on v20.20.2',
      'npm run test:all, on v24.21.0',
    ]);
  });

  it('runs everything once where the machine has production’s release', () => {
    expect(runTestCommand('v24.21.0', undefined)).toEqual(['npm run test:all, on v24.21.0']);
  });
});
