/** The state every root reads, and what the server's loader answers for a URL. */
import type { Page, Site } from '../content/models';
import type { MobilePlatform } from '../domain/browser';
import type { Locale } from '../domain/locale';

/** Configuration the browser may see: never a secret. */
export interface PublicConfig {
  brandName: string;
  devMode: boolean;
  timeZone: string;
  /** Script of the third-party betting widget (or the embedded stand-in). */
  bettingWidgetUrl: string;
  /** Store pages of the mobile app, for the app banners. */
  appStoreUrls: { android: string; ios: string };
}

/** Facts about the visitor's browser, read from the request so the server renders for it. */
export interface ClientInfo {
  internetExplorer: boolean;
  platform: MobilePlatform;
}

export type View =
  | { kind: 'content'; page: Page; alternate: string }
  | { kind: 'error'; code: number }
  | { kind: 'sports' }
  | { kind: 'trigger' };

export interface ViewState {
  /** Path (and query) the view was loaded for. */
  path: string;
  locale: Locale;
  view: View;
}

/** Header and footer content (the site node) for one language; `error` when its call failed. */
export type SiteState =
  { locale: Locale; status: 'ok'; site: Site } | { locale: Locale; status: 'error' };

export interface Snapshot extends ViewState {
  /** `YYYY-MM-DD HH:MM` in the site time zone. */
  logicalDate: string;
  config: PublicConfig;
  client: ClientInfo;
  site: SiteState;
  /** The visitor closed the header message bar during this visit (session cookie). */
  messagesDismissed: boolean;
}

export type LoadResult =
  | { type: 'redirect'; location: string; status: 301 | 302 }
  | { type: 'view'; status: number; state: ViewState };

/** Element ids of the four independent roots (SPEC.md §2) and of the hydration data. */
export const MOUNTS = {
  banner: 'mount-banner',
  header: 'mount-header',
  main: 'mount-main',
  footer: 'mount-footer',
} as const;
export type MountName = keyof typeof MOUNTS;
export const STATE_ELEMENT_ID = 'app-state';
export const DATA_ENDPOINT = '/_data/view';
export const SITE_ENDPOINT = '/_data/site';
/** Session cookie: the header messages stay closed for the rest of the visit. */
export const MESSAGES_DISMISSED_COOKIE = 'messagesFermes';
