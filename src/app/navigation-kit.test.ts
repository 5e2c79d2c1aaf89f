// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loadNavigationKitWhenIdle,
  NAVIGATION_KIT_ATTRIBUTE,
  preloadNavigationKit,
  savesData,
} from './navigation-kit';

type KitWindow = Parameters<typeof loadNavigationKitWhenIdle>[0];

afterEach(() => {
  document.head.innerHTML = '';
});

function entryScript(files: string): void {
  const script = document.createElement('script');
  script.type = 'module';
  script.setAttribute(NAVIGATION_KIT_ATTRIBUTE, files);
  document.head.append(script);
}

const preloaded = () =>
  [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

function fakeWindow(connection: object | undefined, idle: boolean) {
  const requestIdleCallback = vi.fn();
  const setTimeout = vi.fn();
  const win = {
    navigator: { connection },
    document,
    ...(idle ? { requestIdleCallback } : {}),
    setTimeout,
  } as unknown as KitWindow;
  return { win, requestIdleCallback, setTimeout };
}

describe('savesData', () => {
  it('is true when the visitor asked to save data or is on 2G, false otherwise', () => {
    expect(savesData({ saveData: true })).toBe(true);
    expect(savesData({ effectiveType: '2g' })).toBe(true);
    expect(savesData({ effectiveType: 'slow-2g' })).toBe(true);
    expect(savesData({ effectiveType: '3g', saveData: false })).toBe(false);
    expect(savesData({})).toBe(false);
    // Browsers without the API (Safari, Firefox).
    expect(savesData(undefined)).toBe(false);
  });
});

describe('preloadNavigationKit', () => {
  it('preloads each file the entry lists, once, and nothing that is not a path of the site', () => {
    entryScript(
      '/assets/client-navigation-a.js /assets/sanitize-b.js https://elsewhere.example/x.js',
    );
    preloadNavigationKit(document);
    preloadNavigationKit(document);
    expect(preloaded()).toEqual(['/assets/client-navigation-a.js', '/assets/sanitize-b.js']);
  });

  it('does nothing where the entry lists none (the development server)', () => {
    preloadNavigationKit(document);
    expect(preloaded()).toEqual([]);
  });
});

describe('loadNavigationKitWhenIdle', () => {
  it('waits for the browser to be idle, with a bound, then preloads', () => {
    entryScript('/assets/head-c.js');
    const { win, requestIdleCallback, setTimeout } = fakeWindow({ effectiveType: '4g' }, true);
    loadNavigationKitWhenIdle(win);
    expect(preloaded()).toEqual([]);
    expect(requestIdleCallback).toHaveBeenCalledOnce();
    expect(requestIdleCallback.mock.calls[0]?.[1]).toEqual({ timeout: 5000 });
    expect(setTimeout).not.toHaveBeenCalled();
    (requestIdleCallback.mock.calls[0]?.[0] as () => void)();
    expect(preloaded()).toEqual(['/assets/head-c.js']);
  });

  it('falls back on a timer where there is no idle callback', () => {
    const { win, setTimeout } = fakeWindow(undefined, false);
    loadNavigationKitWhenIdle(win);
    expect(setTimeout).toHaveBeenCalledOnce();
  });

  it('asks for nothing ahead of need when the visitor saves data', () => {
    const { win, requestIdleCallback, setTimeout } = fakeWindow({ saveData: true }, true);
    loadNavigationKitWhenIdle(win);
    expect(requestIdleCallback).not.toHaveBeenCalled();
    expect(setTimeout).not.toHaveBeenCalled();
  });
});
