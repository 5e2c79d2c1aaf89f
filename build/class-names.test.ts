import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { moduleCode, shortClassNames, shortHash, styleModules } from './class-names';

const ROOT = path.join(path.sep, 'srv', 'site');
const file = (relative: string) => path.join(ROOT, ...relative.split('/'));
const MODULES = ['src/blocks/carte/Carte.module.css', 'src/blocks/section/Section.module.css'];

describe('shortClassNames', () => {
  it('gives the local name and the place of its file among the modules, a valid class selector', () => {
    const name = shortClassNames(ROOT, MODULES);
    expect(name('card', file('src/blocks/carte/Carte.module.css'))).toBe('card_a');
    expect(name('card', file('src/blocks/section/Section.module.css'))).toBe('card_b');
  });

  it('gives the same name in another build from another checkout (the server and browser builds agree)', () => {
    const here = shortClassNames(ROOT, MODULES)('card', file('src/blocks/carte/Carte.module.css'));
    const elsewhere = shortClassNames(path.join(path.sep, 'tmp', 'clone'), MODULES)(
      'card',
      path.join(path.sep, 'tmp', 'clone', 'src', 'blocks', 'carte', 'Carte.module.css'),
    );
    expect(elsewhere).toBe(here);
  });

  it('ignores the query Vite may add to a module id', () => {
    const name = shortClassNames(ROOT, MODULES);
    const css = file('src/blocks/carte/Carte.module.css');
    expect(name('card', `${css}?used`)).toBe(name('card', css));
  });

  it('names the same local name differently in two modules, and two names of one module apart', () => {
    const name = shortClassNames(ROOT, MODULES);
    const a = file('src/blocks/carte/Carte.module.css');
    const b = file('src/blocks/section/Section.module.css');
    expect(name('title', a)).not.toBe(name('title', b));
    expect(name('title', a)).not.toBe(name('body', a));
    // Asked again (postcss-modules asks once per rule), the same name.
    expect(name('title', a)).toBe(name('title', a));
  });

  it('names a module outside the list by four characters of its path', () => {
    const name = shortClassNames(ROOT, MODULES)('card', file('src/other.module.css'));
    expect(name).toBe(`card_${shortHash('src/other.module.css')}`);
  });

  it('stops the build when two classes meet on one name', async () => {
    // The code after the last underscore names the file, so only two files outside the list
    // whose hashes agree can meet: forced here.
    vi.resetModules();
    vi.doMock('node:crypto', async (original) => {
      const crypto = await original<typeof import('node:crypto')>();
      return {
        ...crypto,
        createHash: () => ({ update: () => ({ digest: () => Buffer.alloc(32) }) }),
      };
    });
    const { shortClassNames: colliding } = await import('./class-names');
    const name = colliding(ROOT, MODULES);
    name('title', file('src/a.module.css'));
    expect(() => name('title', file('src/b.module.css'))).toThrow(
      'CSS modules: src/a.module.css:title and src/b.module.css:title both name title_aaaa',
    );
    vi.doUnmock('node:crypto');
  });
});

describe('moduleCode', () => {
  it('spends one character on each of the first 62 modules and two after, never the same twice', () => {
    const codes = Array.from({ length: 62 * 5 }, (_, i) => moduleCode(i));
    expect(codes.slice(0, 62).every((c) => c.length === 1)).toBe(true);
    expect(codes.slice(62).every((c) => c.length === 2)).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((c) => /^[A-Za-z0-9]+$/.test(c))).toBe(true);
  });
});

describe('styleModules', () => {
  it('lists the modules under src by their path from the root, sorted, and nothing else', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'class-names-'));
    try {
      for (const f of [
        'src/b/B.module.css',
        'src/a/A.module.css',
        'src/a/plain.css',
        'tests/T.module.css',
      ]) {
        mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
        writeFileSync(path.join(root, f), '.x{}');
      }
      expect(styleModules(root)).toEqual(['src/a/A.module.css', 'src/b/B.module.css']);
    } finally {
      rmSync(root, { recursive: true });
    }
  });
});
