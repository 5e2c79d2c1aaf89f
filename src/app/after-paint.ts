/**
 * What the browser entry does before anything else: wait for the first screen to paint, then
 * fetch the page's modules. Free of imports, so the entry stays a few hundred bytes.
 */

/** On the entry's script element: the modules the page needs after its first paint. */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';
/** On the entry's script element: the site's start module, which the entry imports. */
export const START_ATTRIBUTE = 'data-start';
/**
 * On the entry's script element: modules to start without waiting for the site's code, each
 * exporting `startEarly(document)` (the sports area's betting widget).
 */
export const EARLY_ATTRIBUTE = 'data-early';

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
  return Promise.all(pending).then(
    () =>
      new Promise<void>((resolve) => {
        // A hidden tab draws no frames: the timer stands in for the frame there.
        const timer = win.setTimeout(resolve, 200);
        win.requestAnimationFrame(() =>
          win.setTimeout(() => {
            win.clearTimeout(timer);
            resolve();
          }, 0),
        );
      }),
  );
}

/** Asks at once for every module the entry's script element lists, in parallel. */
export function preloadListedModules(doc: Document): void {
  const listed = doc.querySelector(`script[${AFTER_PAINT_ATTRIBUTE}]`);
  for (const href of listed?.getAttribute(AFTER_PAINT_ATTRIBUTE)?.split(' ') ?? []) {
    if (!href || doc.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`))
      continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
  }
}

/** The start module's URL, from the entry's script element. */
export function startModule(doc: Document): string | undefined {
  return (
    doc.querySelector(`script[${START_ATTRIBUTE}]`)?.getAttribute(START_ATTRIBUTE) ?? undefined
  );
}

/** Imports the modules listed as early and starts each; a failure is logged, never thrown. */
export function startEarlyModules(
  doc: Document,
  load: (url: string) => Promise<{ startEarly?: (doc: Document) => void }>,
): void {
  const listed = doc.querySelector(`script[${EARLY_ATTRIBUTE}]`)?.getAttribute(EARLY_ATTRIBUTE);
  for (const url of listed?.split(' ') ?? []) {
    if (!url) continue;
    load(url).then(
      (module) => module.startEarly?.(doc),
      (error: unknown) => console.warn(`Early module ${url} could not start:`, error),
    );
  }
}
