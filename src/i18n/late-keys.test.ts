import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fr from './fr.json';
import { isLateKey, LATE_KEY_PREFIXES } from './late-keys';

const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('late messages', () => {
  it('each prefix names messages of the catalogue', () => {
    for (const prefix of LATE_KEY_PREFIXES) {
      expect(
        Object.keys(fr).some((key) => key.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });

  // A late text read with the page's translator would show its key until the feature had loaded
  // them; the features that use them read them through useLateT, which waits. The head's site-map
  // title is made after prepareView (src/app/prepare-view.ts) has loaded them.
  const WAITED_FOR_ELSEWHERE = ['app/head.ts'];
  it('are read only through useLateT', () => {
    const lateKey = new RegExp(
      `'(${LATE_KEY_PREFIXES.map((p) => p.replace('.', '\\.')).join('|')})`,
    );
    const offenders = sourceFiles(SRC).filter((file) => {
      const text = readFileSync(file, 'utf8');
      return lateKey.test(text) && !file.endsWith('late-keys.ts') && !/useLateT\(\)/.test(text);
    });
    const named = offenders.map((file) => path.relative(SRC, file));
    expect(named.filter((file) => !WAITED_FOR_ELSEWHERE.includes(file))).toEqual([]);
  });

  it('leave every other message in the catalogue loaded with the page', () => {
    expect(isLateKey('config.titre')).toBe(true);
    expect(isLateKey('consentement.video')).toBe(true);
    expect(isLateKey('carrousel.role')).toBe(true);
    expect(isLateKey('site.chargement')).toBe(false);
    expect(isLateKey('chronique.par')).toBe(false);
    expect(isLateKey('entete.menu')).toBe(false);
  });
});
