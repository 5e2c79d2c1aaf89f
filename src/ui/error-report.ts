/**
 * Errors in visitors' browsers, heard (docs/operations.md "Errors in visitors' browsers"): these
 * few lines come with the site's code; the sender (error-sender.ts), which samples, caps, cleans
 * and posts, is loaded only once there is something to send.
 */
import type { BrowserErrorKind, ReportPageType } from '../domain/browser-errors';
import type { Send } from './error-sender';

export interface ReportOptions {
  /** The page type at the time of the report. */
  page: () => ReportPageType;
  /** The share of page views that report (0 to 1). */
  sampleRate: number;
}

let options: ReportOptions | undefined;
let sender: Promise<Send> | undefined;

/** Says what went wrong, once the sender has come (in order); nothing before `listenForErrors`. */
export function reportBrowserError(kind: BrowserErrorKind, block: string, error: unknown): void {
  if (!options) return;
  const given = options;
  sender ??= import('./error-sender').then((m) => m.createSender(window, given));
  // A sender whose chunk did not come sends nothing.
  sender.then((send) => send(kind, block, error)).catch(() => undefined);
}

/** Listens for what nothing caught: uncaught errors and rejections. */
export function listenForErrors(win: Window, given: ReportOptions): void {
  options = given;
  win.addEventListener('error', (event) =>
    reportBrowserError('uncaught', 'none', event.error ?? event.message),
  );
  win.addEventListener('unhandledrejection', (event) =>
    reportBrowserError('rejection', 'none', event.reason),
  );
}
