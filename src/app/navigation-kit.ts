/**
 * What every client-side navigation needs whatever the destination: the navigation code (with
 * the answers' checks), the head's writer and the sanitizer. Once the page is interactive and the
 * browser idle, they are fetched ahead of the first click (`modulepreload`: fetched and parsed,
 * not run), so that click waits only for its destination's own block chunks
 * (docs/decisions/0046-navigation-code-when-idle.md). The server lists their files on the entry's
 * script element. A visitor who asked to save data, or on a 2G connection, gets them on the first
 * click instead.
 */

/** On the entry's script element: the navigation kit's module files (production builds). */
export const NAVIGATION_KIT_ATTRIBUTE = 'data-kit';

/** The part of the Network Information API this reads (not in every browser, nor in the DOM types). */
interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/** Whether the visitor's browser asks for no bytes ahead of need. */
export function savesData(connection: ConnectionHints | undefined): boolean {
  return (
    connection?.saveData === true ||
    connection?.effectiveType === 'slow-2g' ||
    connection?.effectiveType === '2g'
  );
}

/** Adds a `modulepreload` link for each file the entry's script element lists, once. */
export function preloadNavigationKit(doc: Document): void {
  const files = doc
    .querySelector(`script[${NAVIGATION_KIT_ATTRIBUTE}]`)
    ?.getAttribute(NAVIGATION_KIT_ATTRIBUTE)
    ?.split(' ')
    .filter((href) => href.startsWith('/'));
  for (const href of files ?? []) {
    if (doc.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
  }
}

/** Fetches the kit when the browser is next idle (at most 5 s later), unless the visitor saves data. */
export function loadNavigationKitWhenIdle(
  win: Window & { navigator: Navigator & { connection?: ConnectionHints } },
): void {
  if (savesData(win.navigator.connection)) return;
  const task = () => preloadNavigationKit(win.document);
  // Safari has no idle callback: a short timer after interaction serves as well.
  if (typeof win.requestIdleCallback === 'function')
    win.requestIdleCallback(task, { timeout: 5000 });
  else win.setTimeout(task, 1000);
}
