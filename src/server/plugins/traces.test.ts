// @vitest-environment node
/**
 * Traces without an exporter (docs/operations.md "Traces"): the caller's `traceparent` is
 * honoured, or a trace started, and handed on to every call the request causes; the access line
 * names the trace next to the request id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServices } from '../../../embedded/server';
import { logLines, startStandIns, testConfig, testServer } from '../../../testing/server';

let embedded: EmbeddedServices;

beforeAll(async () => {
  embedded = await startStandIns();
});

afterAll(async () => {
  await embedded.close();
});

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

/** A fresh server (nothing cached), its log and the `traceparent` of each call it makes. */
async function site() {
  const { lines, stream } = logLines();
  const calls: { url: string; traceparent: string | null; requestId: string | null }[] = [];
  const app = await testServer(embedded.origin, {
    config: testConfig(embedded.origin),
    logger: { level: 'info', stream },
    fetcher: (input, init) => {
      const headers = new Headers(init?.headers);
      calls.push({
        url: input,
        traceparent: headers.get('traceparent'),
        requestId: headers.get('x-request-id'),
      });
      return fetch(input, init);
    },
  });
  const access = () => lines.filter((line) => line.msg === 'access');
  return { app, calls, access };
}

describe('traces without an exporter', () => {
  it("hands the caller's trace on to every content call and names it in the access line", async () => {
    const { app, calls, access } = await site();
    const res = await app.inject({
      url: '/fr/promotions',
      headers: {
        traceparent: `00-${TRACE}-${CALLER_SPAN}-01`,
        tracestate: 'vendor=abc',
        'x-request-id': 'req-42',
      },
    });
    expect(res.statusCode).toBe(200);
    // The page and the site node at least.
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls) {
      expect(call.traceparent).toBe(`00-${TRACE}-${CALLER_SPAN}-01`);
      expect(call.requestId).toBe('req-42');
    }
    expect(access()).toEqual([
      expect.objectContaining({ reqId: 'req-42', traceId: TRACE, path: '/fr/promotions' }),
    ]);
    await app.close();
  });

  it('starts a trace when none comes, or one that does not parse, not sampled here', async () => {
    const { app, calls, access } = await site();
    await app.inject({ url: '/fr/promotions' });
    const started = String(access()[0]?.traceId);
    expect(started).toMatch(/^[0-9a-f]{32}$/);
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls)
      expect(call.traceparent).toMatch(new RegExp(`^00-${started}-[0-9a-f]{16}-00$`));

    calls.length = 0;
    await app.inject({ url: '/en/promotions', headers: { traceparent: `00-${TRACE}-zz-01` } });
    const other = String(access()[1]?.traceId);
    expect(other).toMatch(/^[0-9a-f]{32}$/);
    expect(other).not.toBe(started);
    expect(other).not.toBe(TRACE);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.traceparent).toContain(other);
    await app.close();
  });
});
