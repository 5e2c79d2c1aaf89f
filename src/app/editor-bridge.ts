/**
 * The editor bridge of edit mode (docs/editing.md): the page's side of Magnolia's Pages app
 * protocol, in a script of its own that only edit-mode pages load. It greets the Pages app
 * framing the page, takes the app's state from the author instance's origin only (Magnolia's own
 * package takes it from any), loads the page editor from there, and keeps the editor's page in
 * place: links and forms do not lead away inside the editor.
 */

interface EditorWindow extends Window {
  mgnlFrameReady?: () => void;
  mgnlRefresh?: () => void;
}

/** What the Pages app is told first: a page of the website workspace is ready. */
export const INITIALIZE = JSON.stringify({
  action: 'initialize',
  elementType: 'page',
  element: { dialog: '', path: '/', workspace: 'website' },
});

/**
 * Where the page editor's files are: the Pages app's address up to `.magnolia` (its context
 * path), on the author origin only; null for anything else.
 */
export function editorBase(serverUrl: unknown, authorOrigin: string): string | null {
  if (typeof serverUrl !== 'string') return null;
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    return null;
  }
  const cut = url.pathname.indexOf('.magnolia');
  if (url.origin !== authorOrigin || cut < 0) return null;
  return `${url.origin}${url.pathname.slice(0, cut)}`;
}

/** A message of the Pages app, if `event` is one from the author origin's frame. */
function pagesAppMessage(
  event: Pick<MessageEvent, 'origin' | 'data' | 'source'>,
  authorOrigin: string,
  parent: unknown,
): { action?: unknown; serverUrl?: unknown } | null {
  if (event.origin !== authorOrigin || event.source !== parent) return null;
  if (typeof event.data !== 'string' || !event.data.startsWith('{')) return null;
  try {
    const message: unknown = JSON.parse(event.data);
    return typeof message === 'object' && message !== null ? message : null;
  } catch {
    return null;
  }
}

/** How often the bridge looks for the page editor, as Magnolia's own bridge does. */
const EDITOR_POLL_MS = 100;

/** After this long without the page editor, the bridge says so once (and keeps waiting). */
export const EDITOR_LATE_MS = 10_000;

/**
 * Calls the page editor once it is there: the frame is ready, then it reads the annotations.
 * Like Magnolia's own bridge (`@magnolia/template-annotations`), it waits as long as it takes: a
 * cold author instance can be slow to give its script; past EDITOR_LATE_MS it warns, once.
 */
function whenEditorReady(win: EditorWindow, waited = 0): void {
  if (win.mgnlFrameReady) {
    win.mgnlFrameReady();
    win.mgnlRefresh?.();
    return;
  }
  if (waited < EDITOR_LATE_MS && waited + EDITOR_POLL_MS >= EDITOR_LATE_MS) {
    console.warn(
      `editor bridge: Magnolia's page editor is not ready after ${EDITOR_LATE_MS / 1000} s; still waiting (docs/editing.md)`,
    );
  }
  setTimeout(() => whenEditorReady(win, waited + EDITOR_POLL_MS), EDITOR_POLL_MS);
}

export function startEditorBridge(win: EditorWindow, authorOrigin: string): void {
  // Outside the Pages app's frame there is no editor to talk to.
  if (win.parent === win) return;
  const doc = win.document;
  let loaded = false;
  win.addEventListener('message', (event) => {
    const message = pagesAppMessage(event, authorOrigin, win.parent);
    if (message?.action !== 'updateState' || loaded) return;
    const base = editorBase(message.serverUrl, authorOrigin);
    if (!base) return;
    loaded = true;
    const style = doc.createElement('link');
    style.rel = 'stylesheet';
    style.href = `${base}VAADIN/themes/pages-app/page-editor.css`;
    doc.head.append(style);
    const script = doc.createElement('script');
    script.id = 'mgnlPageEditorBridge';
    script.src = `${base}VAADIN/widgetsets/info.magnolia.PageEditor/info.magnolia.PageEditor.nocache.js`;
    script.addEventListener('load', () => whenEditorReady(win));
    doc.head.append(script);
  });
  // Before the site's own handlers (which listen lower down): the editor's clicks select, they
  // do not navigate, and no form is sent from inside the editor. The default only is prevented:
  // the event goes on, so that the page editor's own listeners see the click (a link-shaped card
  // is selected), and the site's navigation leaves prevented clicks alone.
  const stay = (event: Event) => {
    // Duck-typed: a text node has no `closest`, and an event may come from another window.
    const target = event.target as { closest?: (selector: string) => unknown } | null;
    if (event.type === 'submit' || target?.closest?.('a[href], area[href]')) {
      event.preventDefault();
    }
  };
  win.addEventListener('click', stay, true);
  win.addEventListener('submit', stay, true);
  win.parent.postMessage(INITIALIZE, authorOrigin);
}

// Its script element says which origin is the author instance's (a module has no currentScript).
const author =
  typeof document === 'undefined'
    ? undefined
    : document.querySelector<HTMLScriptElement>('script[data-author]')?.dataset.author;
if (author) startEditorBridge(window, author);
