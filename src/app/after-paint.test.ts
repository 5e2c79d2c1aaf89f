// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import {
  AFTER_PAINT_ATTRIBUTE,
  firstScreenPainted,
  preloadListedModules,
  START_ATTRIBUTE,
  startModule,
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
  it('names the start module and the modules to fetch at once, each once', () => {
    document.head.innerHTML = `<link rel="modulepreload" href="/assets/b.js"><script type="module" ${START_ATTRIBUTE}="/assets/start.js" ${AFTER_PAINT_ATTRIBUTE}="/assets/start.js /assets/b.js /assets/c.js"></script>`;
    expect(startModule(document)).toBe('/assets/start.js');
    preloadListedModules(document);
    const hrefs = [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(hrefs.sort()).toEqual(['/assets/b.js', '/assets/c.js', '/assets/start.js']);
  });

  it('names nothing on a page without them', () => {
    document.head.innerHTML = '<script type="module"></script>';
    expect(startModule(document)).toBeUndefined();
    preloadListedModules(document);
    expect(document.querySelectorAll('link')).toHaveLength(0);
  });
});
