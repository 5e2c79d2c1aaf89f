/**
 * What the browser entry does before anything else: wait for the first screen to paint, then
 * fetch the page's modules. Free of imports: the entry is written into every page as it is built
 * (docs/decisions/0056-entry-in-the-page.md).
 */

/** On the entry's script element: the modules the page needs after its first paint. */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';
/** On the entry's script element: the site's start module, which the entry imports. */
export const START_ATTRIBUTE = 'data-start';
/**
 * On the entry's script element: modules to run without waiting for the site's code (the sports
 * area's betting widget).
 */
export const EARLY_ATTRIBUTE = 'data-early';
/** On the entry's script element: early modules for phones and tablets only (the app banner). */
export const PHONE_ATTRIBUTE = 'data-phone';

/**
 * Phones and tablets, the app banner's visitors: the same reading as `mobilePlatform` and
 * `bannerPlatform` (a unit test holds them together), here without imports.
 */
export function isPhoneOrTablet(userAgent: string, maxTouchPoints: number): boolean {
  return (
    /Android|iPhone|iPad|iPod/i.test(userAgent) ||
    (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
  );
}

/**
 * Resolves once the first screen has painted: the images the server marked as the first
 * screen's (`fetchpriority="high"`) have loaded or failed, and a frame has been drawn since.
 */
export function firstScreenPainted(doc: Document, win: Window): Promise<void> {
  const pending = [...doc.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')]
    .filter((image) => !image.complete)
    .map(
      (image) =>
        new Promise<void>((resolve) => {
          image.addEventListener('load', () => resolve(), { once: true });
          image.addEventListener('error', () => resolve(), { once: true });
        }),
    );
  return Promise.all(pending).then(() => nextFrame(win));
}

/** Resolves once a frame has been drawn from now. */
export function nextFrame(win: Window): Promise<void> {
  return new Promise<void>((resolve) => {
    // A hidden tab draws no frames: the timer stands in for the frame there.
    const timer = win.setTimeout(resolve, 200);
    win.requestAnimationFrame(() =>
      win.setTimeout(() => {
        win.clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

/**
 * The modules the entry's script element lists under one of the attributes above, in order. One
 * reader for all of them: the entry is written into every page, so its bytes count
 * (docs/decisions/0056-entry-in-the-page.md).
 */
export function listedModules(doc: Document, attribute: string): string[] {
  return (
    doc.querySelector(`script[${attribute}]`)?.getAttribute(attribute)?.split(' ') ?? []
  ).filter(Boolean);
}

/** Asks for modules at once, in parallel, each once. */
export function preloadModules(doc: Document, hrefs: readonly string[]): void {
  for (const href of hrefs) {
    if (!href || doc.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`))
      continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
  }
}

/**
 * Runs a module as the document's own module scripts run: the same URL, so the same module
 * instance as any later `import()` of it (in development too, where Vite marks dynamic imports).
 */
export function runModule(doc: Document, src: string): Promise<void> {
  return new Promise<void>((resolve) => {
    const script = doc.createElement('script');
    script.type = 'module';
    script.src = src;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      console.error(`The module ${src} could not be loaded.`);
      resolve();
    });
    doc.head.append(script);
  });
}
