// @vitest-environment node
/**
 * Traces exported (docs/operations.md "Traces", docs/decisions/0072-traces.md). Without
 * `OTEL_EXPORTER_OTLP_ENDPOINT` no module of the OpenTelemetry SDK or its exporter is loaded,
 * however many pages are served (each load of those packages is noted here). With it pointing at
 * an OTLP/HTTP receiver (a server of the test's own, which reads the exporter's JSON), both are,
 * and a page request yields one trace, the caller's, whose spans are the request, the page
 * cache's outcome, the route, each content call with its endpoint and outcome, and the render.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EmbeddedServices } from '../../embedded/server';
import { logLines, startStandIns, testConfig, testServer } from '../../testing/server';

const loaded = vi.hoisted(() => new Set<string>());
vi.mock('@opentelemetry/sdk-trace', async (original) => {
  loaded.add('sdk-trace');
  return original();
});
vi.mock('@opentelemetry/exporter-trace-otlp-http', async (original) => {
  loaded.add('exporter-trace-otlp-http');
  return original();
});

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: OtlpValue }[];
}
interface OtlpRequest {
  resourceSpans: {
    resource: { attributes: { key: string; value: OtlpValue }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

let embedded: EmbeddedServices;
let receiver: Server;
const exports: { path: string; type: string; body: OtlpRequest }[] = [];

beforeAll(async () => {
  embedded = await startStandIns();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      exports.push({
        path: request.url ?? '',
        type: request.headers['content-type'] ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString()) as OtlpRequest,
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await embedded.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const TRACE = '0af7651916cd43dd8448eb211c80319c';
const CALLER_SPAN = 'b7ad6b7169203331';

const attribute = (span: OtlpSpan | undefined, key: string) => {
  const value = span?.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue ?? value?.boolValue;
};

/** A call's URL less the video platform's key, which no span holds. */
const withoutKey = (url: string) => {
  const parsed = new URL(url);
  if (parsed.searchParams.has('key')) parsed.searchParams.delete('key');
  return parsed.href;
};

describe('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('serves pages without loading the SDK or its exporter', async () => {
    const app = await testServer(embedded.origin, { config: testConfig(embedded.origin) });
    for (const url of ['/fr/promotions', '/_data/view?path=/fr/gagnants'])
      expect((await app.inject({ url })).statusCode).toBe(200);
    await app.close();
    expect([...loaded]).toEqual([]);
  });
});

describe('traces sent to an OTLP endpoint', () => {
  it("gives one trace, the caller's, with a span per content call", async () => {
    const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const { lines, stream } = logLines();
    const calls: { url: string; traceparent: string | null }[] = [];
    const app = await testServer(embedded.origin, {
      config: testConfig(embedded.origin, { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }),
      logger: { level: 'info', stream },
      fetcher: (input, init) => {
        calls.push({ url: input, traceparent: new Headers(init?.headers).get('traceparent') });
        return fetch(input, init);
      },
    });
    const res = await app.inject({
      url: '/fr/gagnants',
      headers: { traceparent: `00-${TRACE}-${CALLER_SPAN}-01`, 'x-request-id': 'req-otlp' },
    });
    expect(res.statusCode).toBe(200);
    expect([...loaded].sort()).toEqual(['exporter-trace-otlp-http', 'sdk-trace']);
    // Closing flushes the spans still batched.
    await app.close();

    expect(exports.length).toBeGreaterThan(0);
    expect(exports.every((e) => e.path === '/v1/traces' && e.type === 'application/json')).toBe(
      true,
    );
    const resource = exports[0]?.body.resourceSpans[0]?.resource.attributes ?? [];
    expect(resource).toContainEqual({ key: 'service.name', value: { stringValue: 'pari-boreal' } });
    const spans = exports.flatMap((e) =>
      e.body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
    );
    // One trace: the caller's.
    expect(new Set(spans.map((s) => s.traceId))).toEqual(new Set([TRACE]));
    const named = (name: string) => spans.filter((s) => s.name === name);
    const [request] = named('GET page');
    expect(request?.parentSpanId).toBe(CALLER_SPAN);
    expect(attribute(request, 'http.response.status_code')).toBe(200);
    expect(attribute(request, 'site.request_id')).toBe('req-otlp');
    expect(attribute(request, 'site.page_cache')).toBe('miss');
    const [pageCache] = named('page cache');
    expect(pageCache?.parentSpanId).toBe(request?.spanId);
    expect(attribute(pageCache, 'site.page_cache')).toBe('miss');
    const [route] = named('route');
    expect(route?.parentSpanId).toBe(pageCache?.spanId);
    expect(attribute(route, 'site.route')).toBe('content');
    expect(attribute(route, 'site.view')).toBe('content');
    const [render] = named('render');
    expect(render?.parentSpanId).toBe(pageCache?.spanId);

    // Each call that left the process is a span, with its endpoint and outcome, and carried it.
    const content = spans.filter((s) => attribute(s, 'site.content.call') !== undefined);
    expect(calls.length).toBeGreaterThan(2);
    expect(content).toHaveLength(calls.length);
    for (const call of calls) {
      const span = content.find((s) => call.traceparent === `00-${TRACE}-${s.spanId}-01`);
      expect(span, call.url).toBeDefined();
      expect(attribute(span, 'url.full')).toBe(withoutKey(call.url));
      expect(attribute(span, 'site.content.outcome')).toBe('ok');
      expect(span?.name).toBe(`content ${String(attribute(span, 'site.content.call'))}`);
    }
    const kinds = new Set(content.map((s) => attribute(s, 'site.content.call')));
    for (const kind of ['site', 'page', 'lots']) expect(kinds).toContain(kind);

    // The access line names the trace next to the request id.
    expect(lines.find((line) => line.msg === 'access')).toMatchObject({
      reqId: 'req-otlp',
      traceId: TRACE,
    });
  });
});
