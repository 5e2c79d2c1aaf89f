/**
 * What rendering on the server needs before the first page: every block, the wrapper of static
 * trees (blocks/static-frame.tsx), the IE banner, the site map's and the sports area's views and
 * the chronique header at hand (the browser loads them by chunk), the sanitizer (the browser loads
 * it after hydration) and both languages' messages (the browser loads the one it shows). Unit
 * tests load this too (vite.config.ts), since they render as the server does.
 */
import { allBlocks } from '../blocks/all-blocks';
import { provideBlocks } from '../blocks/registry';
import { provideStaticFrame } from '../blocks/StaticBlock';
import { StaticFrame } from '../blocks/static-frame';
import { ChronicleHeader } from '../features/chronicle-header/ChronicleHeader';
import { IeBanner } from '../features/ie-banner/IeBanner';
import { provideIeBanner } from '../features/ie-banner/IeBannerOnServer';
import { provideChronicleHeader } from '../features/chronicle-header/ChronicleHeaderOnDemand';
import { provideSiteMapPage } from '../features/site-map/SiteMapOnDemand';
import { FooterBody } from '../features/site-footer/FooterBody';
import { provideFooterBody } from '../features/site-footer/FooterBodyOnDemand';
import { SportsArea } from '../features/sports-area/SportsArea';
import { provideSportsArea } from '../features/sports-area/SportsAreaOnDemand';
import { SiteMapPage } from '../features/site-map/SiteMapPage';
import { htmlToText, noReferrerLinks, sanitizeHtml, sanitizeSvg } from '../content/sanitize';
import { provideCatalogue } from '../i18n/catalogue';
import { provideSanitizer } from '../ui/sanitizer';
import en from 'virtual:catalogue/en';
import enLate from 'virtual:catalogue/en-late';
import fr from 'virtual:catalogue/fr';
import frLate from 'virtual:catalogue/fr-late';

provideBlocks(allBlocks);
provideStaticFrame(StaticFrame);
provideIeBanner(IeBanner);
provideSiteMapPage(SiteMapPage);
provideFooterBody(FooterBody);
provideSportsArea(SportsArea);
provideChronicleHeader(ChronicleHeader);
provideSanitizer({ sanitizeHtml, sanitizeSvg, noReferrerLinks, htmlToText });
provideCatalogue('fr', { ...fr, ...frLate }, true);
provideCatalogue('en', { ...en, ...enLate }, true);
