/**
 * The state the browser hydrates from: the snapshot the server rendered, less what only the
 * server's markup needs (docs/decisions/0037-static-blocks-out-of-the-state.md). Static trees
 * of the page and of the footer's ad zone become stubs (blocks/static-blocks.ts), and inline
 * SVGs only they showed are left out; lots are packed (app/wire.ts).
 */
import { stubStaticTrees } from '../blocks/static-blocks';
import type { SiteState, Snapshot } from './state';
import { viewToWire, type WireSnapshot } from './wire';

/** The site node with the footer's own blocks (its ad zone) stubbed like the page's. */
function siteForHydration(site: SiteState): SiteState {
  if (site.status !== 'ok') return site;
  const { footer } = site.site;
  return {
    ...site,
    site: { ...site.site, footer: { ...footer, pub: stubStaticTrees(footer.pub) } },
  };
}

export function forHydration(snapshot: Snapshot): WireSnapshot {
  const site = siteForHydration(snapshot.site);
  const { view } = snapshot;
  if (view.kind !== 'content') return { ...snapshot, site, view: viewToWire(view) };
  const components = stubStaticTrees(view.page.components);
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
    site,
    // Lots packed (app/wire.ts).
    view: viewToWire({
      ...view,
      page: { ...view.page, components },
      data: kept && Object.keys(kept).length > 0 ? { ...data, svgs: kept } : data,
    }),
  };
}
