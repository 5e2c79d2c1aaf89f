/**
 * Shorter class names for the CSS modules of a production build
 * (docs/decisions/0040-short-class-names.md): Vite's default `_card_4xjt8_2` becomes
 * `card_k`, the local name (kept: readable, and it compresses with the class maps of the
 * scripts) and the place of its file among the project's style modules, sorted by their path
 * relative to the project. The browser build and the server build list the same files, so they
 * compute the same names independently; a file outside that list (none today) gets four
 * characters of a hash of its path instead. Two classes that meet on one name stop the build
 * rather than share it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const HASH_LENGTH = 4;

export type ScopedNamer = (name: string, filename: string) => string;

/** Four characters of ALPHABET from the file's path, for a module outside the sorted list. */
export function shortHash(key: string): string {
  const digest = createHash('sha256').update(key).digest();
  let out = '';
  for (let i = 0; i < HASH_LENGTH; i += 1) {
    out += ALPHABET.charAt((digest[i] ?? 0) % ALPHABET.length);
  }
  return out;
}

/** The code of the n-th module: one character for the first 62, then two, never four. */
export function moduleCode(index: number): string {
  const first = ALPHABET.charAt(index % ALPHABET.length);
  const rest = Math.floor(index / ALPHABET.length);
  if (rest === 0) return first;
  if (rest > ALPHABET.length) throw new Error(`CSS modules: ${index + 1} files is too many`);
  return first + ALPHABET.charAt(rest - 1);
}

/** The style modules under `src`, relative to `root` with forward slashes, sorted. */
export function styleModules(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.module.css')) found.push(toKey(root, full));
    }
  };
  walk(path.join(root, 'src'));
  return found.sort();
}

function toKey(root: string, filename: string): string {
  return path.relative(root, filename).split(path.sep).join('/');
}

/**
 * A namer for one build; `root` keeps the machine's own path out of the names, and `modules`
 * (by default the files under `root/src`) numbers them.
 */
export function shortClassNames(
  root: string,
  modules: readonly string[] = styleModules(root),
): ScopedNamer {
  const codes = new Map(modules.map((file, index) => [file, moduleCode(index)]));
  const keys = new Map<string, string>();
  return (name, filename) => {
    // Vite may pass the module's id with a query (`?used`); the file alone names the module.
    const file = toKey(root, filename.replace(/\?.*$/, ''));
    const key = `${file}:${name}`;
    const scoped = `${name}_${codes.get(file) ?? shortHash(file)}`;
    const owner = keys.get(scoped);
    if (owner !== undefined && owner !== key) {
      throw new Error(`CSS modules: ${owner} and ${key} both name ${scoped}`);
    }
    keys.set(scoped, key);
    return scoped;
  };
}
