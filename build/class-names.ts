/**
 * Shorter class names for the CSS modules of a production build
 * (docs/decisions/0040-short-class-names.md): Vite's default `_card_4xjt8_2` becomes
 * `card_Qx3a`, the local name (kept: readable, and it compresses with the class maps of the
 * scripts) and four characters of a hash of its file, relative to the project. The browser
 * build and the server build compute the same names independently, so a name depends on
 * nothing else; two classes that meet on one name stop the build rather than share it.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const LENGTH = 4;

export type ScopedNamer = (name: string, filename: string) => string;

/** The file's part of a name: LENGTH characters of ALPHABET. */
export function shortHash(key: string): string {
  const digest = createHash('sha256').update(key).digest();
  let out = '';
  for (let i = 0; i < LENGTH; i += 1) out += ALPHABET.charAt((digest[i] ?? 0) % ALPHABET.length);
  return out;
}

/** A namer for one build; `root` keeps the machine's own path out of the names. */
export function shortClassNames(root: string): ScopedNamer {
  const keys = new Map<string, string>();
  return (name, filename) => {
    // Vite may pass the module's id with a query (`?used`); the file alone names the module.
    const file = path.relative(root, filename.replace(/\?.*$/, '')).split(path.sep).join('/');
    const key = `${file}:${name}`;
    const scoped = `${name}_${shortHash(file)}`;
    const owner = keys.get(scoped);
    if (owner !== undefined && owner !== key) {
      throw new Error(`CSS modules: ${owner} and ${key} both hash to ${scoped}`);
    }
    keys.set(scoped, key);
    return scoped;
  };
}
