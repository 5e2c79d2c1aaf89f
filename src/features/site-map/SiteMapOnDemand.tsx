/**
 * The site map's view in a chunk of its own (docs/decisions/0032-html-site-map.md): few visitors
 * open it, so its code and texts stay out of what every page loads before interaction. The server
 * provides the view up front (src/app/server-setup.ts); the browser hydrates the served HTML once
 * the chunk has arrived (links work as plain links meanwhile), and a client-side navigation waits
 * for it (`loadSiteMapPage`) before it swaps the view in.
 */
import { createElement, Suspense, use, type ComponentType } from 'react';
import type { Locale } from '../../domain/locale';
import type { SiteMapGroup } from '../../domain/site-map';
import { lateMessages } from '../../i18n/catalogue';
import { useLocale } from '../../ui/i18n';

type SiteMapView = ComponentType<{ groups: SiteMapGroup[] }>;

let ready: SiteMapView | undefined;
let pending: Promise<SiteMapView> | undefined;

/** The server (and unit tests) hand the view over at start. */
export function provideSiteMapPage(view: SiteMapView): void {
  ready = view;
}

/** The view's code and the language's late texts, asked for together; a failed load may retry. */
export function loadSiteMapPage(locale: Locale): Promise<SiteMapView> {
  void lateMessages(locale).catch(() => undefined);
  if (!pending) {
    const loading = import('./SiteMapPage').then((m) => (ready = m.SiteMapPage));
    loading.catch(() => (pending = undefined));
    pending = loading;
  }
  return pending;
}

/** The view: at once when at hand, else it suspends until its chunk arrives. */
function useSiteMapView(locale: Locale): SiteMapView {
  return ready ?? use(loadSiteMapPage(locale));
}

function SiteMapLoaded({ groups }: { groups: SiteMapGroup[] }) {
  // One view for the life of the process: made once, not during render.
  return createElement(useSiteMapView(useLocale()), { groups });
}

export function SiteMapOnDemand({ groups }: { groups: SiteMapGroup[] }) {
  return (
    <Suspense fallback={null}>
      <SiteMapLoaded groups={groups} />
    </Suspense>
  );
}
