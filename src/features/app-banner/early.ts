/**
 * The app banner before the site's code: as soon as this module has come, a phone's visitor who
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
  PRESSED_ATTRIBUTE,
  TEMPLATE_ATTRIBUTE,
  type BannerAction,
} from './markers';
import { focusBeforeBanner } from './focus-after';
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
    focusBeforeBanner(doc, banner);
    observer.disconnect();
    banner.remove();
    root.style.removeProperty(BANNER_ROOM);
  });
  // A press is marked on the copy until it ends, wherever the pointer is then (the copy may be
  // gone by then: see takeOverEarlyBanner).
  banner.addEventListener('pointerdown', (event) => {
    const target = event.target instanceof win.Element ? event.target : null;
    const action = actionOf(target?.closest(`[${BANNER_ACTION}]`) ?? null);
    if (action) banner.setAttribute(PRESSED_ATTRIBUTE, action);
  });
  const released = () => banner.removeAttribute(PRESSED_ATTRIBUTE);
  doc.addEventListener('pointerup', released, true);
  doc.addEventListener('pointercancel', released, true);
  doc.body.append(banner);
  observer.observe(banner);
  return banner;
}

function actionOf(control: Element | null): BannerAction | null {
  const action = control?.getAttribute(BANNER_ACTION);
  return action === 'store' || action === 'never' || action === 'close' ? action : null;
}

interface TakeOver {
  /** The control that had focus in the early copy. */
  focused: BannerAction | null;
  /** The control a press under way began on in the early copy. */
  pressed: BannerAction | null;
}

/**
 * Removes the early copy, if any, for the site's banner to take its place; says which control
 * had focus in it, and which one a press under way began on, so that the site's banner can give
 * the focus back and finish the press (continuePress).
 */
export function takeOverEarlyBanner(doc: Document): TakeOver {
  const early = doc.querySelector(`[${EARLY_BANNER_ATTRIBUTE}]`);
  if (!early) return { focused: null, pressed: null };
  const active = doc.activeElement;
  const focused = active && early.contains(active) ? actionOf(active) : null;
  const pressed = early.getAttribute(PRESSED_ATTRIBUTE);
  early.remove();
  return {
    focused,
    pressed: pressed === 'store' || pressed === 'never' || pressed === 'close' ? pressed : null,
  };
}

/**
 * A press begun on the early copy ends on the site's banner, which took its place under the
 * pointer: the browser sends no click then (the press began on a node that is gone), so the
 * control released on acts if it is the one pressed. Returns the listeners' removal.
 */
export function continuePress(doc: Document, banner: Element, pressed: BannerAction): () => void {
  const stop = () => {
    doc.removeEventListener('pointerup', finish, true);
    doc.removeEventListener('pointercancel', stop, true);
  };
  function finish(event: Event): void {
    stop();
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest(`[${BANNER_ACTION}]`);
    if (control instanceof HTMLElement && banner.contains(control) && actionOf(control) === pressed)
      control.click();
  }
  doc.addEventListener('pointerup', finish, true);
  doc.addEventListener('pointercancel', stop, true);
  return stop;
}
