/**
 * What the server writes on the betting widget's container so that the browser entry can start
 * the widget before the site hydrates (`startEarly` in widget-host.ts). No imports: the sports
 * area and the host both read it.
 */
export const EARLY_ATTRIBUTES = {
  url: 'data-widget-url',
  locale: 'data-widget-locale',
} as const;
