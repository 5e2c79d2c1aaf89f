/**
 * The release artefact (docs/operations.md "Deploying"): `npm run package` on the build of this
 * run, unpacked into an empty directory outside the checkout and started there with
 * `node server.mjs` on its embedded defaults, with an environment that names nothing of the
 * checkout. It serves a page and its hashed assets, then stops cleanly on SIGTERM.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './fixtures';
import { freePort } from './support/site-process';
import { TEST_LOGICAL_DATE } from '../../testing/today';

const run = promisify(execFile);
const ROOT = path.resolve('.');

test.describe('release artefact', () => {
  // Packaging copies the production dependencies and compresses them: seconds on a loaded
  // 2-core machine, not the default 30.
  test.setTimeout(120_000);

  let work: string | undefined;
  let child: ChildProcess | undefined;

  test.afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (work) await rm(work, { recursive: true, force: true });
    child = work = undefined;
  });

  test('unpacked into an empty directory, `node server.mjs` serves the site and stops on SIGTERM', async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'pari-boreal-artefact-'));
    // Outside the checkout: module resolution climbing from the artefact never meets its files.
    expect(path.relative(ROOT, work).startsWith('..')).toBe(true);
    const out = path.join(work, 'out');
    const unpacked = path.join(work, 'run');
    await mkdir(unpacked);

    // The e2e run has just built dist/ (npm run test:e2e): package that build.
    await run(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['scripts/package.ts', '--no-build', '--out-dir', out],
      { cwd: ROOT },
    );
    const { version } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    const top = `pari-boreal-${version}`;
    expect(await readdir(out)).toEqual([`${top}.tgz`]);
    await run('tar', ['-xzf', path.join(out, `${top}.tgz`), '-C', unpacked]);

    // One directory, holding what runs and nothing of the source tree or the dev tooling.
    expect(await readdir(unpacked)).toEqual([top]);
    const dir = path.join(unpacked, top);
    expect((await readdir(dir)).sort()).toEqual([
      'README.md',
      'dist',
      'embedded',
      'node_modules',
      'package.json',
      'server.mjs',
    ]);
    const modules = await readdir(path.join(dir, 'node_modules'));
    expect(modules).toContain('fastify');
    for (const devOnly of ['vite', 'typescript', 'tsx', 'vitest', '@playwright', '.bin']) {
      expect(modules).not.toContain(devOnly);
    }

    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    // Only what the demo needs: no NODE_ENV (the entry sets it), no PATH, no NODE_OPTIONS, an
    // empty NODE_PATH and a home inside the temporary directory.
    const started = spawn(process.execPath, ['server.mjs'], {
      cwd: dir,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        LOGICAL_DATE: TEST_LOGICAL_DATE,
        LOG_LEVEL: 'info',
        NODE_PATH: '',
        HOME: work,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    let output = '';
    started.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    started.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = new Promise<number | null>((resolve) =>
      started.once('exit', (code) => resolve(code)),
    );

    await expect
      .poll(
        async () => {
          if (started.exitCode !== null)
            throw new Error(`the artefact exited at start:\n${output}`);
          return (await fetch(`${origin}/date`).catch(() => null))?.status ?? 0;
        },
        { timeout: 30_000 },
      )
      .toBe(200);

    const page = await fetch(`${origin}/fr/accueil`);
    expect(page.status).toBe(200);
    const html = await page.text();
    // The entry is written into the page; the start module it names is a hashed file.
    const script = /data-start="(\/assets\/start-client-[\w-]+\.js)"/.exec(html)?.[1];
    const sheet = /\/assets\/style-[\w-]+\.css/.exec(html)?.[0];
    expect(script, 'the page names its hashed start module').toBeTruthy();
    expect(sheet, 'the page names its hashed style sheet').toBeTruthy();
    for (const asset of [script, sheet]) {
      const answer = await fetch(`${origin}${asset ?? ''}`);
      expect(answer.status, asset).toBe(200);
      expect(answer.headers.get('cache-control'), asset).toContain('immutable');
    }
    // The embedded content service runs from the artefact's own copy of the demo content.
    expect(html).toContain('Pari Boréal');

    started.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    expect(output).not.toMatch(/"level":(?:50|60)/);
  });
});
