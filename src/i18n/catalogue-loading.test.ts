import { beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: the browser's start, with no language installed (the test setup
// installs the server's complete catalogues).
beforeEach(() => {
  vi.resetModules();
});
const fresh = () => import('./catalogue');

describe('loading a language in the browser', () => {
  it('keeps the late messages when the main catalogue is installed after them', async () => {
    const { lateMessages, provideCatalogue, translator } = await fresh();
    expect(translator('fr')('planSite.titre')).toBe('planSite.titre');
    await lateMessages('fr');
    expect(translator('fr')('planSite.titre')).toBe('Plan du site');
    // What a second, slower load of the main catalogue does (a language switch racing the site map).
    const { default: main } = await import('virtual:catalogue/fr');
    provideCatalogue('fr', main);
    expect(translator('fr')('planSite.titre')).toBe('Plan du site');
    expect(translator('fr')('erreur.titre', { code: 404 })).toBe('Oups... Erreur 404');
  });
  it('shares one load between callers at the same time', async () => {
    const { loadCatalogue, translator } = await fresh();
    const first = loadCatalogue('en');
    expect(loadCatalogue('en')).toBe(first);
    await first;
    expect(translator('en')('erreur.titre', { code: 503 })).toBe('Oops... Error 503');
  });
  it("gives React's use() one plain promise per language while the late messages load", async () => {
    const { hasLateMessages, lateMessages } = await fresh();
    const first = lateMessages('en');
    // The same promise on every render until it settles, as use() needs (React's documentation).
    expect(lateMessages('en')).toBe(first);
    expect(hasLateMessages('en')).toBe(false);
    await first;
    expect(hasLateMessages('en')).toBe(true);
    // Nothing of React's own bookkeeping is written on it by hand (issue 43 item 6).
    expect(Object.keys(first)).toEqual([]);
    expect(Object.keys(lateMessages('en'))).toEqual([]);
  });
});
