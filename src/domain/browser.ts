/** What the site needs to know of the visitor's browser, read from its user-agent string. */

/** Internet Explorer (MSIE up to 10, Trident for 11) cannot run the site's scripts. */
export function isInternetExplorer(userAgent: string | undefined): boolean {
  return !!userAgent && /MSIE |Trident\//.test(userAgent);
}

export type MobilePlatform = 'android' | 'ios' | 'other';

/** The platform whose app store the app banner points to. */
export function mobilePlatform(userAgent: string | undefined): MobilePlatform {
  if (!userAgent) return 'other';
  if (/Android/i.test(userAgent)) return 'android';
  // iPadOS presents itself as a Mac; its touch support tells them apart in the browser only.
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  return 'other';
}
