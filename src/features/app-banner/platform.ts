/** Which app store the banner offers, and whether the visitor has put the banner away. */
import type { MobilePlatform } from '../../domain/browser';

export type StorePlatform = Exclude<MobilePlatform, 'other'>;

/**
 * The server's reading of the user agent, refined in the browser: iPadOS presents itself as
 * a Mac, and only its touch points tell it apart.
 */
export function bannerPlatform(
  fromServer: MobilePlatform,
  userAgent: string,
  maxTouchPoints: number,
): StorePlatform | null {
  if (fromServer !== 'other') return fromServer;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1 ? 'ios' : null;
}

/** "Don't show again" is kept in local storage; a plain close lasts for the browsing session. */
export const APP_BANNER_KEY = 'sgdBanniereApp';
const NEVER = 'jamais';
const CLOSED = 'fermee';

type StorageName = 'localStorage' | 'sessionStorage';

// Storage can be missing or refuse access (blocked cookies, some private modes).
function read(name: StorageName): string | null {
  try {
    return window[name].getItem(APP_BANNER_KEY);
  } catch {
    return null;
  }
}

function write(name: StorageName, value: string): void {
  try {
    window[name].setItem(APP_BANNER_KEY, value);
  } catch {
    // Not remembered: the banner is still closed for this page.
  }
}

export function isAppBannerDismissed(): boolean {
  return read('localStorage') === NEVER || read('sessionStorage') === CLOSED;
}

export function dismissAppBanner(forever: boolean): void {
  if (forever) write('localStorage', NEVER);
  else write('sessionStorage', CLOSED);
}
