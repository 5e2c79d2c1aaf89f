import { beforeAll, describe, expect, it } from 'vitest';
import { readMessage, redisForLog } from './broadcast';
import { inMessageTrace, startTracing, traceHeaders } from './tracing';

beforeAll(async () => {
  // Traces without an exporter, as a server readies them.
  await startTracing(undefined, () => undefined);
});

describe('messages on the purge channel', () => {
  it('reads a purge of everything or of named pages and nodes', () => {
    const all = { from: 'a', requestId: 'r1', purge: { all: 'no body' } };
    expect(readMessage(JSON.stringify(all))).toEqual(all);
    const pages = {
      from: 'a',
      requestId: 'r2',
      purge: { change: { nodes: ['/pari-boreal/accueil'], pages: [{ lang: 'en', path: 'home' }] } },
    };
    expect(readMessage(JSON.stringify(pages))).toEqual(pages);
  });

  it('ignores anything else another program may publish there', () => {
    for (const text of [
      'hello',
      '{}',
      JSON.stringify({ from: 'a', requestId: 'r', purge: { change: { nodes: [1], pages: [] } } }),
      JSON.stringify({
        from: 'a',
        requestId: 'r',
        purge: { change: { nodes: [], pages: [{ lang: 'de', path: 'x' }] } },
      }),
      JSON.stringify({ from: 'a', purge: { all: 'x' } }),
    ])
      expect(readMessage(text)).toBeNull();
  });
});

describe("a purge's trace", () => {
  it("is read from the message and the receiver's work runs in it", () => {
    const sent = inMessageTrace({}, 'redis publish', {}, () => traceHeaders());
    const traceId = sent.traceparent?.split('-')[1];
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    const message = readMessage(
      JSON.stringify({ from: 'a', requestId: 'r', ...sent, purge: { all: 'x' } }),
    );
    expect(message?.traceparent).toBe(sent.traceparent);
    const seen = inMessageTrace(message ?? {}, 'redis purge', {}, (id) => ({
      id,
      headers: traceHeaders(),
    }));
    expect(seen.id).toBe(traceId);
    expect(seen.headers.traceparent).toContain(`-${String(traceId)}-`);
  });

  it('leaves out trace fields that are not text', () => {
    const message = readMessage(
      JSON.stringify({ from: 'a', requestId: 'r', traceparent: 7, purge: { all: 'x' } }),
    );
    expect(message).toEqual({ from: 'a', requestId: 'r', purge: { all: 'x' } });
  });
});

describe('the Redis URL in the log', () => {
  it('never shows its password', () => {
    expect(redisForLog('redis://:s3cret@cache.internal:6380/2')).toBe(
      'redis://cache.internal:6380/2',
    );
    expect(redisForLog('redis://user:s3cret@cache.internal')).not.toContain('s3cret');
  });
});
