/** Server rendering: the four roots over one store, each to its own HTML string. */
import { renderToString } from 'react-dom/server';
import { AppBannerTemplates } from '../features/app-banner/AppBannerTemplates';
import { editKit, withEditComments } from '../ui/edit-kit';
import { ErrorBoundary, ServerBlockContext } from '../ui/error-boundary';
import { serverBlock } from './server-block';
import { AppProviders } from './AppProviders';
import { buildHead, renderHead } from './head';
import { ROOTS } from './roots';
import { MOUNTS, type MountName, type Snapshot } from './state';
import { createAppStore } from './store';
import './server-setup';

export interface RenderedPage {
  lang: string;
  bodyClass: string;
  /** Title and meta tags, every value escaped. */
  headHtml: string;
  mounts: Record<MountName, string>;
  /** Inert copies of the app banner, for the early start on phones (never hydrated). */
  appBannerTemplates: string;
}

/** The same for every page of a language: rendered once per language and configuration. */
const templatesMade = new Map<string, string>();

function bannerTemplates(snapshot: Snapshot): string {
  const { appStoreUrls, brandName } = snapshot.config;
  // A preview's links carry `rel="noreferrer"` (docs/preview.md): its own templates.
  const key = JSON.stringify([snapshot.locale, brandName, appStoreUrls, !!snapshot.preview]);
  let html = templatesMade.get(key);
  if (html === undefined) {
    html = renderToString(
      <AppProviders store={createAppStore(snapshot)} ssrPath="/">
        <AppBannerTemplates storeUrls={appStoreUrls} brand={brandName} />
      </AppProviders>,
    );
    templatesMade.set(key, html);
  }
  return html;
}

/**
 * `onBlockError`: told of a block that threw while rendering, left out of the page instead of
 * failing it (docs/decisions/0064-error-boundaries.md); without it, the render fails.
 */
export function render(
  snapshot: Snapshot,
  onBlockError?: (block: string, error: unknown) => void,
): RenderedPage {
  const store = createAppStore(snapshot);
  const edit = snapshot.edit ? editKit(snapshot.edit, { writeMarks: true }) : null;
  const ssrPath = snapshot.path.split('?')[0] ?? '/';
  const blocks = onBlockError ? serverBlock(onBlockError) : null;
  const entries = (Object.keys(MOUNTS) as MountName[]).map((name) => {
    const html = renderToString(
      <ServerBlockContext.Provider value={blocks}>
        <AppProviders store={store} ssrPath={ssrPath} edit={edit}>
          {/* As in the browser (start-client.tsx); here it passes everything through. */}
          <ErrorBoundary block="none">{ROOTS[name]()}</ErrorBoundary>
        </AppProviders>
      </ServerBlockContext.Provider>,
    );
    // The editors' annotations become the comments the Pages app reads (docs/editing.md).
    return [name, snapshot.edit ? withEditComments(html) : html];
  });
  const head = buildHead(snapshot, snapshot.config, snapshot.origin);
  // Internet Explorer runs no script and knows no <template>: it would show them.
  const appBannerTemplates = snapshot.client.internetExplorer ? '' : bannerTemplates(snapshot);
  return {
    lang: head.lang,
    bodyClass: head.bodyClass,
    headHtml: renderHead(head),
    mounts: Object.fromEntries(entries) as Record<MountName, string>,
    appBannerTemplates,
  };
}

export type Render = typeof render;
