/**
 * The site's publish hook, reached from where the command runs: a POST without the token, which
 * the site refuses (401) before it reads a body, so nothing is purged (docs/operations.md, "Purge
 * on publish").
 */
import type { Fetcher } from '../../src/content/http';
import { fail, ok, type Finding } from './findings';

export async function checkWebhook(
  url: string,
  timeoutMs: number,
  fetcher: Fetcher = fetch,
): Promise<Finding> {
  const check = `publish hook ${url}`;
  const signal = AbortSignal.timeout(timeoutMs);
  let status: number;
  try {
    const response = await fetcher(url, {
      method: 'POST',
      signal,
      headers: { accept: 'application/json' },
    });
    status = response.status;
    await response.body?.cancel().catch(() => undefined);
  } catch (error) {
    const why = signal.aborted
      ? `no answer within ${timeoutMs} ms`
      : error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    return fail(
      check,
      `unreachable from here (${why}): publications would not refresh the site.`,
      "run the check where Magnolia runs; open the site's address to the instances (firewall, DNS) and point the webhook's url at it.",
    );
  }
  if (status === 401)
    return ok(check, 'reachable, and it refuses a call without the token (401), as it should.');
  if (status === 404)
    return fail(
      check,
      'not found (HTTP 404): the site has no publish hook there.',
      'set PUBLISH_HOOK_TOKEN on the site (without it the hook does not exist) and give the hook URL, /_hooks/content-published.',
    );
  if (status >= 200 && status < 300)
    return fail(
      check,
      `accepted a call without a token (HTTP ${status}).`,
      "this is not the site's hook, or something in front of it answers for it: check the URL.",
    );
  return fail(
    check,
    `HTTP ${status} to a call without the token, not 401.`,
    'check the URL, and what answers in front of the site (a proxy, a firewall).',
  );
}
