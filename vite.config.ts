import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { cataloguePlugin } from './build/catalogue-plugin';
import { shortClassNames } from './build/class-names';
import { OWN_MODULES } from './build/own-modules';

/**
 * Brotli and gzip siblings of the browser's scripts and styles, which the server sends as they
 * are (`preCompressed`): compressed once at build time, at the best level, not per request.
 */
function precompress(): Plugin {
  return {
    name: 'site:precompress',
    apply: 'build',
    // After the files are written: what is compressed is exactly what is served uncompressed.
    async writeBundle(options, bundle) {
      if (this.environment.name !== 'client' || !options.dir) return;
      const dir = options.dir;
      const files = Object.keys(bundle).filter((name) => /\.(?:js|css)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const bytes = await readFile(path.join(dir, name));
          if (bytes.length < 1024) return;
          await writeFile(path.join(dir, `${name}.gz`), gzipSync(bytes, { level: 9 }));
          await writeFile(
            path.join(dir, `${name}.br`),
            brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }),
      );
    },
  };
}

const CLIENT_ENTRY = fileURLToPath(new URL('./src/app/entry-client.ts', import.meta.url));
const CLIENT_START = fileURLToPath(new URL('./src/app/start-client.tsx', import.meta.url));
/**
 * The page's structure and what it imports (pictures, headings, text, the card): one chunk, not
 * six small ones that the blocks share (docs/decisions/0050-structure-blocks-in-their-own-chunk.md).
 */
const STRUCTURE = fileURLToPath(new URL('./src/blocks/structural.ts', import.meta.url));
/** Modules the entry runs before the site's code (`data-early`): kept apart from `app`. */
const EARLY_MODULES = [
  fileURLToPath(new URL('./src/features/sports-area/early-start.ts', import.meta.url)),
  fileURLToPath(new URL('./src/features/app-banner/early-start.ts', import.meta.url)),
];

/** Unit tests (docs/architecture.md "Tests"); the bench's own builds of the site are not. */
const TEST_FILES = [
  'src/**/*.test.{ts,tsx}',
  'embedded/**/*.test.ts',
  'testing/**/*.test.ts',
  'bench/**/*.test.ts',
  'build/**/*.test.ts',
  'magnolia/**/*.test.ts',
  'scripts/**/*.test.ts',
  'deploy/**/*.test.ts',
];
const TEST_EXCLUDE = ['**/node_modules/**', 'bench/.work/**'];

interface ChunkGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Every module `from` imports statically, transitively, itself included. */
function staticallyReachable(from: string, graph: ChunkGraph): Set<string> {
  const found = new Set<string>();
  const stack = [from];
  for (let current = stack.pop(); current !== undefined; current = stack.pop()) {
    if (found.has(current)) continue;
    found.add(current);
    stack.push(...(graph.getModuleInfo(current)?.importedIds ?? []));
  }
  return found;
}

/**
 * Chunking: every module the site's start module imports statically goes into one `app` chunk
 * (React included), instead of one small chunk per set of importers: fewer requests before
 * hydration and one compression window. What the entry itself needs before it asks for the
 * start module stays out of it, or the entry would pull the app in at once; so do the modules
 * the entry starts early, which must not wait for the app either (what they share with the
 * site is one `shared` chunk). Blocks outside the
 * page's structure, the sanitizer and the rarely used features stay in their own lazy chunks
 * (docs/decisions/0014-javascript-budget.md).
 */
function appChunk(): (id: string, graph: ChunkGraph) => string | null {
  let groups: Map<string, string> | undefined;
  let structure: Set<string> | undefined;
  return (id, graph) => {
    if (!groups) {
      const entry = staticallyReachable(CLIENT_ENTRY, graph);
      const early = new Set(EARLY_MODULES.flatMap((m) => [...staticallyReachable(m, graph)]));
      groups = new Map();
      for (const m of staticallyReachable(CLIENT_START, graph)) {
        // The start module keeps its own chunk: the entry runs it by URL.
        if (entry.has(m) || m === CLIENT_START) continue;
        // What the early modules share with the site: one small chunk that both import.
        groups.set(m, early.has(m) ? 'shared' : 'app');
      }
      structure = staticallyReachable(STRUCTURE, graph);
    }
    // The server build has no start module in its graph (no groups): its chunks stay as they are.
    if (groups.size === 0) return null;
    return groups.get(id) ?? LIST_MODULES.get(id) ?? (structure?.has(id) ? 'structural' : null);
  };
}

/**
 * What the ticket and winner lists share, one chunk: their cards and paging, the lot rules, and
 * the request for the lots after the first block, which the modal's deep link imports too
 * (docs/decisions/0041-lots-after-the-first-screen.md). Apart, each was a request of its own.
 */
const LIST_MODULES = new Map(
  [
    './src/blocks/liste-billets/lot-list.tsx',
    './src/blocks/liste-billets/LotCard.tsx',
    './src/ui/whole-lots.ts',
    './src/domain/lots.ts',
    './src/blocks/liste-billets/LotCard.module.css',
    './src/blocks/liste-billets/LotList.module.css',
    './src/blocks/liste-billets/lot-view.ts',
  ].map((file) => [fileURLToPath(new URL(file, import.meta.url)), 'lot-list']),
);

/**
 * wouter imports `use-sync-external-store/shim` for React 17; React 19 has the hook itself, so
 * the shim's bytes are left out of the browser bundle.
 */
function nativeSyncExternalStore(): Plugin {
  const VIRTUAL = '\0native-use-sync-external-store';
  return {
    name: 'site:native-use-sync-external-store',
    enforce: 'pre',
    resolveId(id) {
      return /^use-sync-external-store\/shim(?:\/index\.js)?$/.test(id) ? VIRTUAL : null;
    },
    load(id) {
      return id === VIRTUAL ? `export { useSyncExternalStore } from 'react';` : null;
    },
  };
}

// One config for the browser bundle (`vite build`) and the server bundle
// (`vite build --ssr src/server/main.ts`); Vitest reads its `test` block.
export default defineConfig(({ command }) => ({
  plugins: [react(), cataloguePlugin('src/i18n'), nativeSyncExternalStore(), precompress()],
  // Built pages and scripts name CSS-module classes by local name and file number; the dev server and the
  // unit tests keep Vite's readable names (docs/decisions/0040-short-class-names.md).
  css:
    command === 'build'
      ? {
          modules: {
            generateScopedName: shortClassNames(fileURLToPath(new URL('.', import.meta.url))),
          },
        }
      : {},
  build: {
    outDir: 'dist/client',
    manifest: true,
    // One style sheet for the whole site (docs/decisions/0016-first-paint-before-scripts.md): a
    // page with many kinds of block would otherwise wait on one render-blocking sheet per kind.
    cssCodeSplit: false,
    sourcemap: true,
    rollupOptions: {
      // The site's entry and the modules it runs after the first paint (by the URLs the server
      // gives it), and the header and footer alone for other systems' pages.
      input: [
        'src/app/entry-client.ts',
        'src/app/start-client.tsx',
        'src/app/entry-frame.tsx',
        // Edit-mode pages only (docs/editing.md).
        'src/app/editor-bridge.ts',
        ...EARLY_MODULES,
      ],
      output: {
        // The group already holds the start module's whole static graph; without this, Vite's
        // dynamic-import helper (which the entry uses too) would be pulled into it.
        codeSplitting: { groups: [{ name: appChunk(), includeDependenciesRecursively: false }] },
      },
    },
  },
  ssr: {
    // Bundled into the server build so that `npm start` needs only dist/ and node_modules.
    noExternal: [],
  },
  test: {
    environment: 'node',
    restoreMocks: true,
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine, where most
    // of a file's time is spent importing and waiting, not computing.
    maxWorkers: 2,
    // Components render in unit tests as on the server: every block and the sanitizer at hand.
    setupFiles: ['src/app/server-setup.ts'],
    // Most files share their worker's modules instead of importing React, the blocks and the
    // server again each (docs/decisions/0079-unit-tests-share-modules.md); those that replace or
    // reset modules get a graph of their own.
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: TEST_FILES,
          exclude: [...TEST_EXCLUDE, ...OWN_MODULES],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'own-modules', include: OWN_MODULES } },
    ],
  },
}));
