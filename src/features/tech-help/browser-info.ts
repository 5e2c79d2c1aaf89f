/**
 * The visitor's browser configuration for the technical-help modal (docs/requirements.md §3 "Browser
 * info"). The user agent is read by bowser, fetched only when the modal opens.
 */
import type { Parser } from 'bowser';

interface TechnicalInfo {
  userAgent: string;
  /** Rendering engine and version; '' when unknown. */
  moteur: string;
  /** Screen size in CSS pixels, "390 × 844". */
  ecran: string;
  densite: number;
  /** The browser window's inner size, "390 × 664". */
  fenetre: string;
  pointsTactiles: number;
  fuseau: string;
  langues: string[];
}

export interface BrowserInfo {
  /** Name and version; '' when unknown. */
  navigateur: string;
  langue: string;
  aCookies: boolean;
  /** Name and version (or its release name); '' when unknown. */
  os: string;
  estMobile: boolean;
  infosTechniques: TechnicalInfo;
}

/** What the browser says about itself, read in one place so the rest can be tested. */
export interface BrowserEnvironment {
  userAgent: string;
  language: string;
  languages: readonly string[];
  cookieEnabled: boolean;
  /** User-Agent Client Hints, where the browser has them. */
  hints: { brands?: { brand: string; version: string }[]; mobile?: boolean; platform?: string };
  /** Touch is the main input and there is no hover: a phone or a tablet. */
  touchPrimary: boolean;
  maxTouchPoints: number;
  screen: { width: number; height: number };
  devicePixelRatio: number;
  viewport: { width: number; height: number };
  timeZone: string;
}

type NavigatorWithHints = Navigator & { userAgentData?: BrowserEnvironment['hints'] };

function readEnvironment(): BrowserEnvironment {
  const nav: NavigatorWithHints = navigator;
  const hints = nav.userAgentData;
  return {
    userAgent: nav.userAgent,
    language: nav.language,
    languages: nav.languages,
    cookieEnabled: nav.cookieEnabled,
    hints: hints ? { brands: hints.brands, mobile: hints.mobile, platform: hints.platform } : {},
    touchPrimary: window.matchMedia('(hover: none) and (pointer: coarse)').matches,
    maxTouchPoints: nav.maxTouchPoints,
    screen: { width: window.screen.width, height: window.screen.height },
    devicePixelRatio: window.devicePixelRatio,
    viewport: { width: window.innerWidth, height: window.innerHeight },
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

const joined = (...parts: (string | undefined)[]): string =>
  parts.filter((part) => !!part).join(' ');

const size = ({ width, height }: { width: number; height: number }): string =>
  `${width} × ${height}`;

export function describeBrowser(parser: Parser, env: BrowserEnvironment): BrowserInfo {
  const browser = parser.getBrowser();
  const os = parser.getOS();
  const engine = parser.getEngine();
  const platformType = parser.getPlatformType(true);
  return {
    navigateur: joined(browser.name, browser.version),
    langue: env.language,
    aCookies: env.cookieEnabled,
    os: joined(os.name, os.versionName ?? os.version),
    estMobile:
      platformType === 'mobile' ||
      platformType === 'tablet' ||
      env.hints.mobile === true ||
      env.touchPrimary,
    infosTechniques: {
      userAgent: env.userAgent,
      moteur: joined(engine.name, engine.version),
      ecran: size(env.screen),
      densite: env.devicePixelRatio,
      fenetre: size(env.viewport),
      pointsTactiles: env.maxTouchPoints,
      fuseau: env.timeZone,
      langues: [...env.languages],
    },
  };
}

/** Fetches the parser (its own chunk, loaded on first use) and reads the browser. */
export async function loadBrowserInfo(env: BrowserEnvironment = readEnvironment()) {
  const { default: Bowser } = await import('bowser');
  return describeBrowser(Bowser.getParser(env.userAgent, env.hints), env);
}
