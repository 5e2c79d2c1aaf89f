/**
 * The project's own source files as text, for the tests that keep the structure honest
 * (citations, unused exports): every folder of code, never node_modules.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = [
  'src',
  'embedded',
  'testing',
  'tests',
  'bench',
  'build',
  'scripts',
  'deploy',
  'magnolia',
];

function files(dir: string, wanted: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(path, wanted);
    return wanted.test(entry.name) ? [path] : [];
  });
}

/** The files whose names match `wanted`, in the code folders and, if asked, at the root. */
export function projectSources(
  wanted: RegExp,
  options: { rootFiles?: boolean } = {},
): { name: string; text: string }[] {
  const atRoot = options.rootFiles
    ? readdirSync(ROOT)
        .filter((name) => wanted.test(name))
        .map((name) => join(ROOT, name))
    : [];
  return [...FOLDERS.flatMap((f) => files(join(ROOT, f), wanted)), ...atRoot].map((path) => ({
    name: relative(ROOT, path),
    text: readFileSync(path, 'utf8'),
  }));
}
