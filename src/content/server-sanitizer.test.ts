/**
 * The server's sanitiser copies DOMPurify's defaults and steps from one release
 * (docs/decisions/0022-server-sanitizer.md): that release is the one installed and the one
 * package.json pins, and the copied lists are that release's. A DOMPurify upgrade fails here until
 * someone compares the lists and steps again and raises `DOMPURIFY_CHECKED`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import DOMPurify from 'dompurify';
import { describe, expect, it } from 'vitest';
import { DOMPURIFY_CHECKED, DOMPURIFY_LISTS } from './server-sanitizer';

const require = createRequire(import.meta.url);

/** The installed release's code, where its default lists are written. */
const source = readFileSync(require.resolve('dompurify'), 'utf8');

/** The strings of the array literal DOMPurify assigns to `name` (`addToSet({}, [...])`). */
function defaultList(name: string): string[] {
  const match = new RegExp(`\\b${name}\\s*=\\s*addToSet\\(\\{\\},\\s*\\[([^\\]]*)\\]`).exec(source);
  if (!match?.[1]) throw new Error(`${name} not found in the installed DOMPurify`);
  return [...match[1].matchAll(/['"]([^'"]+)['"]/g)].map((m) => m[1] as string).sort();
}

describe('the DOMPurify release the server sanitiser was checked against', () => {
  it('is the one installed, and package.json and its lock pin exactly it', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies.dompurify).toBe(DOMPURIFY_CHECKED);
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { version?: string; dependencies?: Record<string, string> }>;
    };
    expect(lock.packages['']?.dependencies?.dompurify).toBe(DOMPURIFY_CHECKED);
    expect(lock.packages['node_modules/dompurify']?.version).toBe(DOMPURIFY_CHECKED);
    expect(DOMPurify.version).toBe(DOMPURIFY_CHECKED);
  });

  it('has the lists the server copied', () => {
    const sorted = (set: ReadonlySet<string>) => [...set].sort();
    expect(sorted(DOMPURIFY_LISTS.forbidContents)).toEqual(defaultList('DEFAULT_FORBID_CONTENTS'));
    expect(sorted(DOMPURIFY_LISTS.uriSafeAttributes)).toEqual(
      defaultList('DEFAULT_URI_SAFE_ATTRIBUTES'),
    );
    expect(sorted(DOMPURIFY_LISTS.dataUriTags)).toEqual(defaultList('DEFAULT_DATA_URI_TAGS'));
  });

  it('checks a form for clobbering by the properties the server checks', () => {
    const body = /function _isClobbered\(element\) \{([\s\S]*?)\n\t?\s*\};/.exec(source)?.[1];
    expect(body).toBeDefined();
    const read = new Set([...(body ?? '').matchAll(/\belement\.(\w+)/g)].map((m) => m[1]));
    expect([...read].sort()).toEqual([...DOMPURIFY_LISTS.clobberedProperties].sort());
  });
});
