/**
 * The site map's view in a chunk of its own (docs/decisions/0032-html-site-map.md): few visitors
 * open it. Its texts come in the late catalogue (src/i18n/late-keys.ts), asked for with it.
 */
import type { Locale } from '../../domain/locale';
import type { SiteMapGroup } from '../../domain/site-map';
import { lateMessages } from '../../i18n/catalogue';
import { onDemandView } from '../../ui/on-demand';

const siteMap = onDemandView<{ groups: SiteMapGroup[] }>(() =>
  import('./SiteMapPage').then((m) => m.SiteMapPage),
);

export const provideSiteMapPage = siteMap.provide;
export const SiteMapOnDemand = siteMap.View;

/** The view's code and the language's late texts, for a client-side navigation to wait on. */
export function loadSiteMapPage(locale: Locale): Promise<unknown> {
  return Promise.all([siteMap.load(), lateMessages(locale)]);
}
