import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_FORMAT, type Snapshot } from './state';
import { createAppStore, type AppStore } from './store';

// The language catalogue arrives when the test says so: the window in which a newer location
// can overtake a load.
let releaseCatalogue: () => void = () => undefined;
vi.mock('../i18n/catalogue', () => ({
  loadCatalogue: () =>
    new Promise<void>((resolve) => {
      releaseCatalogue = resolve;
    }),
}));
vi.mock('./client-session', () => ({
  storedLocale: () => null,
  saveLocale: () => undefined,
  refreshLogicalDate: () => Promise.resolve(),
}));

// A view that arrives is drawn at once: no chunks to fetch, no document head to write.
vi.mock('./prepare-view', () => ({ prepareView: () => Promise.resolve() }));
vi.mock('./head', () => ({ applyHead: () => undefined, buildHead: () => ({}) }));

const { loadLocation } = await import('./client-navigation');

function storeAt(path: string): AppStore {
  // Only what loadLocation reads: the rest of the snapshot does not matter here.
  return createAppStore({ path, locale: 'fr', view: { kind: 'sports' } } as unknown as Snapshot);
}

const noNavigation = () => undefined;
const REDIRECT = { type: 'redirect', location: '/fr/404.html', status: 302 };

describe('loadLocation', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  describe('a move inside /sports/ (the widget draws it; only the path follows)', () => {
    it('puts the new path in the store', async () => {
      const store = storeAt('/sports/fr');
      const done = loadLocation(store, '/sports/fr/en-jeux', noNavigation, () => true);
      releaseCatalogue();
      await done;
      expect(store.getState().path).toBe('/sports/fr/en-jeux');
    });

    it('leaves the store alone once the visitor has gone back meanwhile', async () => {
      const store = storeAt('/sports/fr');
      let current = true;
      const done = loadLocation(store, '/sports/fr/en-jeux', noNavigation, () => current);
      // Back to /sports/fr before the code arrived: that location needs no load.
      current = false;
      releaseCatalogue();
      await done;
      expect(store.getState().path).toBe('/sports/fr');
    });
  });

  describe('a move to a page whose view must be fetched', () => {
    let signal: AbortSignal | undefined;
    let answer: (response: Response) => void = () => undefined;
    beforeEach(() => {
      vi.stubGlobal(
        'fetch',
        (_url: string, init: RequestInit) =>
          new Promise<Response>((resolve) => {
            signal = init.signal ?? undefined;
            answer = resolve;
          }),
      );
    });

    /** From `from`, a move to `to` whose view request is answered with `response`. */
    async function failedMove(from: string, to: string, response: Response) {
      const store = storeAt(from);
      const navigateTo = vi.fn();
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      vi.stubGlobal('window', { scrollTo: () => undefined });
      vi.stubGlobal('document', {});
      const done = loadLocation(store, to, navigateTo, () => true);
      answer(response);
      await done;
      return { store, navigateTo, warn };
    }
    const proxyErrorPage = () =>
      new Response('<html><body>Bad gateway</body></html>', { status: 200 });

    it('drops an overtaken answer, aborts its request and is no longer loading', async () => {
      const store = storeAt('/fr/accueil');
      let current = true;
      const navigateTo = vi.fn();
      const done = loadLocation(store, '/fr/promotions', navigateTo, () => current);
      expect(store.getState().loading).toBe(true);
      current = false;
      answer(new Response(JSON.stringify({ format: ANSWER_FORMAT, ...REDIRECT })));
      await done;
      expect(signal?.aborted).toBe(true);
      expect(store.getState().loading).toBe(false);
      expect(store.getState().path).toBe('/fr/accueil');
      expect(navigateTo).not.toHaveBeenCalled();
    });

    it('follows the answer of a load that is still current', async () => {
      const store = storeAt('/fr/accueil');
      const navigateTo = vi.fn();
      const done = loadLocation(store, '/fr/promotions', navigateTo, () => true);
      answer(new Response(JSON.stringify({ format: ANSWER_FORMAT, ...REDIRECT })));
      await done;
      expect(navigateTo).toHaveBeenCalledWith('/fr/404.html', { replace: true });
      expect(store.getState().loading).toBe(false);
    });

    it("ends on the 503 page when a proxy's error page comes instead of the answer", async () => {
      const { store, navigateTo, warn } = await failedMove(
        '/fr/accueil',
        '/fr/promotions',
        proxyErrorPage(),
      );
      // Drawn here, as fetching the 503 page's view would fail the same way.
      expect(store.getState().view).toEqual({ kind: 'error', code: 503 });
      expect(store.getState().path).toBe('/headless/err/503.html?lang=fr');
      expect(navigateTo).toHaveBeenCalledWith('/headless/err/503.html?lang=fr', { replace: true });
      expect(warn).toHaveBeenCalled();
    });

    it('ends on the 503 page when the answer has the format but not the shape', async () => {
      const { store, navigateTo } = await failedMove(
        '/fr/accueil',
        '/fr/promotions',
        new Response(
          JSON.stringify({ format: ANSWER_FORMAT, type: 'view', status: 200, state: null }),
        ),
      );
      expect(store.getState().view).toEqual({ kind: 'error', code: 503 });
      expect(navigateTo).toHaveBeenCalledWith('/headless/err/503.html?lang=fr', { replace: true });
    });

    it('draws the 503 page in the language of the address that failed, not the page left', async () => {
      // Issue 45: from a French page, a failing English one showed "Oups... Erreur 503".
      const { store, navigateTo } = await failedMove(
        '/fr/accueil',
        '/en/promotions',
        proxyErrorPage(),
      );
      expect(store.getState().locale).toBe('en');
      expect(navigateTo).toHaveBeenCalledWith('/headless/err/503.html?lang=en', { replace: true });
    });

    it("loads the document when a server of another release answers (a stale page's code)", async () => {
      const store = storeAt('/fr/accueil');
      const navigateTo = vi.fn();
      const assign = vi.fn();
      vi.stubGlobal('window', { location: { assign } });
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const done = loadLocation(store, '/fr/promotions', navigateTo, () => true);
      answer(new Response(JSON.stringify({ format: ANSWER_FORMAT + 1, ...REDIRECT })));
      await done;
      expect(assign).toHaveBeenCalledWith('/fr/promotions');
      expect(navigateTo).not.toHaveBeenCalled();
      expect(store.getState().loading).toBe(true);
    });
  });
});
