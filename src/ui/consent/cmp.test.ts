// @vitest-environment happy-dom
/**
 * The adapter's path through the operator's consent manager, over the stand-in SDK the embedded
 * defaults serve (embedded/cmp/), and its fall-back to the built-in store.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STAND_IN_CMP_SCRIPT, STAND_IN_CMP_VENDORS } from '../../../embedded/cmp/script';
import {
  awaitingManager,
  CMP_ELEMENT_ID,
  CMP_FAILED_ATTRIBUTE,
  CMP_LOADER_ATTRIBUTE,
  cmpWhenReady,
  configuredCmp,
} from './consent';

function runStandIn(): void {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  (new Function(STAND_IN_CMP_SCRIPT) as () => void)();
}

/** The element the document writes for a configured consent manager. */
function cmpElement(): HTMLTemplateElement {
  const element = document.createElement('template');
  element.id = CMP_ELEMENT_ID;
  element.setAttribute(CMP_LOADER_ATTRIBUTE, 'https://sdk.cmp.example/key/loader.js');
  element.dataset.video = 'c:youtube';
  element.dataset.podcast = 'c:podcast';
  document.head.append(element);
  return element;
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
    const element = document.createElement('template');
    element.id = CMP_ELEMENT_ID;
    element.dataset.video = 'c:video-x1';
    document.head.append(element);
    element.dataset.podcast = 'c:podcast-x2';
    // No loader named: no consent manager.
    expect(configuredCmp(document)).toBeNull();
    element.setAttribute(CMP_LOADER_ATTRIBUTE, 'https://sdk.cmp.example/key/loader.js');
    expect(configuredCmp(document)).toEqual({ video: 'c:video-x1', podcast: 'c:podcast-x2' });
  });

  it('grants through the CMP, and follows a withdrawal made in its own preferences', async () => {
    cmpElement();
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
    cmpElement();
    runStandIn();
    const manager = await cmpWhenReady(window, { video: 'c:podcast', podcast: 'c:youtube' });
    manager.grant('podcast');
    expect(window.Didomi?.getUserConsentStatusForVendor('c:youtube')).toBe(true);
    expect(manager.has('video')).toBe(false);
  });

  it('answers no consent until the CMP is ready, then applies a choice made meanwhile', async () => {
    // The entry adds the loader after the first screen: the page may have loaded long before.
    cmpElement();
    const manager = awaitingManager(cmpWhenReady(window, STAND_IN_CMP_VENDORS));
    const listener = vi.fn();
    manager.subscribe(listener);
    window.dispatchEvent(new Event('load'));
    manager.grant('podcast');
    expect(manager.has('podcast')).toBe(false);
    expect(manager.hasPurpose('select_personalized_content')).toBe(false);
    expect(manager.showPreferences()).toBe(false);
    runStandIn();
    await vi.waitFor(() => expect(manager.has('podcast')).toBe(true));
    // The purposes are the CMP's once it is known: the podcast's, granted meanwhile.
    expect(manager.hasPurpose('select_personalized_content')).toBe(true);
    expect(listener).toHaveBeenCalled();
    expect(window.Didomi?.getUserConsentStatusForVendor('c:podcast')).toBe(true);
    expect(window.localStorage.getItem('consentements')).toBeNull();
  });

  it("falls back on the built-in store once the entry marks the SDK's script as failed", async () => {
    const element = cmpElement();
    const manager = awaitingManager(cmpWhenReady(window, STAND_IN_CMP_VENDORS));
    // The load event says nothing: the loader may come after it.
    window.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    manager.grant('video');
    expect(manager.has('video')).toBe(false);
    element.setAttribute(CMP_FAILED_ATTRIBUTE, '');
    await vi.waitFor(() => expect(manager.has('video')).toBe(true));
    expect(manager.showPreferences()).toBe(false);
    expect(window.localStorage.getItem('consentements')).toContain('"video":true');
  });

  it('takes the built-in store at once when the failure came before the consent code', async () => {
    cmpElement().setAttribute(CMP_FAILED_ATTRIBUTE, '');
    const manager = await cmpWhenReady(window, STAND_IN_CMP_VENDORS);
    manager.grant('podcast');
    expect(window.localStorage.getItem('consentements')).toContain('"podcast":true');
  });
});
