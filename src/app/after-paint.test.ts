// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { bannerPlatform } from '../features/app-banner/platform';
import { mobilePlatform } from '../domain/browser';
import * as consent from '../ui/consent/consent';
import {
  AFTER_PAINT_ATTRIBUTE,
  CMP_ELEMENT_ID,
  CMP_FAILED_ATTRIBUTE,
  CMP_LOADER_ATTRIBUTE,
  EARLY_ATTRIBUTE,
  EARLY_DONE_EVENT,
  firstScreenPainted,
  isPhoneOrTablet,
  listedModules,
  loadConsentManager,
  PHONE_ATTRIBUTE,
  preloadModules,
  preloadState,
  runEarlyModule,
  runModule,
  START_ATTRIBUTE,
  STATE_ELEMENT,
  STATE_SOURCE,
} from './after-paint';
import { STATE_ELEMENT_ID, STATE_SOURCE_ATTRIBUTE } from './state';
import { EARLY_DONE_EVENT as SPORTS_EARLY_DONE_EVENT } from '../features/sports-area/early';

describe('firstScreenPainted', () => {
  it('waits for the first screen’s image, then for a frame', async () => {
    document.body.innerHTML = '<img fetchpriority="high" src="/hero.png"><img src="/other.png">';
    const hero = document.querySelector('img');
    Object.defineProperty(hero, 'complete', { value: false });
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    let done = false;
    void firstScreenPainted(document, window).then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(frames).toHaveLength(0);
    hero?.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(frames).toHaveLength(1);
    expect(done).toBe(false);
    frames[0]?.(0);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done).toBe(true);
  });

  it('does not wait for ever in a tab that draws no frame', async () => {
    document.body.innerHTML = '';
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    await expect(firstScreenPainted(document, window)).resolves.toBeUndefined();
  });
});

describe('the entry’s script element', () => {
  it('names the modules to run, early ones first, and those to fetch at once, each once', () => {
    document.head.innerHTML = `<link rel="modulepreload" href="/assets/b.js"><script type="module" ${START_ATTRIBUTE}="/assets/start.js" ${EARLY_ATTRIBUTE}="/assets/early.js" ${AFTER_PAINT_ATTRIBUTE}="/assets/start.js /assets/b.js /assets/c.js"></script>`;
    expect(listedModules(document, EARLY_ATTRIBUTE)).toEqual(['/assets/early.js']);
    expect(listedModules(document, START_ATTRIBUTE)).toEqual(['/assets/start.js']);
    preloadModules(document, listedModules(document, AFTER_PAINT_ATTRIBUTE));
    const hrefs = [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(hrefs.sort()).toEqual(['/assets/b.js', '/assets/c.js', '/assets/start.js']);
  });

  it('names nothing on a page without them', () => {
    document.head.innerHTML = '<script type="module"></script>';
    for (const name of [START_ATTRIBUTE, EARLY_ATTRIBUTE, PHONE_ATTRIBUTE, AFTER_PAINT_ATTRIBUTE])
      expect(listedModules(document, name), name).toEqual([]);
    preloadModules(document, listedModules(document, AFTER_PAINT_ATTRIBUTE));
    expect(document.querySelectorAll('link')).toHaveLength(0);
  });
});

describe('the phones’ early modules', () => {
  it('are listed apart from the others', () => {
    document.head.innerHTML = `<script type="module" ${START_ATTRIBUTE}="/assets/start.js" ${EARLY_ATTRIBUTE}="/assets/early.js" ${PHONE_ATTRIBUTE}="/assets/banner.js"></script>`;
    expect(listedModules(document, PHONE_ATTRIBUTE)).toEqual(['/assets/banner.js']);
    expect(listedModules(document, EARLY_ATTRIBUTE)).toEqual(['/assets/early.js']);
  });

  it('are for exactly the visitors the app banner is for', () => {
    const agents: [string, number][] = [
      ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile', 5],
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', 5],
      ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)', 5],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0', 10],
      ['Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0', 0],
    ];
    for (const [agent, touch] of agents) {
      const banner = bannerPlatform(mobilePlatform(agent), agent, touch) !== null;
      expect(isPhoneOrTablet(agent, touch), agent).toBe(banner);
    }
  });
});

/** The scripts the code under test appends, kept out of the test DOM (which loads none). */
function keepScripts(): HTMLScriptElement[] {
  const kept: HTMLScriptElement[] = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    for (const node of nodes) if (node instanceof HTMLScriptElement) kept.push(node);
  });
  return kept;
}

describe('runModule', () => {
  it('runs a module as a module script of the document', () => {
    document.head.innerHTML = '';
    void runModule(document, '/assets/start.js');
    const script = document.head.querySelector('script');
    expect(script?.type).toBe('module');
    expect(script?.getAttribute('src')).toBe('/assets/start.js');
  });

  it('says when the module has run, or failed (with a console error)', async () => {
    const scripts = keepScripts();
    const ran = runModule(document, '/assets/banner.js');
    scripts[0]?.dispatchEvent(new Event('load'));
    await expect(ran).resolves.toBe(true);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = runModule(document, '/assets/missing.js');
    scripts[1]?.dispatchEvent(new Event('error'));
    await expect(failed).resolves.toBe(false);
    expect(error).toHaveBeenCalledWith('The module /assets/missing.js could not be loaded.');
    error.mockRestore();
  });
});

describe('runEarlyModule', () => {
  it('waits for the module to say it is done, not for its load event', async () => {
    const scripts = keepScripts();
    let done = false;
    void runEarlyModule(document, '/assets/early-start.js').then(() => {
      done = true;
    });
    scripts[0]?.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).toBe(false);
    document.dispatchEvent(new Event(EARLY_DONE_EVENT));
    await vi.waitFor(() => expect(done).toBe(true));
  });

  it('does not wait for a module that could not be loaded', async () => {
    const scripts = keepScripts();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const done = runEarlyModule(document, '/assets/missing.js');
    scripts[0]?.dispatchEvent(new Event('error'));
    await expect(done).resolves.toBeUndefined();
    error.mockRestore();
  });

  it('spells the event the sports area dispatches', () => {
    expect(EARLY_DONE_EVENT).toBe(SPORTS_EARLY_DONE_EVENT);
  });
});

describe('loadConsentManager', () => {
  const LOADER = 'https://sdk.cmp.example/key/loader.js?target=www.pari.example';

  function page(): HTMLElement {
    document.head.innerHTML = `<template id="app-cmp" data-loader="${LOADER}" data-video="c:v" data-podcast="c:p"></template>`;
    return document.getElementById('app-cmp') as HTMLElement;
  }

  it('spells the names the consent adapter reads', () => {
    expect([CMP_ELEMENT_ID, CMP_LOADER_ATTRIBUTE, CMP_FAILED_ATTRIBUTE]).toEqual([
      consent.CMP_ELEMENT_ID,
      consent.CMP_LOADER_ATTRIBUTE,
      consent.CMP_FAILED_ATTRIBUTE,
    ]);
  });

  it('adds the loader as an async script, once the entry calls it, and nothing on a page without one', () => {
    document.head.innerHTML = '';
    loadConsentManager(document);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    page();
    loadConsentManager(document);
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(LOADER);
    expect(scripts[0]?.async).toBe(true);
  });

  it("marks the element when a script from the loader's origin fails, and only then", async () => {
    const element = page();
    const other = document.createElement('script');
    other.src = 'https://elsewhere.example/sdk.js';
    loadConsentManager(document);
    // The test's DOM loads no script from the network: whatever it reported for the loader is
    // set aside, and the events below are the test's own.
    await new Promise((resolve) => setTimeout(resolve, 0));
    element.removeAttribute(CMP_FAILED_ATTRIBUTE);
    document.head.append(other);
    other.dispatchEvent(new Event('error'));
    expect(element.hasAttribute(CMP_FAILED_ATTRIBUTE)).toBe(false);
    // The SDK the loader adds, from the same origin, blocked.
    const sdk = document.createElement('script');
    sdk.src = 'https://sdk.cmp.example/sdk/1.0/sdk.js';
    document.head.append(sdk);
    sdk.dispatchEvent(new Event('error'));
    expect(element.hasAttribute(CMP_FAILED_ATTRIBUTE)).toBe(true);
  });
});

describe('the state beside a shared page (docs/decisions/0081)', () => {
  it('spells the names the start module and the server read', () => {
    expect([STATE_ELEMENT, STATE_SOURCE]).toEqual([STATE_ELEMENT_ID, STATE_SOURCE_ATTRIBUTE]);
  });

  it('is asked for once the entry calls for it, as the start module’s fetch asks, and only when named', () => {
    document.head.innerHTML = '';
    document.body.innerHTML =
      '<script type="application/json" id="app-state" data-src="/_state/abc/fr/accueil"></script>';
    preloadState(document);
    const link = document.head.querySelector('link[rel="preload"]');
    expect(link?.getAttribute('href')).toBe('/_state/abc/fr/accueil');
    expect(link?.getAttribute('as')).toBe('fetch');
    expect(link?.getAttribute('crossorigin')).toBe('anonymous');
    document.head.innerHTML = '';
    document.body.innerHTML = '<script type="application/json" id="app-state">{}</script>';
    preloadState(document);
    expect(document.head.querySelector('link')).toBeNull();
  });
});
