/**
 * The state the browser hydrates from: the snapshot the server rendered, less what only the
 * server's markup needs (docs/decisions/0037-static-blocks-out-of-the-state.md). Static trees
 * of the page and of the footer's ad zone become stubs (blocks/static-blocks.ts), the footer's
 * body is left out (0042), and inline SVGs only they showed are left out; lots are packed
 * (app/wire.ts).
 */
import { stubStaticTrees } from '../blocks/static-blocks';
import { nextChange, windowEdges } from '../domain/display-window';
import type { SiteState, Snapshot } from './state';
import { logicalInstant } from './store';
import { siteToWire, viewToWire, type WireSnapshot } from './wire';

/**
 * The site node with the footer's ad zone stubbed like the page, and the footer's body left out
 * (its markup is kept: docs/decisions/0042) unless one of its links appears or disappears later,
 * which the browser's filter must then do.
 */
function siteForHydration(site: SiteState, now: number): SiteState {
  if (site.status !== 'ok') return site;
  const { footer } = site.site;
  const pub = stubStaticTrees(footer.pub, now);
  const bodyChanges = footer.menu.some((column) =>
    column.links.some((link) => nextChange(windowEdges(link.window), now) !== null),
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

export function forHydration(snapshot: Snapshot): WireSnapshot {
  const now = logicalInstant(snapshot);
  const site = siteForHydration(snapshot.site, now);
  const { view } = snapshot;
  if (view.kind !== 'content') {
    return { ...snapshot, site: siteToWire(site), view: viewToWire(view) };
  }
  const components = stubStaticTrees(view.page.components, now);
  const { svgs, ...data } = view.data;
  // An SVG is kept when something that still travels names its URL.
  const rest = JSON.stringify([components, data, site]);
  const kept = svgs
    ? Object.fromEntries(
        Object.entries(svgs).filter(([url]) => rest.includes(JSON.stringify(url).slice(1, -1))),
      )
    : undefined;
  return {
    ...snapshot,
    // Defaults left out, lots packed (app/wire.ts).
    site: siteToWire(site),
    view: viewToWire({
      ...view,
      // The head is in the document already; only a later view's is written by the browser.
      page: { ...view.page, meta: { title: view.page.meta.title }, components },
      data: kept && Object.keys(kept).length > 0 ? { ...data, svgs: kept } : data,
    }),
  };
}
