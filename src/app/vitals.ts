/**
 * Real-user Core Web Vitals (docs/operations.md "Speed in visitors' browsers",
 * docs/decisions/0069-real-user-web-vitals.md). This chunk comes once the page is interactive, and
 * only to the documents in the sample (RUM_SAMPLE_RATE, src/app/start-client.tsx). Each page view
 * sends one beacon. The document's load carries what web-vitals reads (LCP, INP, CLS, FCP, TTFB)
 * until its page view ends, and goes when the page is first hidden or left. A client-side page
 * view carries INP and CLS of its own time on screen, read here from the browser's entries by the
 * same definitions, and goes when the next navigation swaps another view in or the page is hidden:
 * TTFB, FCP and LCP belong to a document's load, and a soft navigation has none that every
 * browser gives.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import {
  interactionToNextPaint,
  layoutShiftScore,
  roundVital,
  VIEW_TOKEN,
  VIEWS_PATH,
  VITAL_NAMES,
  VITALS_PATH,
  WATCHING_MARK,
  type NavigationKind,
  type VitalName,
  type VitalsBeacon,
  type VitalsPageType,
} from '../domain/web-vitals';
import { postBeacon } from '../ui/error-sender';
import { consentManager } from '../ui/consent/consent';
import type { AppStore } from './store';

/** A web-vitals function: reports a metric, and each change of it with `reportAllChanges`. */
export type VitalSource = (
  report: (metric: { name: string; value: number; entries: readonly PerformanceEntry[] }) => void,
  options: { reportAllChanges: boolean },
) => void;

const WEB_VITALS: VitalSource[] = [onTTFB, onFCP, onLCP, onINP, onCLS];

interface VitalsOptions {
  /** The consent manager's purpose beacons wait for (RUM_CONSENT_PURPOSE); absent: none. */
  consentPurpose?: string | undefined;
}

interface PageView {
  /** The token the site gave this page view (VIEWS_PATH); without one, no beacon goes. */
  view?: string;
  page: VitalsPageType;
  navigation: NavigationKind;
  /** The load's metrics, as web-vitals last gave them. */
  metrics: Partial<Record<VitalName, number>>;
  /** When a client-side page view began (`performance.now()`): entries before it are not its. */
  start: number;
  /** When the load's page view ended with a client-side navigation: entries after are not its. */
  end?: number;
  /** The browser's interaction count then, where it keeps one. */
  interactionsBefore: number | undefined;
  /** A client-side page view's interactions (longest event per interaction id) and shifts. */
  interactions: Map<number, number>;
  shifts: { value: number; startTime: number }[];
  sent: boolean;
}

/** The entries read here (not all in TypeScript's DOM types). */
interface EventEntry extends PerformanceEntry {
  interactionId?: number;
}
interface ShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}

const interactionCount = (win: Window): number | undefined =>
  (win.performance as Performance & { interactionCount?: number }).interactionCount;

/**
 * Asks the site for a page view's token as the view begins, so that it is there when the beacon
 * leaves (as the page is hidden, with no time for a request). Refused (a quick reader past their
 * address's share) or failed: the view sends nothing (docs/decisions/0087-beacons-that-cannot-lie.md).
 */
function askForToken(win: Window, view: PageView): void {
  win
    .fetch(VIEWS_PATH, { method: 'POST', credentials: 'omit', cache: 'no-store' })
    .then(async (response) => (response.ok ? response.text() : ''))
    .then((token) => {
      if (VIEW_TOKEN.test(token)) view.view = token;
    })
    .catch(() => undefined);
}

function pageView(win: Window, page: VitalsPageType, navigation: NavigationKind): PageView {
  const view: PageView = {
    page,
    navigation,
    metrics: {},
    start: navigation === 'load' ? 0 : win.performance.now(),
    interactionsBefore: navigation === 'load' ? 0 : interactionCount(win),
    interactions: new Map(),
    shifts: [],
    sent: false,
  };
  askForToken(win, view);
  return view;
}

const isVitalName = (name: string): name is VitalName =>
  (VITAL_NAMES as readonly string[]).includes(name);

/** What the browser reports: without an entry type, the metric is left out, not read as 0. */
interface Watched {
  flush: () => void;
  events: boolean;
  shifts: boolean;
}

/** What a client-side page view's entries say, as a beacon's metrics. */
function clientMetrics(win: Window, view: PageView, watched: Watched): PageView['metrics'] {
  const latencies = [...view.interactions.values()];
  const now = interactionCount(win);
  const count =
    now === undefined || view.interactionsBefore === undefined
      ? latencies.length
      : now - view.interactionsBefore;
  const inp = watched.events ? interactionToNextPaint(latencies, count) : undefined;
  return {
    ...(inp === undefined ? {} : { INP: roundVital('INP', inp) }),
    ...(watched.shifts ? { CLS: roundVital('CLS', layoutShiftScore(view.shifts)) } : {}),
  };
}

/** Hands each interaction and layout shift to the client-side page view on screen. */
function watchEntries(win: Window, current: () => PageView): Watched {
  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver })
    .PerformanceObserver;
  const types = Observer?.supportedEntryTypes ?? [];
  const events = types.includes('event');
  const shifts = types.includes('layout-shift');
  if (!Observer || !(events || shifts)) return { flush: () => undefined, events, shifts };
  const take = (entries: PerformanceEntry[]) => {
    const view = current();
    if (view.navigation !== 'client' || view.sent) return;
    for (const entry of entries) {
      if (entry.startTime < view.start) continue;
      if (entry.entryType === 'layout-shift') {
        const shift = entry as ShiftEntry;
        if (!shift.hadRecentInput)
          view.shifts.push({ value: shift.value, startTime: shift.startTime });
        continue;
      }
      const id = (entry as EventEntry).interactionId;
      if (id) view.interactions.set(id, Math.max(view.interactions.get(id) ?? 0, entry.duration));
    }
  };
  const observer = new Observer((list) => take(list.getEntries()));
  // 16 ms is the Event Timing API's floor; shorter interactions are counted, unseen.
  if (events) observer.observe({ type: 'event', durationThreshold: 16 });
  if (shifts) observer.observe({ type: 'layout-shift' });
  return { flush: () => take(observer.takeRecords()), events, shifts };
}

/** Sends a page view's beacon once, when there is something to say and the visitor allows it. */
function send(win: Window, view: PageView, options: VitalsOptions, watched: Watched): void {
  if (view.sent) return;
  if (view.navigation === 'client') watched.flush();
  view.sent = true;
  const metrics = view.navigation === 'load' ? view.metrics : clientMetrics(win, view, watched);
  if (Object.keys(metrics).length === 0 || view.view === undefined) return;
  if (options.consentPurpose && !consentManager().hasPurpose(options.consentPurpose)) return;
  const beacon: VitalsBeacon = {
    view: view.view,
    page: view.page,
    navigation: view.navigation,
    metrics,
  };
  postBeacon(win, VITALS_PATH, JSON.stringify(beacon));
}

/**
 * Measures this document's page views and sends one beacon for each. `sources` are web-vitals'
 * functions (the tests give their own).
 */
export function watchVitals(
  win: Window,
  store: AppStore,
  options: VitalsOptions,
  sources: VitalSource[] = WEB_VITALS,
): void {
  const load = pageView(win, store.getState().view.kind, 'load');
  let current = load;
  for (const source of sources) {
    // Every change is kept: the last one of the load's page view is what it sends. After a
    // client-side navigation, a change that comes from a later entry is the next page view's.
    source(
      (metric) => {
        if (load.sent || !isVitalName(metric.name)) return;
        const last = metric.entries.at(-1)?.startTime ?? 0;
        if (load.end !== undefined && last >= load.end) return;
        load.metrics[metric.name] = roundVital(metric.name, metric.value);
      },
      { reportAllChanges: true },
    );
  }
  const watched = watchEntries(win, () => current);
  store.subscribe((state, previous) => {
    if (state.view === previous.view) return;
    // The load's beacon waits for the page to be hidden: web-vitals reports an interaction once
    // the browser is idle, so the click that navigated may not have reached it yet.
    if (current === load) load.end = win.performance.now();
    else send(win, current, options, watched);
    current = pageView(win, state.view.kind, 'client');
  });
  const end = () => {
    send(win, load, options, watched);
    send(win, current, options, watched);
  };
  // On the document, after web-vitals' own listener (on the window, capturing), which hands over
  // its last values first. A page view hidden then shown again has already said its piece.
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') end();
  });
  win.addEventListener('pagehide', end);
  // Lets tests and monitoring tell when the page views are watched.
  win.performance.mark(WATCHING_MARK);
}
