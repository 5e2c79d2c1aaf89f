/**
 * No export without an importer (issue 13 item 5): every name that `src/` or `embedded/` exports
 * is named in another file of the project (code, tests, benches, tools). A name only its own file
 * uses is not exported; a name nobody uses goes. Read as text, so a name that happens to be
 * written elsewhere passes: the check errs on the side of quiet.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['src', 'embedded', 'tests', 'bench', 'build', 'scripts', 'deploy'];
const CODE = /\.(?:ts|tsx|js|mjs)$/;
const EXPORTED =
  /export\s+(?:async\s+)?(?:function\*?|const|let|class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/g;

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(path);
    return CODE.test(entry.name) ? [path] : [];
  });
}

const rootFiles = readdirSync(root).filter((name) => CODE.test(name));
const sources = [
  ...FOLDERS.flatMap((f) => files(join(root, f))),
  ...rootFiles.map((n) => join(root, n)),
].map((path) => ({ name: relative(root, path), text: readFileSync(path, 'utf8') }));

describe('exports', () => {
  it('reads the code', () => {
    expect(sources.length).toBeGreaterThan(100);
  });

  it('each exported name of src/ and embedded/ is named in another file', () => {
    const others = (name: string) => sources.filter((s) => s.name !== name);
    const lonely = sources
      .filter((s) => /^(?:src|embedded)\//.test(s.name))
      .flatMap((s) =>
        [...s.text.matchAll(EXPORTED)]
          .map((m) => m[1] ?? '')
          .filter((exported) => {
            const word = new RegExp(`\\b${exported.replace(/\$/g, '\\$')}\\b`);
            return !others(s.name).some((o) => word.test(o.text));
          })
          .map((exported) => `${s.name}: ${exported}`),
      );
    expect(lonely).toEqual([]);
  });
});
