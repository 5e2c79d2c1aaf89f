/**
 * The byte budgets, in one place: the browser tests (tests/e2e/performance.spec.ts) fail past
 * them, the bench (bench/lib/report.ts) reports the exact figures against them in
 * bench/results/latest.md. Each is a ceiling: the figure measured when it was set plus a margin of
 * at least 1 KiB, so that minified names moving by a few bytes never trip it, while a new
 * dependency or a block's code pulled before interaction still does (docs/decisions/0014).
 * Scripts before interaction are counted gzip at level 9, as the bench compresses them.
 */

export const KIB = 1024;
/** No margin below this: a smaller one is churn again (issue 43). */
export const MIN_MARGIN = KIB;

export interface ByteBudget {
  /** What is counted, as the bench's targets table names it. */
  name: string;
  /** Bytes measured when the ceiling was set. */
  measured: number;
  /** When, and with which command. */
  measuredOn: string;
  /** Headroom above `measured`, at least MIN_MARGIN. */
  margin: number;
  /** `measured + margin`: the figure may not exceed it. */
  ceiling: number;
}

function budget(
  name: string,
  measured: number,
  measuredOn: string,
  margin: number = MIN_MARGIN,
): ByteBudget {
  return { name, measured, measuredOn, margin, ceiling: measured + margin };
}

const MEASURED = '2026-11-29, the largest page of its kind, npm run bench -- --only=bytes';

/**
 * The site's JavaScript asked for before the page is interactive (the entry in the page and every
 * script requested before the `hydrated` mark), on a page with an interactive block (a list, the
 * carousel, the sports area).
 */
export const JS_BEFORE_INTERACTION = budget(
  'JS before interaction, pages with an interactive block',
  91_740,
  MEASURED,
);

/** The same on a page without one (a chronique, the error pages). */
export const STATIC_JS_BEFORE_INTERACTION = budget(
  'JS before interaction, pages without an interactive block',
  88_674,
  MEASURED,
);

/**
 * The JavaScript one client-side navigation fetches, as sent (brotli), the largest of the bench's
 * route (bench/lib/navigation.ts; promotions to winners, the lists' code). The bench alone
 * measures it; it was a flat 5 KiB, met by 22 bytes.
 */
export const NAVIGATION_NEW_JS = budget(
  'New JavaScript for a navigation to another page type',
  5_098,
  '2026-11-28, promotions to winners, npm run bench -- --only=navigation',
);

/** The budget a page is judged against, by whether it holds an interactive block. */
export function jsBeforeInteraction(interactive: boolean): ByteBudget {
  return interactive ? JS_BEFORE_INTERACTION : STATIC_JS_BEFORE_INTERACTION;
}

/** Every budget, for the report and the test that keeps their margins honest. */
export const BYTE_BUDGETS: readonly ByteBudget[] = [
  JS_BEFORE_INTERACTION,
  STATIC_JS_BEFORE_INTERACTION,
  NAVIGATION_NEW_JS,
];

/** "92,764 B (91,740 measured 2026-11-29 + 1,024)": the ceiling with what it is made of. */
export function describeBudget(b: ByteBudget): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return `${n(b.ceiling)} B (${n(b.measured)} measured ${b.measuredOn.slice(0, 10)} + ${n(b.margin)})`;
}
