/** Server rendering: the four roots over one store, each to its own HTML string. */
import { renderToString } from 'react-dom/server';
import { BlockUsageContext } from '../blocks/registry';
import type { ComponentKind } from '../content/models';
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
  /** Kinds of the blocks rendered, for the document to preload their chunks. */
  blockKinds: ComponentKind[];
}

export function render(snapshot: Snapshot): RenderedPage {
  const store = createAppStore(snapshot);
  const ssrPath = snapshot.path.split('?')[0] ?? '/';
  const used = new Set<ComponentKind>();
  const entries = (Object.keys(MOUNTS) as MountName[]).map((name) => [
    name,
    renderToString(
      <BlockUsageContext.Provider value={used}>
        <AppProviders store={store} ssrPath={ssrPath}>
          {ROOTS[name]()}
        </AppProviders>
      </BlockUsageContext.Provider>,
    ),
  ]);
  const head = buildHead(snapshot, snapshot.config, snapshot.origin);
  return {
    lang: head.lang,
    bodyClass: head.bodyClass,
    headHtml: renderHead(head),
    mounts: Object.fromEntries(entries) as Record<MountName, string>,
    blockKinds: [...used],
  };
}

export type Render = typeof render;
