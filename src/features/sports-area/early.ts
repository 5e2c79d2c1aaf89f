/**
 * What the server writes on the betting widget's container so that the browser entry can start
 * the widget before the site hydrates (`startEarly` in widget-host.ts). No imports: the sports
 * area and the host both read it.
 */
export const EARLY_ATTRIBUTES = {
  url: 'data-widget-url',
  locale: 'data-widget-locale',
} as const;

/**
 * Dispatched on the document once the widget is mounted or could not be: the browser entry asks
 * for the site's code only then (`EARLY_DONE_EVENT` in src/app/after-paint.ts, the same name).
 */
export const EARLY_DONE_EVENT = 'app:early-done';
