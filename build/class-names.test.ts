import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { shortClassNames, shortHash } from './class-names';

const ROOT = path.join(path.sep, 'srv', 'site');
const file = (relative: string) => path.join(ROOT, ...relative.split('/'));

describe('shortClassNames', () => {
  it('gives the local name and four characters of its file, a valid class selector', () => {
    const name = shortClassNames(ROOT)('card', file('src/blocks/carte/Carte.module.css'));
    expect(name).toMatch(/^card_[A-Za-z0-9]{4}$/);
  });

  it('gives the same name in another build from another checkout (the server and browser builds agree)', () => {
    const here = shortClassNames(ROOT)('card', file('src/blocks/carte/Carte.module.css'));
    const elsewhere = shortClassNames(path.join(path.sep, 'tmp', 'clone'))(
      'card',
      path.join(path.sep, 'tmp', 'clone', 'src', 'blocks', 'carte', 'Carte.module.css'),
    );
    expect(elsewhere).toBe(here);
  });

  it('ignores the query Vite may add to a module id', () => {
    const name = shortClassNames(ROOT);
    const css = file('src/blocks/carte/Carte.module.css');
    expect(name('card', `${css}?used`)).toBe(name('card', css));
  });

  it('names the same local name differently in two modules, and two names of one module apart', () => {
    const name = shortClassNames(ROOT);
    const a = file('src/blocks/carte/Carte.module.css');
    const b = file('src/blocks/section/Section.module.css');
    expect(name('title', a)).not.toBe(name('title', b));
    expect(name('title', a)).not.toBe(name('body', a));
    // Asked again (postcss-modules asks once per rule), the same name.
    expect(name('title', a)).toBe(name('title', a));
  });

  it('stops the build when two classes meet on one name', async () => {
    vi.resetModules();
    vi.doMock('node:crypto', async (original) => {
      const crypto = await original<typeof import('node:crypto')>();
      return {
        ...crypto,
        createHash: () => ({ update: () => ({ digest: () => Buffer.alloc(32) }) }),
      };
    });
    const { shortClassNames: colliding } = await import('./class-names');
    const name = colliding(ROOT);
    name('title', file('src/a.module.css'));
    expect(() => name('title', file('src/b.module.css'))).toThrow(
      /src\/a\.module\.css:title and src\/b\.module\.css:title both hash to title_aaaa/,
    );
    vi.doUnmock('node:crypto');
  });

  it('spreads names over the alphabet', () => {
    // 200 style sheets, more than the site will have: no two share a hash.
    const seen = new Set(Array.from({ length: 200 }, (_, i) => shortHash(`src/k${i}.module.css`)));
    expect(seen.size).toBe(200);
  });
});
