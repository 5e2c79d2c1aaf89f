/**
 * The check's only way out to an instance: GET alone (the check never writes), each answer's JSON
 * kept by URL so that the raw nodes can be compared beside what the site's client made of them.
 */
import type { Fetcher } from '../../src/content/http';

/** Statuses whose answer has no body (a Response refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

export interface Recorder {
  fetcher: Fetcher;
  /** The JSON answered at `url`, as sent; undefined when the call failed or it was not JSON. */
  raw(url: string): unknown;
}

export function createRecorder(
  base: Fetcher = fetch,
  headers: Record<string, string> = {},
): Recorder {
  const bodies = new Map<string, unknown>();
  const fetcher: Fetcher = async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET') throw new Error(`cms:check sends GET only, not ${method}`);
    let response: Response;
    try {
      response = await base(input, {
        ...init,
        method: 'GET',
        headers: { ...(init?.headers as Record<string, string> | undefined), ...headers },
      });
    } catch (error) {
      // "fetch failed" says nothing to an operator; its cause (ECONNREFUSED, ENOTFOUND…) does.
      if (error instanceof Error && error.cause instanceof Error)
        throw new Error(`${error.message}: ${error.cause.message}`, { cause: error });
      throw error;
    }
    const text = await response.text();
    // An error's body is no answer to compare.
    bodies.delete(input);
    if (response.ok) {
      try {
        bodies.set(input, JSON.parse(text) as unknown);
      } catch {
        // Not JSON: the client says so.
      }
    }
    return new Response(NO_BODY.has(response.status) ? null : text, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return { fetcher, raw: (url) => bodies.get(url) };
}

export function basicAuthorization(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}
