/**
 * The sender of error reports, loaded on the first one (error-report.ts): a page view is in the
 * sample or not, sends at most REPORTS_PER_PAGE_VIEW reports, each cleaned (no query, no
 * fragment, no control character, 300 characters at most), with `navigator.sendBeacon` (or a
 * `fetch` that outlives the page). No identifier, cookie or stack goes with it.
 */
import {
  BROWSER_ERRORS_PATH,
  cleanReportMessage,
  type BrowserErrorKind,
  type BrowserErrorReport,
} from '../domain/browser-errors';
import type { ReportOptions } from './error-report';

/** Reports one page view sends at most. */
const REPORTS_PER_PAGE_VIEW = 5;

/**
 * Posts a small JSON body that outlives the page: with `navigator.sendBeacon`, or where it is
 * missing or refuses, a `fetch` kept alive without the cookie. The Core Web Vitals
 * (src/app/vitals.ts) send theirs with it too; it lives here so that the site's code before
 * interaction names no other chunk.
 */
export function postBeacon(win: Window, path: string, body: string): void {
  const { navigator } = win;
  const blob = new Blob([body], { type: 'application/json' });
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(path, blob)) return;
  // The cookie is left behind: a beacon is nobody's.
  void win
    .fetch(path, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
    })
    .catch(() => undefined);
}

/** Sends one report (or not: out of the sample, or past the cap). */
export type Send = (kind: BrowserErrorKind, block: string, error: unknown) => void;

function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : Object.prototype.toString.call(error);
}

export function createSender(
  win: Window,
  options: ReportOptions,
  random: () => number = Math.random,
): Send {
  const sampled = random() < options.sampleRate;
  let left = REPORTS_PER_PAGE_VIEW;
  // One report per error: a block's failed chunk is reported as such, then rethrown to its
  // error boundary, which reports what it catches (docs/decisions/0066).
  const reported = new WeakSet<object>();
  return (kind, block, error) => {
    if (!sampled || left <= 0) return;
    if (typeof error === 'object' && error !== null) {
      if (reported.has(error)) return;
      reported.add(error);
    }
    left -= 1;
    const report: BrowserErrorReport = {
      kind,
      block,
      page: options.page(),
      message: cleanReportMessage(messageOf(error)),
    };
    postBeacon(win, BROWSER_ERRORS_PATH, JSON.stringify(report));
  };
}
