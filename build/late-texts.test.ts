/**
 * Where the late messages (src/i18n/late-keys.ts) are read: a rule over the whole source, beside
 * the other tests that keep the structure honest.
 */
import { describe, expect, it } from 'vitest';
import { LAZY_KINDS } from '../src/blocks/registry';
import { LATE_KEY_PREFIXES } from '../src/i18n/late-keys';
import { projectSources } from './project-sources';

describe('late messages', () => {
  // A late text read with the page's translator would show its key until the feature had loaded
  // them; the features that use them read them through useLateT, which waits. The blocks that
  // hydrate after the page render only through their gate, which waits for them too
  // (src/blocks/LazyBlock.tsx); so does the consent overlay, shown only inside those blocks and
  // the lot modal. The head's site-map title is made after prepareView (src/app/prepare-view.ts)
  // has loaded them.
  const WAITED_FOR_ELSEWHERE = ['src/app/head.ts', 'src/ui/consent/ConsentGate.tsx'];
  const lazyBlockFolder = new RegExp(`^src/blocks/(${LAZY_KINDS.join('|')})/`);

  it('are read only through useLateT, or by a block that hydrates after the page', () => {
    const lateKey = new RegExp(
      `'(${LATE_KEY_PREFIXES.map((p) => p.replace('.', '\\.')).join('|')})`,
    );
    const named = projectSources(/^(?!.*\.test\.).*\.tsx?$/)
      .filter(
        ({ name, text }) =>
          name.startsWith('src/') &&
          !name.endsWith('late-keys.ts') &&
          lateKey.test(text) &&
          !/useLateT\(\)/.test(text),
      )
      .map(({ name }) => name);
    expect(
      named.filter((file) => !WAITED_FOR_ELSEWHERE.includes(file) && !lazyBlockFolder.test(file)),
    ).toEqual([]);
    // The rule bites: the carousel reads late texts without useLateT, through its gate.
    expect(named).toContain('src/blocks/carrousel/Carousel.tsx');
  });
});
