/**
 * `npm run package`: the release artefact, one archive that runs with `node server.mjs` on a
 * machine that has Node and nothing else (docs/decisions/0026-release-artefact.md).
 *
 *   npm run package                       # builds, then writes release/pari-boreal-<version>.tgz
 *   npm run package -- --no-build         # reuses dist/ as it is (CI, after `npm run build`)
 *   npm run package -- --out-dir <dir>    # writes the archive there instead of release/
 *
 * The archive holds one directory, `pari-boreal-<version>/`, laid out as the checkout is where
 * the server reads at run time (src/server/main.ts resolves everything from two levels above
 * dist/server/main.js): dist/, the embedded content, the production dependencies' node_modules,
 * a minimal package.json, the entry and a start note (both from deploy/artefact/).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NAME = 'pari-boreal';

/** What the server reads at run time, besides node_modules (src/server/main.ts). */
const RUNTIME_FILES = [
  'dist/client',
  'dist/server',
  // Read when an embedded stand-in starts (any third-party origin unset): the demo runs from
  // the artefact on its defaults.
  'embedded/cms/content',
  // The stand-in's author instance: the drafts the demo's preview reads (docs/preview.md).
  'embedded/cms/drafts',
];

class PackageError extends Error {
  override name = 'PackageError';
}

interface Options {
  build: boolean;
  outDir: string;
}

function parseArgs(args: string[]): Options {
  const options: Options = { build: true, outDir: path.join(ROOT, 'release') };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    const value = args[i + 1];
    if (arg === '--no-build') options.build = false;
    else if (arg === '--out-dir' && value) {
      options.outDir = path.resolve(value);
      i += 1;
    } else throw new PackageError(`unknown argument ${arg ?? ''} (--no-build, --out-dir <dir>)`);
  }
  return options;
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (result.error) throw new PackageError(`${command}: ${result.error.message}`);
  if (result.status !== 0) {
    throw new PackageError(`${command} ${args.join(' ')} failed:\n${result.stderr}`);
  }
  return result.stdout;
}

/**
 * The installed production packages, as paths relative to the project (`node_modules/a`,
 * `node_modules/a/node_modules/b`): npm's own view of the tree without dev dependencies, so
 * a package shared by both kinds is kept and one only development needs is not. npm fails
 * when the tree does not match package.json (a dependency missing after a merge): that stops
 * the packaging rather than shipping an incomplete tree.
 */
function productionPackages(): Set<string> {
  const listed = run('npm', ['ls', '--omit=dev', '--all', '--parseable'])
    .split('\n')
    .filter(Boolean)
    .map((line) => path.relative(ROOT, line))
    .filter((relative) => relative.startsWith('node_modules'))
    // An optional dependency for another platform is listed but not installed.
    .filter((relative) => existsSync(path.join(ROOT, relative)));
  return new Set(listed);
}

/** The package directories inside `dir`'s own node_modules, scoped ones included. */
async function nestedPackages(dir: string): Promise<string[]> {
  const modules = path.join(dir, 'node_modules');
  if (!existsSync(modules)) return [];
  const found: string[] = [];
  for (const entry of await readdir(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const names = entry.name.startsWith('@')
      ? (await readdir(path.join(modules, entry.name))).map((name) => `${entry.name}/${name}`)
      : [entry.name];
    for (const name of names) {
      const nested = path.join(modules, name);
      found.push(nested, ...(await nestedPackages(nested)));
    }
  }
  return found;
}

interface Selection {
  /** Archived whole: the packages that no other listed package contains. */
  roots: string[];
  /** Nested under a root but not in production's tree: left out. */
  excluded: string[];
}

/**
 * What tar takes from node_modules: each outermost production package with what it holds,
 * minus any nested package npm does not count as production (none in practice: a package's
 * own node_modules holds its dependencies; checked rather than assumed).
 */
async function selectPackages(production: Set<string>): Promise<Selection> {
  const sorted = [...production].sort();
  const roots = sorted.filter(
    (relative) => !sorted.some((other) => relative.startsWith(`${other}/`)),
  );
  const excluded: string[] = [];
  for (const root of roots) {
    for (const nested of await nestedPackages(path.join(ROOT, root))) {
      const relative = path.relative(ROOT, nested);
      if (!production.has(relative)) excluded.push(relative);
    }
  }
  return { roots, excluded };
}

/** Native add-ons are built for one platform: shipping them would tie the artefact to this one. */
async function assertNoNativeAddons(roots: string[]): Promise<void> {
  const native: string[] = [];
  for (const root of roots) {
    const files = await readdir(path.join(ROOT, root), { recursive: true });
    native.push(...files.filter((file) => file.endsWith('.node')).map((f) => `${root}/${f}`));
  }
  if (native.length > 0) {
    throw new PackageError(
      `native add-ons in the production dependencies (${native.slice(0, 5).join(', ')}): ` +
        'the artefact would only run on this platform; see docs/decisions/0026-release-artefact.md',
    );
  }
}

function manifest(version: string, engines: unknown): string {
  const pkg = {
    name: NAME,
    version,
    private: true,
    description: 'Release artefact of the Pari Boréal site: start it with `node server.mjs`.',
    // dist/server/main.js is an ES module; so is the entry.
    type: 'module',
    engines,
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/**
 * tar (the system's) through gzip into `file`: the generated files from `generated`, the rest
 * straight from the checkout (no copy), all under `top/`. Modification times are kept: the
 * static files' validators derive from them.
 */
async function archive(options: {
  generated: string;
  generatedFiles: string[];
  files: string[];
  excluded: string[];
  top: string;
  file: string;
}): Promise<void> {
  const tar = spawn(
    'tar',
    [
      '--sort=name',
      '--owner=0',
      '--group=0',
      '--numeric-owner',
      // The checkout's node_modules may be hard-linked to another tree: store contents.
      '--hard-dereference',
      // Every member under top/; symbolic links' targets are relative and stay as they are.
      `--transform=s,^,${options.top}/,S`,
      '--exclude=node_modules/.bin',
      ...options.excluded.map((relative) => `--exclude=${relative}`),
      '-cf',
      '-',
      '-C',
      options.generated,
      ...options.generatedFiles,
      '-C',
      ROOT,
      ...options.files,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  tar.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve, reject) => {
    tar.once('error', reject);
    tar.once('close', resolve);
  });
  const partial = `${options.file}.partial`;
  await pipeline(tar.stdout, createGzip({ level: 6 }), createWriteStream(partial));
  const code = await exited;
  if (code !== 0) {
    await rm(partial, { force: true });
    throw new PackageError(`tar failed (${code ?? 'signal'}):\n${stderr}`);
  }
  // Renamed only once complete: a failed run never leaves a truncated archive under the name.
  await rename(partial, options.file);
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
    engines?: unknown;
  };
  if (options.build) {
    // The build's own output is shown as it goes.
    const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new PackageError('npm run build failed');
  }
  for (const relative of [...RUNTIME_FILES, 'dist/client/.vite/manifest.json']) {
    if (!existsSync(path.join(ROOT, relative))) {
      throw new PackageError(`${relative} is missing: run npm run build (or drop --no-build)`);
    }
  }

  const top = `${NAME}-${pkg.version}`;
  const production = productionPackages();
  const { roots, excluded } = await selectPackages(production);
  await assertNoNativeAddons(roots);

  const generated = await mkdtemp(path.join(os.tmpdir(), `${NAME}-package-`));
  try {
    await writeFile(path.join(generated, 'package.json'), manifest(pkg.version, pkg.engines));
    await cp(path.join(ROOT, 'deploy/artefact/server.mjs'), path.join(generated, 'server.mjs'));
    await cp(path.join(ROOT, 'deploy/artefact/README.md'), path.join(generated, 'README.md'));

    await mkdir(options.outDir, { recursive: true });
    const file = path.join(options.outDir, `${top}.tgz`);
    await archive({
      generated,
      generatedFiles: ['package.json', 'server.mjs', 'README.md'],
      files: [...RUNTIME_FILES, ...roots],
      excluded,
      top,
      file,
    });
    console.log(`${path.relative(process.cwd(), file) || file} (${production.size} packages)`);
  } finally {
    await rm(generated, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof PackageError ? error.message : error);
  process.exit(1);
});
