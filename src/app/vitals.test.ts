// @vitest-environment happy-dom
/**
 * Core Web Vitals in the browser (docs/operations.md "Speed in visitors' browsers"): one beacon
 * per page view, when the page is hidden or a client-side navigation swaps another view in; the
 * load's five metrics as web-vitals last gave them; nothing without the consent purpose asked for.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DidomiApi } from '../ui/consent/consent';
import type { Snapshot } from './state';
import { createAppStore, type AppStore } from './store';
import { watchVitals, type VitalSource } from './vitals';

let beacons: Promise<{ url: string; body: unknown }>[] = [];
/** The page views' tokens the site gave, in order; `refuseViews` makes it answer 429 instead. */
let given: string[] = [];
let refuseViews = false;

/** A browser that reports interactions and layout shifts, none of which happen here. */
class QuietObserver {
  static supportedEntryTypes = ['event', 'layout-shift'];
  observe(): void {}
  takeRecords(): PerformanceEntry[] {
    return [];
  }
}

beforeEach(() => {
  beacons = [];
  given = [];
  refuseViews = false;
  Object.defineProperty(window, 'fetch', {
    configurable: true,
    value: (url: string, init: RequestInit) => {
      expect([url, init.method]).toEqual(['/_vitals/view', 'POST']);
      if (refuseViews) return Promise.resolve(new Response(null, { status: 429 }));
      const token = String(given.length + 1).padStart(22, 'v');
      given.push(token);
      return Promise.resolve(new Response(token, { status: 200 }));
    },
  });
  Object.defineProperty(window, 'PerformanceObserver', {
    configurable: true,
    value: QuietObserver,
  });
  Object.defineProperty(window.navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, data: Blob) => {
      beacons.push(data.text().then((text) => ({ url, body: JSON.parse(text) as unknown })));
      return true;
    },
  });
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
});

afterEach(() => {
  delete window.Didomi;
});

/** Lets the page views' token requests come back. */
const tokensBack = () => new Promise((resolve) => setTimeout(resolve, 0));

function hide(): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
}

function storeOn(kind: 'content' | 'site-map'): AppStore {
  // Only what the watcher reads: the rest of the snapshot does not matter here.
  return createAppStore({ path: '/fr/accueil', view: { kind } } as unknown as Snapshot);
}

type Metric = { name: string; value: number; entries: readonly PerformanceEntry[] };

/**
 * web-vitals as the test tells it: `report(name, value, at)` gives the source's callback a value
 * whose last entry started at `at`.
 */
function fakeVitals() {
  const callbacks = new Map<string, (metric: Metric) => void>();
  const sources: VitalSource[] = ['TTFB', 'FCP', 'LCP', 'INP', 'CLS'].map(
    (name) => (report, options) => {
      expect(options.reportAllChanges).toBe(true);
      callbacks.set(name, report);
    },
  );
  const report = (name: string, value: number, at = 0) =>
    callbacks.get(name)?.({ name, value, entries: [{ startTime: at } as PerformanceEntry] });
  return { sources, report };
}

describe('watchVitals', () => {
  it("sends the load's five metrics, last values rounded, once, when the page is hidden", async () => {
    const store = storeOn('content');
    const { sources, report } = fakeVitals();
    watchVitals(window, store, {}, sources);
    await tokensBack();
    report('TTFB', 120.4);
    report('FCP', 800.6);
    report('LCP', 900);
    report('LCP', 1234.56);
    report('INP', 48);
    report('CLS', 0.012345);
    expect(beacons).toHaveLength(0);
    hide();
    hide();
    report('INP', 400);
    expect(beacons).toHaveLength(1);
    expect(await beacons[0]).toEqual({
      url: '/_vitals',
      body: {
        view: given[0],
        page: 'content',
        navigation: 'load',
        metrics: { TTFB: 120, FCP: 801, LCP: 1235, INP: 48, CLS: 0.0123 },
      },
    });
  });

  it('keeps the load to what came before a client-side navigation, and sends the new view as client', async () => {
    const store = storeOn('content');
    const { sources, report } = fakeVitals();
    watchVitals(window, store, {}, sources);
    report('LCP', 1500);
    // Only the query changed: the same page view.
    store.setState({ path: '/fr/accueil?lot=1' });
    const swap = performance.now();
    store.getState().setView({
      path: '/fr/plan-du-site',
      locale: 'fr',
      view: { kind: 'site-map', groups: [], alternate: '/en/site-map' },
    });
    // The click that navigated, reported late: the load's. An interaction after: the next view's.
    report('INP', 80, swap - 50);
    report('INP', 900, swap + 10);
    expect(beacons).toHaveLength(0);
    await tokensBack();
    hide();
    expect(beacons).toHaveLength(2);
    const [load, client] = await Promise.all(beacons);
    // One token per page view: the load's, then the site map's.
    expect(load?.body).toEqual({
      view: given[0],
      page: 'content',
      navigation: 'load',
      metrics: { LCP: 1500, INP: 80 },
    });
    expect(client?.body).toEqual({
      view: given[1],
      page: 'site-map',
      navigation: 'client',
      metrics: { CLS: 0 },
    });
  });

  it('sends a client-side page view when the next navigation swaps another view in', async () => {
    const store = storeOn('content');
    watchVitals(window, store, {}, fakeVitals().sources);
    const view = { kind: 'site-map' as const, groups: [], alternate: '/en/site-map' };
    store.getState().setView({ path: '/fr/plan-du-site', locale: 'fr', view });
    await tokensBack();
    store.getState().setView({ path: '/fr/plan-du-site', locale: 'fr', view: { ...view } });
    expect(beacons).toHaveLength(1);
    expect((await beacons[0])?.body).toMatchObject({ page: 'site-map', navigation: 'client' });
    // Its other views end here, before the next test.
    hide();
  });

  it('leaves out what the browser does not report, rather than reading it as 0', () => {
    // Without Event Timing and layout shifts (Safari, Firefox): no INP, no CLS, no beacon.
    Object.defineProperty(window, 'PerformanceObserver', { configurable: true, value: undefined });
    const store = storeOn('content');
    watchVitals(window, store, {}, fakeVitals().sources);
    store.getState().setView({
      path: '/fr/plan-du-site',
      locale: 'fr',
      view: { kind: 'site-map', groups: [], alternate: '/en/site-map' },
    });
    hide();
    expect(beacons).toHaveLength(0);
  });

  it('waits for the consent purpose the operator names, and sends nothing without it', async () => {
    const enabled: string[] = [];
    window.Didomi = {
      getUserStatus: () => ({
        purposes: { consent: { enabled, disabled: [] } },
        vendors: { consent: { enabled: [], disabled: [] } },
      }),
    } as unknown as DidomiApi;
    const refused = fakeVitals();
    watchVitals(window, storeOn('content'), { consentPurpose: 'audience' }, refused.sources);
    await tokensBack();
    refused.report('LCP', 1000);
    hide();
    expect(beacons).toHaveLength(0);

    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    enabled.push('audience');
    const allowed = fakeVitals();
    watchVitals(window, storeOn('content'), { consentPurpose: 'audience' }, allowed.sources);
    await tokensBack();
    allowed.report('LCP', 1000);
    hide();
    expect(beacons).toHaveLength(1);
    expect((await beacons[0])?.body).toMatchObject({ metrics: { LCP: 1000 } });
  });

  it('sends nothing for a page view the site gave no token (its address past its share)', async () => {
    refuseViews = true;
    const { sources, report } = fakeVitals();
    watchVitals(window, storeOn('content'), {}, sources);
    await tokensBack();
    report('LCP', 1000);
    hide();
    expect(beacons).toHaveLength(0);
  });
});
