/**
 * The state the browser hydrates from: the snapshot the server rendered, less what only the
 * server's markup needs (docs/decisions/0037-static-blocks-out-of-the-state.md). Static trees
 * of the page and of the footer's ad zone become stubs (blocks/static-blocks.ts), the footer's
 * body is left out (0042), and inline SVGs only they showed are left out; lots and chronique
 * cards below the first component come after hydration (0044, 0051). It travels as JSON, read
 * back as the same `Snapshot` (app/wire.ts).
 */
import { stubStaticTrees } from '../blocks/static-blocks';
import type { BlockData, Component } from '../content/models';
import { componentKinds, mapComponents } from '../content/walk';
import { changesAfter } from '../domain/display-window';
import { lotListOf, lotsForList, type LotCaller, type LotTotals } from '../domain/lots';
import type { SiteState, Snapshot } from './state';
import { logicalInstant } from './store';

/**
 * The site node with the footer's ad zone stubbed like the page, and the footer's body left out
 * (its markup is kept: docs/decisions/0042) unless one of its links appears or disappears later,
 * which the browser's filter must then do.
 */
function siteForHydration(site: SiteState, now: number): SiteState {
  if (site.status !== 'ok') return site;
  const { footer } = site.site;
  const pub = withoutNames(stubStaticTrees(footer.pub, now));
  const bodyChanges = footer.menu.some((column) =>
    column.links.some((link) => changesAfter(link.window, now)),
  );
  if (bodyChanges) return { ...site, site: { ...site.site, footer: { ...footer, pub } } };
  return {
    ...site,
    site: {
      ...site.site,
      footer: {
        menu: [],
        socialLogos: [],
        corporateLogos: [],
        partners: [],
        pub,
        nePasAfficherZonePub: footer.nePasAfficherZonePub,
      },
    },
    footerKept: true,
  };
}

/**
 * The components without their content node names: only the server reads them (its logs), and
 * the model has them optional (docs/decisions/0053). A step of the writer alone: the browser
 * reads the state as it comes (docs/decisions/0067-byte-tricks-measured.md).
 */
function withoutNames(components: readonly Component[]): Component[] {
  return mapComponents(components, (component) => {
    const copy = { ...component };
    delete copy.name;
    return copy;
  });
}

/** The lot lists among these components, at any depth. */
function listsIn(components: readonly Component[]): Set<LotCaller> {
  const callers = new Set<LotCaller>();
  for (const kind of componentKinds(components)) {
    const caller = lotListOf(kind);
    if (caller) callers.add(caller);
  }
  return callers;
}

/**
 * The lots left out when no list is in the page's first component: the lists are blocks that
 * hydrate when they come near the screen, and ask for them all then (/_data/lots), before they
 * hydrate (docs/decisions/0044-lots-after-the-first-component.md). Kept for a preview, drawn at
 * the editor's date, which that endpoint does not know.
 */
function lotsForHydration(
  data: Omit<BlockData, 'svgs'>,
  components: readonly Component[],
  now: number,
  preview: boolean,
): Omit<BlockData, 'svgs'> {
  const { lots } = data;
  if (preview || !lots || lots.length === 0) return data;
  const callers = listsIn(components);
  if (callers.size === 0 || listsIn(components.slice(0, 1)).size > 0) return data;
  const lotTotals: LotTotals =
    data.lotTotals ??
    Object.fromEntries(
      [...callers].map((caller) => [caller, lotsForList(lots, caller, now).length]),
    );
  return { ...data, lots: [], lotTotals, lotsLater: true };
}

/**
 * The chronique cards left out when the page's chroniques list is not in its first component,
 * as lots are (docs/decisions/0051-chroniques-after-the-first-component.md): the list asks
 * `/_data/chronicles` before it hydrates. Kept for a preview, like the lots.
 */
function chroniclesForHydration(
  data: Omit<BlockData, 'svgs'>,
  components: readonly Component[],
  preview: boolean,
): Omit<BlockData, 'svgs'> {
  const { chronicles } = data;
  if (preview || !chronicles || chronicles.length === 0) return data;
  const hasList = (within: readonly Component[]) => componentKinds(within).has('liste-chroniques');
  if (!hasList(components) || hasList(components.slice(0, 1))) return data;
  const chroniclesTotal = data.chroniclesTotal ?? chronicles.length;
  return { ...data, chronicles: [], chroniclesTotal, chroniclesLater: true };
}

export function forHydration(snapshot: Snapshot): Snapshot {
  const now = logicalInstant(snapshot);
  const site = siteForHydration(snapshot.site, now);
  const { view } = snapshot;
  if (view.kind !== 'content') {
    return { ...snapshot, site };
  }
  const components = withoutNames(stubStaticTrees(view.page.components, now));
  const { svgs, ...all } = view.data;
  const preview = snapshot.preview !== undefined;
  const data = chroniclesForHydration(
    lotsForHydration(all, view.page.components, now, preview),
    view.page.components,
    preview,
  );
  // An SVG is kept when something that still travels names its URL.
  const rest = JSON.stringify([components, data, site]);
  const kept = svgs
    ? Object.fromEntries(
        Object.entries(svgs).filter(([url]) => rest.includes(JSON.stringify(url).slice(1, -1))),
      )
    : undefined;
  return {
    ...snapshot,
    // The annotations are in the markup already, as comments (docs/editing.md).
    ...(snapshot.edit ? { edit: { ...snapshot.edit, annotations: {} } } : {}),
    site,
    view: {
      ...view,
      // The head is in the document already; only a later view's is written by the browser.
      page: { ...view.page, meta: { title: view.page.meta.title }, components },
      data: kept && Object.keys(kept).length > 0 ? { ...data, svgs: kept } : data,
    },
  };
}
