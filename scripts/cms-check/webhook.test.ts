/**
 * The publish hook from where the check runs (issue 42 item 9): a POST without the token and
 * without a body, which only a 401 answers right; the site's own hook is run in run.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { checkWebhook } from './webhook';

const URL_ = 'https://www.pari.example/_hooks/content-published';

function answering(status: number, seen: RequestInit[] = []) {
  return (_input: string, init?: RequestInit) => {
    seen.push(init ?? {});
    return Promise.resolve(new Response(null, { status }));
  };
}

describe('publish hook check', () => {
  it('passes on a 401, sending neither a token nor a body', async () => {
    const seen: RequestInit[] = [];
    const finding = await checkWebhook(URL_, 1000, answering(401, seen));
    expect(finding.status).toBe('ok');
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.body).toBeUndefined();
    expect(JSON.stringify(seen[0]?.headers).toLowerCase()).not.toContain('authorization');
  });

  it.each([
    [404, 'not found (HTTP 404)'],
    [204, 'accepted a call without a token'],
    [405, 'HTTP 405 to a call without the token'],
  ])('fails on a %i', async (status, text) => {
    const finding = await checkWebhook(URL_, 1000, answering(status));
    expect(finding.status).toBe('fail');
    expect(finding.text).toContain(text);
  });

  it('fails, with the cause, when it cannot be reached', async () => {
    const finding = await checkWebhook(URL_, 1000, () =>
      Promise.reject(new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND') })),
    );
    expect(finding).toMatchObject({ status: 'fail' });
    expect(finding.text).toContain('unreachable from here (getaddrinfo ENOTFOUND)');
  });
});
