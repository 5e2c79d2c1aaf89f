// @vitest-environment happy-dom
/**
 * The stand-in Pages app's script (its side of the handshake with the framed site) and the page
 * editor's script (outlines and report), run in a DOM as the browser runs them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_SCRIPT } from './app-script';
import { EDITOR_SCRIPT } from './editor-script';

const SITE = 'http://site.test:3000';
const AUTHOR = 'http://author.test:3001';
const APP = 'pari-boreal';

/** Runs a served script as the browser would: a classic script in the page's global scope. */
function run(script: string): void {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  (new Function(script) as () => void)();
}

describe('the Pages app script', () => {
  let frame: HTMLIFrameElement;
  let sent: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    document.body.innerHTML =
      '<p id="status" role="status"></p><iframe id="page-frame" title="page"></iframe>';
    Object.assign(document.body.dataset, {
      siteOrigin: SITE,
      nodePath: `/${APP}/accueil`,
      mode: 'edit',
    });
    frame = document.getElementById('page-frame') as HTMLIFrameElement;
    sent = vi.fn();
    const framed = frame.contentWindow;
    if (!framed) throw new Error('no frame window');
    framed.postMessage = sent as unknown as Window['postMessage'];
    run(APP_SCRIPT);
  });

  afterEach(() => {
    document.body.innerHTML = '';
    for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
  });

  const post = (data: unknown, origin = SITE, source: unknown = frame.contentWindow) =>
    window.dispatchEvent(
      new MessageEvent('message', { data, origin, source: source as MessageEventSource }),
    );
  const status = () => document.getElementById('status')?.textContent;

  it('answers initialize with updateState to the site origin', () => {
    post(JSON.stringify({ action: 'initialize', version: 1 }));
    expect(sent).toHaveBeenCalledTimes(1);
    const [message, target] = sent.mock.calls[0] as [string, string];
    expect(target).toBe(SITE);
    expect(JSON.parse(message)).toEqual({
      action: 'updateState',
      serverUrl: `${window.location.origin}/author/.magnolia/admincentral#app:pages:detail;/${APP}/accueil:edit`,
      selectedComponentVariants: {},
    });
    expect(status()).toBe(`initialize received from ${SITE}; updateState sent`);
    expect(document.body.dataset.handshake).toBe('updated');
  });

  it('ignores messages from another origin, another window, or not in JSON text', () => {
    post(JSON.stringify({ action: 'initialize' }), 'http://evil.test');
    post(JSON.stringify({ action: 'initialize' }), SITE, window);
    post({ action: 'initialize' });
    post('{not json');
    post('null');
    expect(sent).not.toHaveBeenCalled();
    expect(document.body.dataset.handshake).toBeUndefined();
  });

  it('shows the editor’s report', () => {
    post(JSON.stringify({ action: 'initialize' }));
    post(JSON.stringify({ action: 'standInOutlined', page: 1, areas: 12, components: 1 }));
    expect(status()).toBe('outlined: 1 page, 12 areas, 1 component');
    expect(document.body.dataset).toMatchObject({
      handshake: 'outlined',
      page: '1',
      areas: '12',
      components: '1',
    });
    post(JSON.stringify({ action: 'standInOutlined', page: 1, areas: -1, components: 'x' }));
    expect(document.body.dataset.areas).toBe('12');
  });
});

describe('the page editor script', () => {
  const SCRIPT_SRC = `${AUTHOR}/author/VAADIN/widgetsets/info.magnolia.PageEditor/info.magnolia.PageEditor.nocache.js`;
  let report: ReturnType<typeof vi.fn>;

  type EditorWindow = Window & { mgnlRefresh?: () => void; mgnlFrameReady?: () => void };

  beforeEach(() => {
    const script = document.createElement('script');
    script.src = SCRIPT_SRC;
    Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
    report = vi.fn();
    vi.spyOn(window, 'parent', 'get').mockReturnValue({
      postMessage: report,
    } as unknown as Window);
    run(EDITOR_SCRIPT);
  });

  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(document, 'currentScript');
    document.body.innerHTML = '';
  });

  const refresh = () => (window as EditorWindow).mgnlRefresh?.();
  const boxes = () => [...document.querySelectorAll<HTMLElement>('.mgnl-standin-outline')];
  const lastReport = () => JSON.parse(String(report.mock.lastCall?.[0])) as unknown;

  const PAGE = `<!-- cms:page content="website:/p" dialog="pari-boreal:pages/standard" -->
<main>
<!-- cms:area content="website:/p/main" name="main" availableComponents="a,b" type="list" showAddButton="true" showNewComponentArea="true" activationStatus="2" -->
<!-- cms:component content="website:/p/main/t" dialog="pari-boreal:components/texte" label="texte" activationStatus="2" -->
<div id="t1">one</div><div id="t2">two</div>
<!-- /cms:component -->
<!-- cms:component content="website:/p/main/x" label="inconnue" activationStatus="2" -->
<div id="x">?</div>
<!-- cms:area content="website:/p/main/x/colonne4" name="colonne4" availableComponents="a" type="list" showAddButton="true" showNewComponentArea="true" activationStatus="0" -->
<!-- /cms:area -->
<!-- /cms:component -->
<!-- /cms:area -->
</main>
<!-- /cms:page -->`;

  it('defines the entry points the bridge calls', () => {
    expect(typeof (window as EditorWindow).mgnlFrameReady).toBe('function');
    expect(typeof (window as EditorWindow).mgnlRefresh).toBe('function');
  });

  it('outlines each area and component with its label, and reports to its own origin', () => {
    document.body.innerHTML = PAGE;
    refresh();
    expect(
      boxes().map((box) => [
        box.dataset.kind,
        box.dataset.content,
        box.querySelector('.mgnl-standin-label')?.textContent,
      ]),
    ).toEqual([
      ['area', 'website:/p/main', 'main'],
      ['component', 'website:/p/main/t', 'pari-boreal:components/texte'],
      ['component', 'website:/p/main/x', 'no dialog'],
      ['area', 'website:/p/main/x/colonne4', 'colonne4 (empty)'],
    ]);
    expect(boxes()[0]?.dataset.name).toBe('main');
    expect(boxes()[1]?.dataset.dialog).toBe('pari-boreal:components/texte');
    expect(boxes().every((box) => box.style.pointerEvents === 'none')).toBe(true);
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.lastCall?.[1]).toBe(AUTHOR);
    expect(lastReport()).toEqual({ action: 'standInOutlined', page: 1, areas: 2, components: 2 });
  });

  it('places a box over the union of what its comments enclose', () => {
    document.body.innerHTML = PAGE;
    const rect = (left: number, top: number, width: number, height: number) =>
      ({ left, top, width, height, right: left + width, bottom: top + height }) as DOMRect;
    const at: Record<string, DOMRect> = {
      t1: rect(10, 100, 200, 50),
      t2: rect(20, 150, 300, 40),
    };
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      return at[this.id] ?? rect(0, 0, 0, 0);
    });
    refresh();
    const text = boxes().find((box) => box.dataset.content === 'website:/p/main/t');
    expect([text?.style.left, text?.style.top, text?.style.width, text?.style.height]).toEqual([
      '10px',
      '100px',
      '310px',
      '90px',
    ]);
  });

  it('redraws on each refresh, in place of the previous boxes', () => {
    document.body.innerHTML = PAGE;
    refresh();
    (window as EditorWindow).mgnlFrameReady?.();
    expect(document.querySelectorAll('.mgnl-standin-outlines')).toHaveLength(1);
    expect(boxes()).toHaveLength(4);
    expect(report).toHaveBeenCalledTimes(2);
  });

  it('counts what pairs in unbalanced comments and never throws', () => {
    document.body.innerHTML = `<!-- cms:area content="website:/a" name="a" -->
<!-- /cms:component -->
<!-- cms:component content="website:/a/c" dialog="d" --><p>c</p>
<!-- cms:component content="website:/a/open" dialog="d" -->
<!-- /cms:area -->
<!-- /cms:area -->
<!-- cms:area content="website:/never" name="never" -->`;
    expect(refresh).not.toThrow();
    expect(lastReport()).toEqual({ action: 'standInOutlined', page: 0, areas: 1, components: 0 });
    document.body.innerHTML = '';
    refresh();
    expect(lastReport()).toEqual({ action: 'standInOutlined', page: 0, areas: 0, components: 0 });
  });
});
