/**
 * The check's way out (issue 42 item 9): GET only, and the raw JSON of each answer kept for the
 * comparisons, never an error's body (a 500 in both languages is no French English).
 */
import { describe, expect, it } from 'vitest';
import { basicAuthorization, createRecorder } from './recorder';

const answering =
  (status: number, body: string, seen: RequestInit[] = []) =>
  (_input: string, init?: RequestInit) => {
    seen.push(init ?? {});
    return Promise.resolve(new Response(body, { status }));
  };

describe('recorder', () => {
  it('keeps the JSON of an answer, and passes it on unchanged', async () => {
    const recorder = createRecorder(answering(200, '{"results":[]}'));
    const response = await recorder.fetcher('http://cms.example/a');
    expect(await response.json()).toEqual({ results: [] });
    expect(recorder.raw('http://cms.example/a')).toEqual({ results: [] });
  });

  it("keeps nothing of an error's body or of one that is not JSON", async () => {
    const failing = createRecorder(answering(500, '{"error":"boom"}'));
    expect((await failing.fetcher('http://cms.example/a')).status).toBe(500);
    expect(failing.raw('http://cms.example/a')).toBeUndefined();
    const html = createRecorder(answering(200, '<html></html>'));
    await html.fetcher('http://cms.example/b');
    expect(html.raw('http://cms.example/b')).toBeUndefined();
  });

  it('sends GET only, with its own headers', async () => {
    const seen: RequestInit[] = [];
    const recorder = createRecorder(answering(200, '{}', seen), {
      authorization: basicAuthorization('u', 'p:w'),
    });
    await recorder.fetcher('http://cms.example/a', { headers: { accept: 'application/json' } });
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.headers).toEqual({
      accept: 'application/json',
      authorization: `Basic ${Buffer.from('u:p:w').toString('base64')}`,
    });
    await expect(recorder.fetcher('http://cms.example/a', { method: 'POST' })).rejects.toThrow(
      /GET only/,
    );
    expect(seen).toHaveLength(1);
  });

  it('names the cause of a call that found no server', async () => {
    const refused = createRecorder(() =>
      Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') })),
    );
    await expect(refused.fetcher('http://cms.example/a')).rejects.toThrow(
      'fetch failed: connect ECONNREFUSED',
    );
  });
});
