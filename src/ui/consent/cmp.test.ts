// @vitest-environment happy-dom
/**
 * The adapter's path through the operator's consent manager, over the stand-in SDK the embedded
 * defaults serve (embedded/cmp/), and its fall-back to the built-in store.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STAND_IN_CMP_SCRIPT, STAND_IN_CMP_VENDORS } from '../../../embedded/cmp/script';
import { awaitingManager, CMP_ELEMENT_ID, cmpWhenReady, configuredCmp } from './consent';

function runStandIn(): void {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  (new Function(STAND_IN_CMP_SCRIPT) as () => void)();
}

/** Saves the stand-in's preferences with the video platform's switch turned. */
function toggleVideoInCmp(): void {
  window.Didomi?.preferences.show();
  const dialog = document.querySelector('[data-stand-in-cmp]');
  dialog?.querySelector<HTMLInputElement>('input[role="switch"]')?.click();
  [...(dialog?.querySelectorAll('button') ?? [])].at(-1)?.click();
}

beforeEach(() => {
  delete window.Didomi;
  delete window.didomiOnReady;
  delete window.didomiEventListeners;
  window.localStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the configured consent manager', () => {
  it("is read from the loader's element: its vendors' ids, or none", () => {
    expect(configuredCmp(document)).toBeNull();
    const script = document.createElement('script');
    script.id = CMP_ELEMENT_ID;
    script.dataset.video = 'c:video-x1';
    document.head.append(script);
    expect(configuredCmp(document)).toBeNull();
    script.dataset.podcast = 'c:podcast-x2';
    expect(configuredCmp(document)).toEqual({ video: 'c:video-x1', podcast: 'c:podcast-x2' });
  });

  it('grants through the CMP, and follows a withdrawal made in its own preferences', async () => {
    // The SDK has run by the time the page's load event comes, which the consent code follows.
    runStandIn();
    const manager = await cmpWhenReady(window, STAND_IN_CMP_VENDORS);
    expect(manager.has('video')).toBe(false);
    manager.grant('video');
    expect(manager.has('video')).toBe(true);
    expect(window.Didomi?.getUserConsentStatusForVendor('c:youtube')).toBe(true);

    const listener = vi.fn();
    manager.subscribe(listener);
    toggleVideoInCmp();
    expect(listener).toHaveBeenCalled();
    expect(manager.has('video')).toBe(false);
    // And given again there, the embed may load.
    toggleVideoInCmp();
    expect(manager.has('video')).toBe(true);
    expect(manager.showPreferences()).toBe(true);
    expect(document.querySelector('[data-stand-in-cmp]')).not.toBeNull();
  });

  it('maps each vendor to the id configuration gives it', async () => {
    runStandIn();
    const manager = await cmpWhenReady(window, { video: 'c:podcast', podcast: 'c:youtube' });
    manager.grant('podcast');
    expect(window.Didomi?.getUserConsentStatusForVendor('c:youtube')).toBe(true);
    expect(manager.has('video')).toBe(false);
  });

  it('answers no consent until the CMP is ready, then applies a choice made meanwhile', async () => {
    // The page still loading, its SDK not run yet.
    Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
    try {
      const manager = awaitingManager(cmpWhenReady(window, STAND_IN_CMP_VENDORS));
      const listener = vi.fn();
      manager.subscribe(listener);
      manager.grant('podcast');
      expect(manager.has('podcast')).toBe(false);
      expect(manager.hasPurpose('select_personalized_content')).toBe(false);
      expect(manager.showPreferences()).toBe(false);
      runStandIn();
      window.dispatchEvent(new Event('load'));
      await vi.waitFor(() => expect(manager.has('podcast')).toBe(true));
      // The purposes are the CMP's once it is known: the podcast's, granted meanwhile.
      expect(manager.hasPurpose('select_personalized_content')).toBe(true);
      expect(listener).toHaveBeenCalled();
      expect(window.Didomi?.getUserConsentStatusForVendor('c:podcast')).toBe(true);
      expect(window.localStorage.getItem('consentements')).toBeNull();
    } finally {
      Reflect.deleteProperty(document, 'readyState');
    }
  });

  it('falls back on the built-in store when the page loaded without the SDK (blocked, failed)', async () => {
    const storage = new Map<string, string>();
    const handlers: (() => void)[] = [];
    const page = {
      document: { readyState: 'interactive' },
      localStorage: {
        getItem: (k: string) => storage.get(k) ?? null,
        setItem: (k: string, v: string) => void storage.set(k, v),
      },
      addEventListener: (_: string, handler: () => void) => handlers.push(handler),
    } as unknown as Window;
    const coming = cmpWhenReady(page, STAND_IN_CMP_VENDORS);
    handlers.forEach((h) => h());
    const manager = await coming;
    expect(manager.showPreferences()).toBe(false);
    manager.grant('video');
    expect(storage.get('consentements')).toContain('"video":true');
  });
});
