/**
 * JSON over HTTP with a time-out on every call. A failure says why (the log line names the
 * cause), and an empty answer is not a failure: callers tell the two apart.
 */
import type { Diagnostic } from './schema/diagnostics';

export type FetchFailureReason =
  'timeout' | 'network' | 'status' | 'not-json' | 'invalid-json' | 'shape' | 'too-large';

interface FetchFailure {
  ok: false;
  reason: FetchFailureReason;
  url: string;
  status?: number;
  message: string;
}

interface FetchSuccess<T> {
  ok: true;
  data: T;
  /** What the content boundary could not use whole in this answer (none: all of it). */
  diagnostics?: readonly Diagnostic[] | undefined;
}

export type FetchResult<T> = FetchSuccess<T> | FetchFailure;

export type Fetcher = (input: string, init?: RequestInit) => Promise<Response>;

interface HttpOptions {
  timeoutMs: number;
  fetcher?: Fetcher;
  /** Largest body read, in bytes; a longer answer is abandoned as it streams (default: no limit). */
  maxBytes?: number;
  /** Headers of the call, read when it starts (the id of the request that causes it, say). */
  headers?: () => Record<string, string> | undefined;
}

class TooLarge extends Error {}

/**
 * The body as text, read chunk by chunk and abandoned past `maxBytes`: a hostile answer of
 * megabytes costs no more than the limit, and each chunk is a separate turn of the event loop.
 */
async function readBody(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new TooLarge(`answer over the limit of ${maxBytes} bytes, abandoned while reading`);
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

export function failure(
  reason: FetchFailureReason,
  url: string,
  message: string,
  status?: number,
): FetchFailure {
  return status === undefined
    ? { ok: false, reason, url, message }
    : { ok: false, reason, url, message, status };
}

/** Fetches a text body; the time-out covers the whole answer, body included. */
export async function fetchText(
  url: string,
  { timeoutMs, fetcher = fetch, maxBytes = Infinity, headers }: HttpOptions,
  accept = 'application/json',
): Promise<FetchResult<{ body: string; contentType: string }>> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetcher(url, { signal, headers: { ...headers?.(), accept } });
    // A declared length over the limit is refused before a byte of the body is read.
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      return failure('too-large', url, `answer of ${declared} bytes announced, limit ${maxBytes}`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return failure('status', url, `HTTP ${response.status}`, response.status);
    }
    const body = await readBody(response, maxBytes);
    return { ok: true, data: { body, contentType: response.headers.get('content-type') ?? '' } };
  } catch (error) {
    if (error instanceof TooLarge) {
      return failure('too-large', url, error.message);
    }
    if (signal.aborted) return failure('timeout', url, `no answer within ${timeoutMs} ms`);
    return failure('network', url, error instanceof Error ? error.message : String(error));
  }
}

/**
 * The first `bytes` of a file (fewer if it is shorter), asked with a `Range` header; a host that
 * ignores it and sends the whole file is cut off there. For reading an image's header.
 */
export async function fetchHead(
  url: string,
  { timeoutMs, fetcher = fetch, headers }: HttpOptions,
  bytes: number,
): Promise<FetchResult<Uint8Array>> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetcher(url, {
      signal,
      headers: { ...headers?.(), range: `bytes=0-${bytes - 1}` },
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return failure('status', url, `HTTP ${response.status}`, response.status);
    }
    const head = new Uint8Array(bytes);
    let received = 0;
    const reader = response.body?.getReader();
    while (reader && received < bytes) {
      const { done, value } = await reader.read();
      if (done) break;
      const part = value.subarray(0, bytes - received);
      head.set(part, received);
      received += part.byteLength;
    }
    await reader?.cancel().catch(() => undefined);
    return { ok: true, data: head.subarray(0, received) };
  } catch (error) {
    if (signal.aborted) return failure('timeout', url, `no answer within ${timeoutMs} ms`);
    return failure('network', url, error instanceof Error ? error.message : String(error));
  }
}

export async function fetchJson(url: string, options: HttpOptions): Promise<FetchResult<unknown>> {
  const result = await fetchText(url, options);
  if (!result.ok) return result;
  const { body, contentType } = result.data;
  // An HTML error page with a 200 status is a classic proxy answer: say so, rather than "bad JSON".
  if (/text\/html/i.test(contentType) || /^\s*</.test(body)) {
    return failure('not-json', url, `expected JSON, got ${contentType || 'markup'}`);
  }
  try {
    return { ok: true, data: JSON.parse(body) as unknown };
  } catch (error) {
    return failure(
      'invalid-json',
      url,
      `unreadable JSON (${body.length} bytes): ${error instanceof Error ? error.message : ''}`,
    );
  }
}

export function describeFailure(f: FetchFailure): string {
  return `${f.reason}${f.status ? ` ${f.status}` : ''} from ${f.url}: ${f.message}`;
}
