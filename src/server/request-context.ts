/**
 * What code far from the request handler needs to know of the request that caused it: its id
 * (sent to the content service as `X-Request-Id`) and its logger (so a warning from the content
 * client carries the request's id). AsyncLocalStorage rather than an argument threaded through
 * the loader, the block data, the sitemap and the content client: the content client is made
 * once per process and shared, and its cache starts calls on behalf of whichever request asks
 * first (docs/operations.md "Request ids").
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

interface RequestLog {
  warn(message: string): void;
  /** With fields of its own (pino's form): a content diagnostic, say. */
  warn(fields: object, message: string): void;
  debug(fields: object, message: string): void;
}

interface RequestContext {
  id: string;
  log: RequestLog;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runInRequest(context: RequestContext, run: () => void): void {
  storage.run(context, run);
}

export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/**
 * An incoming id is kept when it is short and made of safe characters only (it goes into log
 * lines and headers, here and at the content service); anything else is replaced.
 */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && SAFE_ID.test(header) ? header : randomUUID();
}
