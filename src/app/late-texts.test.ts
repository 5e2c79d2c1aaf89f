/**
 * Where the late messages (src/i18n/late-keys.ts) are read: here, in the app layer, since the
 * rule spans the blocks, the features and the translator.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAZY_KINDS } from '../blocks/registry';
import { LATE_KEY_PREFIXES } from '../i18n/late-keys';

const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('late messages', () => {
  // A late text read with the page's translator would show its key until the feature had loaded
  // them; the features that use them read them through useLateT, which waits. The blocks that
  // hydrate after the page render only through their gate, which waits for them too
  // (src/blocks/LazyBlock.tsx); so does the consent overlay, shown only inside those blocks and
  // the lot modal. The head's site-map title is made after prepareView (src/app/prepare-view.ts)
  // has loaded them.
  const WAITED_FOR_ELSEWHERE = ['app/head.ts', 'ui/consent/ConsentGate.tsx'];
  const lazyBlockFolder = new RegExp(`^blocks/(${LAZY_KINDS.join('|')})/`);

  it('are read only through useLateT, or by a block that hydrates after the page', () => {
    const lateKey = new RegExp(
      `'(${LATE_KEY_PREFIXES.map((p) => p.replace('.', '\\.')).join('|')})`,
    );
    const offenders = sourceFiles(SRC).filter((file) => {
      const text = readFileSync(file, 'utf8');
      return lateKey.test(text) && !file.endsWith('late-keys.ts') && !/useLateT\(\)/.test(text);
    });
    const named = offenders.map((file) => path.relative(SRC, file));
    expect(
      named.filter((file) => !WAITED_FOR_ELSEWHERE.includes(file) && !lazyBlockFolder.test(file)),
    ).toEqual([]);
    // The rule bites: the carousel reads late texts without useLateT, through its gate.
    expect(named).toContain('blocks/carrousel/Carrousel.tsx');
  });
});
