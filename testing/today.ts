/**
 * The tests' one "today": the logical date (docs/requirements.md §4) that the unit tests, the
 * end-to-end suite (playwright.config.ts) and the stand-ins' anchor day share. The demo content
 * and the fixtures' display windows are dated around it. A test that needs another date says
 * why beside it.
 */
export const TEST_LOGICAL_DATE = '2026-11-21 12:00';

/** The same instant in the site's time zone (America/Toronto, UTC-5 in November), in ms. */
export const TEST_NOW = Date.parse('2026-11-21T12:00:00-05:00');
