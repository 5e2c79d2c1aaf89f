/**
 * The attributes the banner's markup carries, shared by the React view and the early start
 * (which must not import React: it runs before the site's code).
 */

/** On each server template: the platform it is for. */
export const TEMPLATE_ATTRIBUTE = 'data-app-banner';
/** On the banner's controls, so that a copy can be wired and focus handed over. */
export const BANNER_ACTION = 'data-banner-action';
export type BannerAction = 'store' | 'never' | 'close';
/** On the copy the early start shows, until the site's own banner replaces it. */
export const EARLY_BANNER_ATTRIBUTE = 'data-app-banner-early';
/**
 * On the early copy while a press (pointer down, not yet up) is under way on one of its controls:
 * which one, so that the site's banner can finish it if it takes over meanwhile.
 */
export const PRESSED_ATTRIBUTE = 'data-banner-pressed';
/** The room the page keeps free at its end (see AppBanner.module.css). */
export const BANNER_ROOM = '--app-banner-room';
