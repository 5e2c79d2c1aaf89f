/**
 * JSON over HTTP with a time-out on every call. A failure says why (the log line names the
 * cause), and an empty answer is not a failure: callers tell the two apart.
 */
export type FetchFailureReason =
  'timeout' | 'network' | 'status' | 'not-json' | 'invalid-json' | 'shape';

export interface FetchFailure {
  ok: false;
  reason: FetchFailureReason;
  url: string;
  status?: number;
  message: string;
}

export interface FetchSuccess<T> {
  ok: true;
  data: T;
}

export type FetchResult<T> = FetchSuccess<T> | FetchFailure;

export type Fetcher = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpOptions {
  timeoutMs: number;
  fetcher?: Fetcher;
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
  { timeoutMs, fetcher = fetch }: HttpOptions,
  accept = 'application/json',
): Promise<FetchResult<{ body: string; contentType: string }>> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetcher(url, { signal, headers: { accept } });
    const body = await response.text();
    if (!response.ok) {
      return failure('status', url, `HTTP ${response.status}`, response.status);
    }
    return { ok: true, data: { body, contentType: response.headers.get('content-type') ?? '' } };
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
