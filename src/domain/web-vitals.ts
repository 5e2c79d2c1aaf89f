/**
 * What a visitor's browser may say about a page view's speed (docs/operations.md "Speed in
 * visitors' browsers"): the page type, how the page view began, and up to five Core Web Vitals,
 * each a number within its bound. Never an identifier, a URL or a query.
 */

/** The path beacons are sent to. */
export const VITALS_PATH = '/_vitals';

/**
 * The path a page view asks for its view token at (`POST`): a beacon carries one, and the site
 * takes each once (docs/decisions/0087-beacons-that-cannot-lie.md).
 */
export const VIEWS_PATH = '/_vitals/view';

/** A view token: 16 random bytes in base64url. */
export const VIEW_TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** The performance mark a document sets once its page views are watched (for tests, monitoring). */
export const WATCHING_MARK = 'vitals-watched';

/** The metrics a beacon may carry: times in milliseconds, CLS a layout shift score. */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/**
 * The largest value accepted per metric; a beacon with a larger one is refused. Five minutes for
 * a page to load and one for an interaction to be answered are already past any visitor's
 * patience; a layout shift score of 50 means the page jumped for whole seconds.
 */
export const VITAL_LIMITS: Record<VitalName, number> = {
  LCP: 300_000,
  FCP: 300_000,
  TTFB: 300_000,
  INP: 60_000,
  CLS: 50,
};

/** The page types a beacon may name: the view kinds. */
export const VITALS_PAGE_TYPES = ['content', 'error', 'site-map', 'sports', 'trigger'] as const;
export type VitalsPageType = (typeof VITALS_PAGE_TYPES)[number];

/** How the page view began: the document's own load, or a client-side navigation. */
export const NAVIGATION_KINDS = ['load', 'client'] as const;
export type NavigationKind = (typeof NAVIGATION_KINDS)[number];

/** One page view's beacon. */
export interface VitalsBeacon {
  /** The page view's token (VIEWS_PATH): one beacon per page view. */
  view: string;
  page: VitalsPageType;
  navigation: NavigationKind;
  metrics: Partial<Record<VitalName, number>>;
}

/** A beacon is small: five numbers and two words fit in about 130 bytes. */
export const VITALS_BODY_LIMIT = 512;

/** The metrics that belong to a document's load, which a client-side page view never has. */
const LOAD_ONLY: readonly VitalName[] = ['LCP', 'FCP', 'TTFB'];

/** Event Timing durations come in steps of 8 ms, and INP is one of them (or web-vitals' 8). */
const INP_STEP_MS = 8;

/** A layout shift score as sent has four decimals at most. */
const CLS_STEPS = 10_000;

/**
 * Why a beacon holds what no browser measures, or undefined when a browser could have sent it.
 * Each rule and its source: docs/decisions/0087-beacons-that-cannot-lie.md. (The bounds of
 * VITAL_LIMITS are checked with the beacon's shape.)
 */
export function implausible({ navigation, metrics }: VitalsBeacon): string | undefined {
  if (navigation === 'client' && LOAD_ONLY.some((name) => metrics[name] !== undefined))
    return 'a client-side page view has no LCP, FCP or TTFB';
  for (const name of VITAL_NAMES) {
    const value = metrics[name];
    if (value === undefined) continue;
    if (name === 'CLS') {
      if (Math.abs(value * CLS_STEPS - Math.round(value * CLS_STEPS)) > 1e-6)
        return 'CLS has more than four decimals';
    } else if (!Number.isInteger(value)) return `${name} is not whole milliseconds`;
  }
  if (metrics.INP !== undefined && metrics.INP % INP_STEP_MS !== 0)
    return 'INP is not a multiple of 8 ms';
  const { TTFB, FCP, LCP } = metrics;
  if (
    TTFB !== undefined &&
    ((FCP !== undefined && FCP < TTFB) || (LCP !== undefined && LCP < TTFB))
  )
    return 'a paint before the first byte';
  return undefined;
}

/** A value as sent: whole milliseconds, a layout shift score to four decimals. */
export function roundVital(name: VitalName, value: number): number {
  return name === 'CLS' ? Math.round(value * CLS_STEPS) / CLS_STEPS : Math.round(value);
}

/** At 50 interactions and more, one is left out per 50: INP is about the 98th percentile. */
const INTERACTIONS_PER_OUTLIER = 50;
/**
 * What an interaction the browser did not report reads as: the observer sees only those of 16 ms
 * or more (the Event Timing API's floor), as web-vitals does for a soft navigation.
 */
const UNSEEN_INTERACTION_MS = 8;

/**
 * INP of a page view from the latencies of the interactions seen (each interaction's longest
 * event) and how many there were in all: the longest, less one per 50 interactions. Undefined
 * when there was none.
 */
export function interactionToNextPaint(latencies: number[], count: number): number | undefined {
  const all = Math.max(count, latencies.length);
  if (all === 0) return undefined;
  if (latencies.length === 0) return UNSEEN_INTERACTION_MS;
  const sorted = [...latencies].sort((a, b) => b - a);
  return sorted[Math.min(sorted.length - 1, Math.floor(all / INTERACTIONS_PER_OUTLIER))];
}

/** A session window ends 1 s after its last shift, or 5 s after its first. */
const WINDOW_GAP_MS = 1_000;
const WINDOW_MAX_MS = 5_000;

/**
 * CLS of a page view from its layout shifts (those without recent input, in the order they
 * happened): the largest sum of shifts in one session window.
 */
export function layoutShiftScore(shifts: { value: number; startTime: number }[]): number {
  let largest = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const shift of shifts) {
    if (shift.startTime - last >= WINDOW_GAP_MS || shift.startTime - first >= WINDOW_MAX_MS) {
      sum = 0;
      first = shift.startTime;
    }
    sum += shift.value;
    last = shift.startTime;
    largest = Math.max(largest, sum);
  }
  return largest;
}
