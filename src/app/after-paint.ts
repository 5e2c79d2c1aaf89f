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
/** The element the document writes for the operator's consent manager, if configured. */
export const CMP_ELEMENT_ID = 'app-cmp';
/** On that element: the consent manager's loader, which the entry adds to the page. */
export const CMP_LOADER_ATTRIBUTE = 'data-loader';
/** On that element, once a script from the loader's origin could not be loaded. */
export const CMP_FAILED_ATTRIBUTE = 'data-failed';

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
 * The state element and its address attribute, as src/app/state.ts names them (the entry imports
 * nothing: after-paint.test.ts holds the two spellings together).
 */
export const STATE_ELEMENT = 'app-state';
export const STATE_SOURCE = 'data-src';

/**
 * Asks for a shared page's state beside it (docs/decisions/0081-state-beside-the-document.md)
 * with the site's code, which reads it: after the first paint, so that it never takes the
 * network from the first screen. `crossorigin` makes the preload's request the one `fetch()`
 * sends (CORS mode, same-origin credentials), so the start module's read uses it.
 */
export function preloadState(doc: Document): void {
  const src = doc.getElementById(STATE_ELEMENT)?.getAttribute(STATE_SOURCE);
  if (!src) return;
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.crossOrigin = 'anonymous';
  link.href = src;
  doc.head.append(link);
}

/**
 * Runs a module as the document's own module scripts run: the same URL, so the same module
 * instance as any later `import()` of it (in development too, where Vite marks dynamic imports).
 */
export function runModule(doc: Document, src: string): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const script = doc.createElement('script');
    script.type = 'module';
    script.src = src;
    script.addEventListener('load', () => resolve(true));
    script.addEventListener('error', () => {
      console.error(`The module ${src} could not be loaded.`);
      resolve(false);
    });
    doc.head.append(script);
  });
}

/**
 * The event an early module dispatches on the document once its work is under way (the sports
 * area's: the widget mounted, or not to be): src/features/sports-area/early.ts spells it too.
 */
export const EARLY_DONE_EVENT = 'app:early-done';

/**
 * Runs an early module; resolves once it says it is done, or could not be loaded. A module's
 * load event comes when its code has run, not when what it started has finished.
 */
export function runEarlyModule(doc: Document, src: string): Promise<void> {
  return new Promise<void>((resolve) => {
    doc.addEventListener(EARLY_DONE_EVENT, () => resolve(), { once: true });
    void runModule(doc, src).then((loaded) => {
      if (!loaded) resolve();
    });
  });
}

/**
 * Adds the operator's consent manager's loader (Didomi's `loader.js`, async) once the first screen
 * has painted, so that it never takes the network or the main thread from the page's own content
 * (docs/decisions/0080-first-screen-first.md). When a script from its origin
 * fails (a blocker, a dead host: the loader or the SDK it adds), the element says so, and the
 * consent adapter falls back on the site's own store.
 */
export function loadConsentManager(doc: Document): void {
  const element = doc.getElementById(CMP_ELEMENT_ID);
  const src = element?.getAttribute(CMP_LOADER_ATTRIBUTE);
  if (!element || !src) return;
  const { origin } = new URL(src, doc.baseURI);
  doc.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLScriptElement && target.src.startsWith(`${origin}/`))
        element.setAttribute(CMP_FAILED_ATTRIBUTE, '');
    },
    true,
  );
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  doc.head.append(script);
}
