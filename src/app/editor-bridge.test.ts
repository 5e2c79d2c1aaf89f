// @vitest-environment node
/**
 * The editor bridge (docs/editing.md) in a page framed by the Pages app: the greeting, the state
 * taken from the author origin only, the page editor loaded from there, the editor called, and
 * the page kept in place.
 */
import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';
import { EDITOR_LATE_MS, editorBase, INITIALIZE, startEditorBridge } from './editor-bridge';

const AUTHOR = 'https://author.example';
const SERVER_URL = `${AUTHOR}/ctx/.magnolia/admincentral#app:pages:detail;/accueil:edit`;

/** A site page in the Pages app's frame: the bridge runs in the frame, the app is its parent. */
function framed() {
  const app = new JSDOM('<iframe></iframe>', { url: `${AUTHOR}/ctx/.magnolia/admincentral` });
  const frame = app.window.document.querySelector('iframe');
  const win = frame?.contentWindow as JSDOM['window'] | null | undefined;
  if (!win) throw new Error('no frame');
  const posted = vi.fn();
  app.window.postMessage = posted;
  win.document.body.innerHTML = '<a href="/fr/promotions">Promotions</a><form></form>';
  startEditorBridge(win as unknown as Window, AUTHOR);
  const send = (data: unknown, origin = AUTHOR, source: unknown = app.window) =>
    win.dispatchEvent(
      new win.MessageEvent('message', {
        data: typeof data === 'string' ? data : JSON.stringify(data),
        origin,
        source: source as Window,
      }),
    );
  const editorScript = () => win.document.getElementById('mgnlPageEditorBridge');
  return { win, posted, send, editorScript };
}

describe('the editor bridge', () => {
  it('greets the Pages app, on the author origin only', () => {
    const { posted } = framed();
    expect(posted).toHaveBeenCalledWith(INITIALIZE, AUTHOR);
    expect(JSON.parse(INITIALIZE)).toMatchObject({ action: 'initialize', elementType: 'page' });
  });

  it('loads the page editor from the author origin when the app sends its state', () => {
    const { win, send, editorScript } = framed();
    send({ action: 'updateState', serverUrl: SERVER_URL, selectedComponentVariants: {} });
    expect(editorScript()?.getAttribute('src')).toBe(
      `${AUTHOR}/ctx/VAADIN/widgetsets/info.magnolia.PageEditor/info.magnolia.PageEditor.nocache.js`,
    );
    const sheet = win.document.querySelector('link[rel="stylesheet"]');
    expect(sheet?.getAttribute('href')).toBe(
      `${AUTHOR}/ctx/VAADIN/themes/pages-app/page-editor.css`,
    );
  });

  it('ignores what comes from another origin, another window, or names another origin', () => {
    const { send, editorScript } = framed();
    const state = { action: 'updateState', serverUrl: SERVER_URL };
    send(state, 'https://evil.example');
    send(state, AUTHOR, null);
    send({ action: 'updateState', serverUrl: 'https://evil.example/.magnolia/admincentral' });
    send('not json');
    send('{"action": "updateState", broken');
    expect(editorScript()).toBeNull();
    expect(editorBase('https://author.example/no-context', AUTHOR)).toBeNull();
    expect(editorBase(42, AUTHOR)).toBeNull();
  });

  it('tells the page editor the frame is ready, then to read the annotations', async () => {
    vi.useFakeTimers();
    try {
      const { win, send, editorScript } = framed();
      send({ action: 'updateState', serverUrl: SERVER_URL });
      const calls: string[] = [];
      editorScript()?.dispatchEvent(new win.Event('load'));
      // The editor's script defines its functions once it has run.
      Object.assign(win, {
        mgnlFrameReady: () => calls.push('ready'),
        mgnlRefresh: () => calls.push('refresh'),
      });
      await vi.advanceTimersByTimeAsync(500);
      expect(calls).toEqual(['ready', 'refresh']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for a late page editor as Magnolia’s bridge does, and says so once', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { win, send, editorScript } = framed();
      send({ action: 'updateState', serverUrl: SERVER_URL });
      editorScript()?.dispatchEvent(new win.Event('load'));
      await vi.advanceTimersByTimeAsync(EDITOR_LATE_MS - 200);
      expect(warn).not.toHaveBeenCalled();
      // A cold author instance: the editor comes after half a minute.
      await vi.advanceTimersByTimeAsync(30_000);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/page editor is not ready/);
      const calls: string[] = [];
      Object.assign(win, {
        mgnlFrameReady: () => calls.push('ready'),
        mgnlRefresh: () => calls.push('refresh'),
      });
      await vi.advanceTimersByTimeAsync(200);
      expect(calls).toEqual(['ready', 'refresh']);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
      vi.useRealTimers();
    }
  });

  it('keeps the page in place: a link click or a form sent does nothing inside the editor', () => {
    const { win } = framed();
    // The page editor's own listeners, at the window, still see the click.
    const seen: boolean[] = [];
    win.addEventListener('click', (event) => seen.push(event.defaultPrevented));
    win.document.addEventListener('click', (event) => seen.push(event.defaultPrevented), true);
    const click = new win.MouseEvent('click', { bubbles: true, cancelable: true });
    win.document.querySelector('a')?.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(seen).toEqual([true, true]);
    const submit = new win.Event('submit', { bubbles: true, cancelable: true });
    win.document.querySelector('form')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });

  it('does nothing outside a frame', () => {
    const page = new JSDOM('<a href="/fr">x</a>', { url: 'https://site.example/' });
    const posted = vi.fn();
    page.window.postMessage = posted;
    startEditorBridge(page.window as unknown as Window, AUTHOR);
    expect(posted).not.toHaveBeenCalled();
  });
});
