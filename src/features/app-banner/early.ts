/**
 * The app banner before the site's code: right after the first paint, a phone's visitor who
 * has not put the banner away gets a copy of the server's template for their platform, fully
 * usable (the store link is a link; "don't show again" and close are wired here). Once the site
 * runs, AppBanner takes its place in the same frame (`takeOverEarlyBanner`). Without this, the
 * banner would wait for the whole site's code and be the slowest paint of the first screen.
 */
import { mobilePlatform } from '../../domain/browser';
import {
  BANNER_ACTION,
  BANNER_ROOM,
  EARLY_BANNER_ATTRIBUTE,
  TEMPLATE_ATTRIBUTE,
  type BannerAction,
} from './markers';
import { bannerPlatform, dismissAppBanner, isAppBannerDismissed } from './platform';

export function showEarlyBanner(doc: Document): HTMLElement | null {
  const win = doc.defaultView;
  // A banner already shown (its controls; a template's content is not in the document).
  if (!win || doc.querySelector(`[${BANNER_ACTION}]`)) return null;
  const { userAgent, maxTouchPoints } = win.navigator;
  const platform = bannerPlatform(mobilePlatform(userAgent), userAgent, maxTouchPoints);
  if (!platform || isAppBannerDismissed()) return null;
  const template = doc.querySelector<HTMLTemplateElement>(
    `template[${TEMPLATE_ATTRIBUTE}="${platform}"]`,
  );
  const banner = template?.content.firstElementChild?.cloneNode(true);
  if (!(banner instanceof win.HTMLElement)) return null;
  banner.setAttribute(EARLY_BANNER_ATTRIBUTE, '');
  const root = doc.documentElement;
  const observer = new win.ResizeObserver(() => {
    // Removed (closed, or replaced by the site's banner, which keeps the room itself).
    if (banner.isConnected) root.style.setProperty(BANNER_ROOM, `${banner.offsetHeight}px`);
  });
  banner.addEventListener('click', (event) => {
    const target = event.target instanceof win.Element ? event.target : null;
    const action = target?.closest(`[${BANNER_ACTION}]`)?.getAttribute(BANNER_ACTION);
    if (action !== 'never' && action !== 'close') return;
    dismissAppBanner(action === 'never');
    observer.disconnect();
    banner.remove();
    root.style.removeProperty(BANNER_ROOM);
  });
  doc.body.append(banner);
  observer.observe(banner);
  return banner;
}

/**
 * Removes the early copy, if any, for the site's banner to take its place; says which control
 * had focus in it, so that the site's banner can give it back.
 */
export function takeOverEarlyBanner(doc: Document): { focused: BannerAction | null } {
  const early = doc.querySelector(`[${EARLY_BANNER_ATTRIBUTE}]`);
  if (!early) return { focused: null };
  const active = doc.activeElement;
  const focused = active && early.contains(active) ? active.getAttribute(BANNER_ACTION) : null;
  early.remove();
  return {
    focused: focused === 'store' || focused === 'never' || focused === 'close' ? focused : null,
  };
}
