/** The state every root reads, and what the server's loader answers for a URL. */
import type { EditPlan } from '../content/edit-plan';
import type { BlockData, Page, Site } from '../content/models';
import type { MobilePlatform } from '../domain/browser';
import type { SiteMapGroup } from '../domain/site-map';
import type { Locale } from '../domain/locale';
import type { PlayerConfig } from '../ui/players';

/** Configuration the browser may see: never a secret. */
export interface PublicConfig {
  brandName: string;
  devMode: boolean;
  timeZone: string;
  /**
   * Script of the third-party betting widget (or the embedded stand-in). Absent in an editor's
   * preview, where no third party's script runs (docs/preview.md).
   */
  bettingWidgetUrl?: string | undefined;
  /** Store pages of the mobile app, for the app banners. */
  appStoreUrls: { android: string; ios: string };
  /** Video player base URL (the id is appended) and podcast player page, with its account. */
  players: PlayerConfig;
  /** The media host's width query parameter (MEDIA_WIDTH_PARAM); unset: images get no `srcset`. */
  mediaWidthParam?: string | undefined;
  /** The share of page views that report their errors (BROWSER_ERROR_SAMPLE_RATE); absent: all. */
  browserErrorSampleRate?: number | undefined;
  /**
   * Real-user Core Web Vitals (RUM_SAMPLE_RATE, RUM_CONSENT_PURPOSE; docs/operations.md "Speed in
   * visitors' browsers"): the share of documents that send them and the consent purpose they
   * wait for. Absent: off.
   */
  rum?: { sampleRate: number; consentPurpose?: string | undefined } | undefined;
}

/** Facts about the visitor's browser, read from the request so the server renders for it. */
interface ClientInfo {
  internetExplorer: boolean;
  platform: MobilePlatform;
}

export type View =
  | { kind: 'content'; page: Page; alternate: string; data: BlockData }
  | { kind: 'error'; code: number }
  /** The HTML site map: the listed pages shown at the logical date, grouped; `alternate`: the other language's. */
  | { kind: 'site-map'; groups: SiteMapGroup[]; alternate: string }
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
  | {
      locale: Locale;
      status: 'ok';
      site: Site;
      /**
       * Hydration state only: the footer's body (all but its ad zone) is left out of `site`, and
       * the browser keeps the server's markup for it until the site node is loaded again
       * (docs/decisions/0042-footer-body-out-of-the-state.md).
       */
      footerKept?: true;
    }
  | { locale: Locale; status: 'error' };

export interface Snapshot extends ViewState {
  /** `YYYY-MM-DD HH:MM` in the site time zone. */
  logicalDate: string;
  /** The site's public origin, for canonical and alternate links. */
  origin: string;
  config: PublicConfig;
  client: ClientInfo;
  site: SiteState;
  /** The visitor closed the header message bar during this visit (session cookie). */
  messagesDismissed: boolean;
  /**
   * An editor's preview (docs/preview.md): the page is drawn at this logical date, which the
   * browser keeps instead of asking the site's. Absent on every public page.
   */
  preview?: { logicalDate: string } | undefined;
  /**
   * The editors' edit mode in Magnolia's Pages app (docs/editing.md): where the page editor's
   * annotations go. Only with a preview, and only when the Pages app asks for editing.
   */
  edit?: EditPlan | undefined;
}

export type LoadResult =
  | { type: 'redirect'; location: string; status: 301 | 302 }
  | { type: 'view'; status: number; state: ViewState };

/** Element ids of the four independent roots (docs/requirements.md §2) and of the hydration data. */
export const MOUNTS = {
  banner: 'mount-banner',
  header: 'mount-header',
  main: 'mount-main',
  footer: 'mount-footer',
} as const;
export type MountName = keyof typeof MOUNTS;
export const STATE_ELEMENT_ID = 'app-state';
/**
 * A shared page's hydration state travels beside the document, at `/_state/<hash><page>`: the
 * state element is then empty and names it in this attribute
 * (docs/decisions/0081-state-beside-the-document.md).
 */
export const STATE_SOURCE_ATTRIBUTE = 'data-src';
export const STATE_ENDPOINT = '/_state/';
/**
 * An empty element right after the header's mount point: the document's first paint waits for it
 * (`<link rel="expect">`), so the header is never painted half parsed
 * (docs/decisions/0038-header-painted-whole.md).
 */
export const HEADER_END_ID = 'app-header-end';
/**
 * The shape of the `/_data/*` answers. Raise it whenever one of them changes shape: a page whose
 * code is older than the server then loads the document instead of misreading the answer
 * (answers.ts).
 */
export const ANSWER_FORMAT = 5;
/** An answer of `/_data/*`: its body with the format it was written in. */
export type Versioned<T> = T & { format: number };
export const DATA_ENDPOINT = '/_data/view';
export const SITE_ENDPOINT = '/_data/site';
/** The lots a chronique page's `?lot=` deep link may open: `{ lots }`. */
export const LOTS_ENDPOINT = '/_data/lots';
/** The chronique cards of a language, for a chroniques list past its first block (decision 0041). */
export const CHRONICLES_ENDPOINT = '/_data/chronicles';
/** What the standalone header and footer need: public config, logical date, site node. */
export const FRAME_ENDPOINT = '/_data/frame';
export const FRAME_SCRIPT_PATH = '/frame.js';

export interface FrameData {
  config: PublicConfig;
  logicalDate: string;
  site: SiteState;
}

/**
 * Configuration of the standalone header and footer, given by the host page either as
 * `window.PariBorealFrame = {...}` before the script, or as JSON in
 * `<script type="application/json" id="pari-boreal-frame">` (for pages whose CSP forbids inline
 * script).
 */
export interface FrameConfig {
  /** `fr` or `en`. */
  locale: string;
  /** CSS selectors of the elements to mount into; either may be left out. */
  header?: string;
  footer?: string;
  /** The site's origin; defaults to the origin the script was loaded from. */
  origin?: string;
  /** Where the other-language link leads (e.g. the host page in the other language). */
  alternate?: string;
}
/** Session cookie: the header messages stay closed for the rest of the visit. */
export const MESSAGES_DISMISSED_COOKIE = 'messagesFermes';
