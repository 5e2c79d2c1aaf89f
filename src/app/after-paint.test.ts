// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import {
  AFTER_PAINT_ATTRIBUTE,
  EARLY_ATTRIBUTE,
  firstScreenPainted,
  modulesToRun,
  preloadListedModules,
  runModule,
  START_ATTRIBUTE,
} from './after-paint';

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
    expect(modulesToRun(document)).toEqual(['/assets/early.js', '/assets/start.js']);
    preloadListedModules(document);
    const hrefs = [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(hrefs.sort()).toEqual(['/assets/b.js', '/assets/c.js', '/assets/start.js']);
  });

  it('names nothing on a page without them', () => {
    document.head.innerHTML = '<script type="module"></script>';
    expect(modulesToRun(document)).toEqual([]);
    preloadListedModules(document);
    expect(document.querySelectorAll('link')).toHaveLength(0);
  });
});

describe('runModule', () => {
  it('runs a module as a module script of the document', () => {
    document.head.innerHTML = '';
    runModule(document, '/assets/start.js');
    const script = document.head.querySelector('script');
    expect(script?.type).toBe('module');
    expect(script?.getAttribute('src')).toBe('/assets/start.js');
  });
});
