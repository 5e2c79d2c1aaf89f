// @vitest-environment jsdom
/**
 * Edit mode's annotations (docs/editing.md) against the reference: for the same page JSON and
 * annotations JSON, the server's HTML holds exactly the comments that Magnolia's own React
 * package (`@magnolia/react-editor`, a development dependency, run here in jsdom) writes in the
 * browser; the browser's tree hydrates that HTML without a mismatch and leaves them in place.
 */
import path from 'node:path';
import { act, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContentClient } from '../content/client';
import type { EditPlan } from '../content/edit-plan';
import type { Page, Site } from '../content/models';
import { editKit } from '../ui/edit-kit';
import { AppProviders } from './AppProviders';
import { render } from './entry-server';
import { MainRoot } from './roots/MainRoot';
import type { Snapshot } from './state';
import { createAppStore } from './store';
import { TEST_LOGICAL_DATE } from '../../testing/today';
import { pageAnnotations } from '../../embedded/cms/annotations';
import { loadContent } from '../../embedded/cms/load';
import { siteNode } from '../../embedded/cms/wire-content';

const T = (kind: string) => `pari-boreal:components/${kind}`;
let ids = 0;
/** A node as Magnolia's delivery endpoint gives it. */
function node(
  path: string,
  type: string,
  fields: Record<string, unknown>,
  children: string[] = [],
) {
  const name = path.split('/').pop() ?? '';
  return {
    '@name': name,
    '@path': path,
    '@id': `0000000${++ids}-0000-4000-8000-000000000000`.slice(-36),
    '@nodeType': type,
    ...fields,
    '@nodes': children,
  };
}
const text = (path: string, words: string, extra: Record<string, unknown> = {}) =>
  node(path, 'mgnl:component', { 'mgnl:template': T('texte'), texte: `<p>${words}</p>`, ...extra });

const P = '/essai';
const page = node(
  P,
  'mgnl:page',
  { 'mgnl:template': 'pari-boreal:pages/standard', title: 'Essai', URLfr: 'essai', URLen: 'trial' },
  ['main'],
) as Record<string, unknown>;
page.main = {
  ...node(`${P}/main`, 'mgnl:area', {}, ['0', '1', '2', '3', '4', '5']),
  0: text(`${P}/main/0`, 'Premier texte'),
  1: {
    ...node(
      `${P}/main/1`,
      'mgnl:component',
      { 'mgnl:template': T('section'), title: 'Une section' },
      ['composantes'],
    ),
    composantes: {
      ...node(`${P}/main/1/composantes`, 'mgnl:area', {}, ['0']),
      0: text(`${P}/main/1/composantes/0`, 'Dans la section'),
    },
  },
  2: {
    ...node(`${P}/main/2`, 'mgnl:component', { 'mgnl:template': T('rangee'), disposition: '6 6' }, [
      'colonne0',
    ]),
    colonne0: {
      ...node(`${P}/main/2/colonne0`, 'mgnl:area', {}, ['0']),
      0: text(`${P}/main/2/colonne0/0`, 'Première colonne'),
    },
  },
  // A kind the site does not know: skipped on the public page, a placeholder here.
  3: node(`${P}/main/3`, 'mgnl:component', { 'mgnl:template': T('inconnu') }),
  // No annotation for it: drawn, with none around it.
  4: text(`${P}/main/4`, 'Sans annotation'),
  // Its window has closed: skipped on the public page, a placeholder here.
  5: text(`${P}/main/5`, 'Fini', { dateFinAffichage: '2020-01-01T00:00:00-05:00' }),
};

const area = (path: string) =>
  `cms:area content="website:${path}" name="${path.split('/').pop() ?? ''}" availableComponents="${T('texte')},${T('section')}" type="list" showAddButton="true" showNewComponentArea="true" activationStatus="0"`;
const component = (path: string, kind: string) =>
  `cms:component content="website:${path}" dialog="${T(kind)}" label="${kind}" activationStatus="2"`;
const annotations: Record<string, string> = {
  [P]: `cms:page content="website:${P}" dialog="pari-boreal:pages/standard"`,
  [`${P}/main`]: area(`${P}/main`),
  [`${P}/main/0`]: component(`${P}/main/0`, 'texte'),
  [`${P}/main/1`]: component(`${P}/main/1`, 'section'),
  [`${P}/main/1/composantes`]: area(`${P}/main/1/composantes`),
  [`${P}/main/1/composantes/0`]: component(`${P}/main/1/composantes/0`, 'texte'),
  [`${P}/main/2`]: component(`${P}/main/2`, 'rangee'),
  [`${P}/main/2/colonne0`]: area(`${P}/main/2/colonne0`),
  [`${P}/main/2/colonne0/0`]: component(`${P}/main/2/colonne0/0`, 'texte'),
  // Declared by the row's template, not yet created.
  [`${P}/main/2/colonne1`]: area(`${P}/main/2/colonne1`),
  [`${P}/main/3`]: component(`${P}/main/3`, 'inconnu'),
  [`${P}/main/5`]: component(`${P}/main/5`, 'texte'),
  // Declared by the page's template, not yet created.
  [`${P}/bandeau`]: area(`${P}/bandeau`),
};

/** The site's own content client over an author instance that answers `bodyFor(url)` as JSON. */
function authorClient(bodyFor: (url: string) => unknown) {
  return createContentClient({
    origin: 'https://author.example',
    app: 'pari-boreal',
    media: 'https://author.example',
    timeoutMs: 1000,
    richTextMaxBytes: 100_000,
    warn: () => undefined,
    logDiagnostic: () => undefined,
    fetcher: (url) =>
      Promise.resolve(
        new Response(JSON.stringify(bodyFor(url)), {
          headers: { 'content-type': 'application/json' },
        }),
      ),
  });
}

/** The page and its edit plan, read by the site's own content client from those answers. */
async function read(
  pageNode: Record<string, unknown> = page,
  pageAnnotations: Record<string, string> = annotations,
): Promise<{ model: Page; plan: EditPlan }> {
  const content = authorClient((url) =>
    url.includes('/template-annotations/v1/essai') ? pageAnnotations : { results: [pageNode] },
  );
  const [model, plan] = await Promise.all([
    content.getPage('fr', 'essai'),
    content.getEditPlan('fr', 'essai'),
  ]);
  if (!model.ok || !model.data || !plan.ok || !plan.data) throw new Error('fixture unread');
  return { model: model.data, plan: plan.data };
}

function snapshotOf(model: Page, plan: EditPlan): Snapshot {
  return {
    path: '/fr/essai',
    locale: 'fr',
    view: { kind: 'content', page: model, alternate: '/en/trial', data: { playlists: {} } },
    logicalDate: TEST_LOGICAL_DATE,
    origin: 'https://www.example.com',
    config: {
      brandName: 'Pari Boréal',
      devMode: false,
      timeZone: 'America/Toronto',
      appStoreUrls: { android: 'https://play.example/app', ios: 'https://apps.example/app' },
    },
    client: { internetExplorer: false, platform: 'other' },
    site: { locale: 'fr', status: 'error' },
    messagesDismissed: false,
    preview: { logicalDate: TEST_LOGICAL_DATE },
    edit: { ...plan, hidden: 'Non affiché sur le site public' },
  } as Snapshot;
}

/** The editor's comments under `root`, in document order (React's own markers left out). */
function comments(root: Node): string[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  const found: string[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const data = (n as Comment).data;
    if (/^\/?cms:/.test(data)) found.push(data);
  }
  return found;
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

/** react-editor's page component, as the package's own types do not say it. */
type EditablePageView = ComponentType<{
  content: unknown;
  templateAnnotations: unknown;
  config: unknown;
}>;

/** The comments react-editor's `EditablePage` writes for a node and its annotations, every template drawn by `Template`. */
async function writtenBy<P extends object>(
  EditablePage: EditablePageView,
  given: { content: unknown; annotations: unknown },
  Template: ComponentType<P>,
): Promise<string[]> {
  const componentMappings = new Proxy({}, { get: () => Template });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => {
    root.render(
      <EditablePage
        content={given.content}
        templateAnnotations={given.annotations}
        config={{ componentMappings }}
      />,
    );
  });
  for (let i = 0; i < 5; i++) await settle();
  const found = comments(container);
  root.unmount();
  container.remove();
  return found;
}

/** What `@magnolia/react-editor` writes for the page, each template drawing its areas in order. */
async function reference(): Promise<string[]> {
  // The package decides it is in the editor from the Pages app's address, read as it loads.
  window.history.replaceState(null, '', '/.magnolia/admincentral#app:pages:detail;/essai:edit');
  const { EditablePage, EditableArea } = (await import('@magnolia/react-editor')) as unknown as {
    EditablePage: ComponentType<{
      content: unknown;
      templateAnnotations: unknown;
      config: unknown;
    }>;
    EditableArea: ComponentType<{ content: unknown }>;
  };
  type Props = Record<string, unknown> & { metadata: Record<string, unknown> };
  // Any template: its areas in the content (`@nodes` order), then those only annotated.
  function Template(props: Props) {
    const path = String(props.metadata['@path']);
    const inContent = (props.metadata['@nodes'] as string[]).filter((name) =>
      annotations[`${path}/${name}`]?.startsWith('cms:area'),
    );
    const annotatedOnly = Object.keys(annotations)
      .filter((key) => key.startsWith(`${path}/`) && !key.slice(path.length + 1).includes('/'))
      .filter((key) => annotations[key]?.startsWith('cms:area'))
      .map((key) => key.slice(path.length + 1))
      .filter((name) => !inContent.includes(name));
    const areas: ReactNode[] = [...inContent, ...annotatedOnly].map((name) => (
      <EditableArea key={name} content={props[name]} />
    ));
    return <div>{areas}</div>;
  }
  return writtenBy(EditablePage, { content: page, annotations }, Template);
}

// React's act() is used as in its own tests.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('edit mode', () => {
  let model: Page;
  let plan: EditPlan;
  beforeAll(async () => {
    ({ model, plan } = await read());
  });

  it('writes in the server HTML exactly the comments @magnolia/react-editor writes', async () => {
    const expected = await reference();
    // The reference wrote what the page needs: a page, areas (the nested, the not yet created).
    expect(expected[0]).toMatch(/^cms:page /);
    expect(expected.filter((c) => c === '/cms:area')).toHaveLength(5);
    expect(expected).toContain(annotations[`${P}/main/2/colonne1`]);
    const container = document.createElement('div');
    container.innerHTML = render(snapshotOf(model, plan)).mounts.main;
    expect(comments(container)).toEqual(expected);
  });

  it('shows what the public page leaves out as placeholders, and the rest as on the public page', () => {
    const html = render(snapshotOf(model, plan)).mounts.main;
    const container = document.createElement('div');
    container.innerHTML = html;
    const placeholders = [...container.querySelectorAll('.edit-placeholder')];
    expect(placeholders.map((p) => p.textContent)).toEqual([
      expect.stringMatching(/^Non affiché sur le site public inconnu · 3/),
      expect.stringMatching(/^Non affiché sur le site public texte · 5/),
    ]);
    for (const words of [
      'Premier texte',
      'Dans la section',
      'Première colonne',
      'Sans annotation',
    ]) {
      expect(container.textContent).toContain(words);
    }
    expect(container.textContent).not.toContain('Fini');
  });

  it('hydrates the server HTML with no mismatch and keeps the comments where they are', async () => {
    const snapshot = snapshotOf(model, plan);
    const container = document.createElement('div');
    container.innerHTML = render(snapshot).mounts.main;
    document.body.append(container);
    const before = comments(container);
    const errors: unknown[] = [];
    act(() => {
      hydrateRoot(
        container,
        <AppProviders
          store={createAppStore(snapshot)}
          edit={editKit(snapshot.edit ?? plan, { writeMarks: false })}
        >
          <MainRoot />
        </AppProviders>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    await settle();
    expect(errors).toEqual([]);
    expect(comments(container)).toEqual(before);
    expect(before.length).toBeGreaterThan(10);
    container.remove();
  });

  it('draws a row by its layout: columns beyond it left out when empty, said not shown otherwise', async () => {
    // Magnolia created the row's other declared areas; `colonne2` holds what the layout hides.
    const row = `${P}/main/2`;
    const wider = structuredClone(page) as { main: Record<string, Record<string, unknown>> };
    const rowNode = wider.main['2'] ?? {};
    rowNode['@nodes'] = ['colonne0', 'colonne1', 'colonne2', 'colonne3'];
    rowNode.colonne1 = node(`${row}/colonne1`, 'mgnl:area', {});
    rowNode.colonne2 = {
      ...node(`${row}/colonne2`, 'mgnl:area', {}, ['0']),
      0: text(`${row}/colonne2/0`, 'Hors disposition'),
    };
    rowNode.colonne3 = node(`${row}/colonne3`, 'mgnl:area', {});
    const more: Record<string, string> = {
      ...annotations,
      [`${row}/colonne2`]: area(`${row}/colonne2`),
      [`${row}/colonne2/0`]: component(`${row}/colonne2/0`, 'texte'),
      [`${row}/colonne3`]: area(`${row}/colonne3`),
    };
    const read2 = await read(wider, more);
    const notes = { [`${row}/colonne2`]: ['Cette colonne est au-delà de la disposition.'] };
    const snapshot = snapshotOf(read2.model, { ...read2.plan, notes });
    const container = document.createElement('div');
    container.innerHTML = render(snapshot).mounts.main;
    const found = comments(container);
    // Two columns, as on the public page, each between the annotations of its area.
    expect(container.querySelectorAll('.grid-row > .grid-col')).toHaveLength(2);
    expect(found).toContain(more[`${row}/colonne1`]);
    // The hidden column's content stays reachable: its area and its component are annotated.
    expect(found).toContain(more[`${row}/colonne2`]);
    expect(found).toContain(more[`${row}/colonne2/0`]);
    expect(found).not.toContain(more[`${row}/colonne3`]);
    const placeholders = [...container.querySelectorAll('.edit-placeholder')].map(
      (p) => p.textContent,
    );
    expect(placeholders).toContain(
      'Non affiché sur le site public colonne2Cette colonne est au-delà de la disposition.',
    );
    expect(container.querySelector('.grid-row')?.textContent).not.toContain('Hors disposition');
  });

  it('writes nothing of it on a page that is not in edit mode', () => {
    const snapshot = snapshotOf(model, plan);
    delete snapshot.edit;
    const html = render(snapshot).mounts.main;
    expect(html).not.toMatch(/cms:|mgnl-mark|edit-placeholder/);
  });
});

describe('edit mode of the site node', () => {
  const SITE = '/pari-boreal';
  // Under jsdom a module's own URL is not a file's: the demo content from the repository's root.
  const stand = loadContent(path.join(process.cwd(), 'embedded/cms/content'));
  const siteWire = siteNode(stand.site, { app: 'pari-boreal', lang: 'fr', resolveDate: (v) => v });
  const siteAnnotations = pageAnnotations(
    SITE,
    { author: stand, published: stand },
    { app: 'pari-boreal' },
  );

  /** The site node and its plan, read by the site's own content client. */
  async function readSite(): Promise<{ site: Site; plan: EditPlan }> {
    const content = authorClient((url) =>
      url.includes('/template-annotations/') ? siteAnnotations : siteWire,
    );
    const [site, plan] = await Promise.all([content.getSite('fr'), content.getSiteEditPlan('fr')]);
    if (!site.ok || !plan.ok || !plan.data) throw new Error('site fixture unread');
    return { site: site.data, plan: plan.data };
  }

  /**
   * What react-editor writes for the site node when the header and the footer draw their areas
   * in the order the site's header and footer show them (each a `customView`).
   */
  async function siteReference(): Promise<string[]> {
    window.history.replaceState(null, '', '/.magnolia/admincentral#app:pages:detail;/x:edit');
    const { EditablePage, EditableArea } = (await import('@magnolia/react-editor')) as unknown as {
      EditablePage: ComponentType<{
        content: unknown;
        templateAnnotations: unknown;
        config: unknown;
      }>;
      EditableArea: ComponentType<{
        content: unknown;
        customView?: ComponentType<{ content: Record<string, unknown> }>;
      }>;
    };
    const annotated = siteAnnotations ?? {};
    type Props = Record<string, unknown> & { metadata: Record<string, unknown> };
    const areasIn = (content: Record<string, unknown>, names: string[]) =>
      names.map((name) => {
        // react-editor hands a component its areas under names with `_` for `-`.
        const area = (content[name] ?? content[name.replace(/-/g, '_')]) as
          Record<string, unknown> | undefined;
        const holdsAreas = annotated[String(area?.['@path'])]?.includes('type="noComponent"');
        return (
          <EditableArea
            key={name}
            content={area}
            {...(holdsAreas ? { customView: views[name] ?? Empty } : {})}
          />
        );
      });
    function Empty() {
      return null;
    }
    const views: Record<string, ComponentType<{ content: Record<string, unknown> }>> = {
      header: ({ content }) => <>{areasIn(content, ['messages', 'menu', 'achatEnMagasin'])}</>,
      footer: ({ content }) => (
        <>
          {areasIn(content, [
            'pub',
            'menu',
            'telephone',
            'logos-medias-sociaux',
            'logos-corpo',
            'partenaires',
          ])}
        </>
      ),
    };
    // The site template draws its two areas; a component, its own areas (the menus' links).
    function Template(props: Props) {
      const path = String(props.metadata['@path']);
      if (path === SITE) return <div>{areasIn(props, ['header', 'footer'])}</div>;
      const names = Object.keys(annotated)
        .filter((key) => key.startsWith(`${path}/`) && !key.slice(path.length + 1).includes('/'))
        .filter((key) => annotated[key]?.startsWith('cms:area'))
        .map((key) => key.slice(path.length + 1));
      return <div>{areasIn(props, names)}</div>;
    }
    return writtenBy(EditablePage, { content: siteWire, annotations: annotated }, Template);
  }

  it('writes in the header and the footer exactly the comments react-editor writes', async () => {
    const { site, plan } = await readSite();
    expect(plan.site).toBe(true);
    const base = snapshotOf((await read()).model, plan);
    const snapshot: Snapshot = {
      ...base,
      path: '/sports/fr',
      view: { kind: 'sports' },
      site: { locale: 'fr', status: 'ok', site },
    };
    const { mounts } = render(snapshot);
    const container = document.createElement('div');
    container.innerHTML = mounts.banner + mounts.header + mounts.main + mounts.footer;
    const expected = await siteReference();
    expect(expected[0]).toBe(`cms:page content="website:${SITE}" dialog="pari-boreal:pages/site"`);
    expect(expected.filter((c) => c === '/cms:area')).toHaveLength(19);
    expect(comments(container)).toEqual(expected);
  });
});
