/**
 * Comments cite the project's own docs: every `docs/….md` named in the code exists, every
 * `docs/requirements.md §N` names a section of it, and no comment cites a file outside the
 * repository (the specification is indexed by docs/requirements.md).
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectSources, ROOT as root } from './project-sources';

// Built from parts so that this file does not cite them itself.
const OUTSIDE = new RegExp(
  ['SPEC', 'SPEC-NOTES', 'CMS-CONTRACT'].map((n) => `\\b${n}\\.md`).join('|'),
);

const sources = projectSources(/\.(?:ts|tsx|js|mjs|css)$/);
const requirements = readFileSync(join(root, 'docs/requirements.md'), 'utf8');

describe('citations in the code', () => {
  it('reads the code', () => {
    expect(sources.length).toBeGreaterThan(100);
  });

  it('cite no file outside the repository', () => {
    expect(sources.filter((s) => OUTSIDE.test(s.text)).map((s) => s.name)).toEqual([]);
  });

  it('cite docs that exist', () => {
    const missing = sources.flatMap((s) =>
      [...s.text.matchAll(/\bdocs\/[\w./-]+?\.md\b/g)]
        .map((m) => m[0])
        .filter((doc) => !existsSync(join(root, doc)))
        .map((doc) => `${s.name}: ${doc}`),
    );
    expect(missing).toEqual([]);
  });

  it('cite sections of the requirements that exist', () => {
    const cited = sources.flatMap((s) =>
      [...s.text.matchAll(/docs\/requirements\.md §(\d+)/g)].map((m) => `${s.name}: §${m[1]}`),
    );
    expect(cited.length).toBeGreaterThan(0);
    const unknown = cited.filter((c) => !requirements.includes(`## ${c.slice(c.indexOf('§'))} `));
    expect(unknown).toEqual([]);
  });
});
