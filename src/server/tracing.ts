/**
 * Traces (docs/operations.md "Traces", docs/decisions/0072-traces.md). Every request has a W3C
 * trace context: the caller's `traceparent` when it is valid, else a new trace; it is handed on
 * as `traceparent` to each call the request causes (content service, video platform, media
 * host, Redis). Spans are recorded only with `OTEL_EXPORTER_OTLP_ENDPOINT` set: then the SDK
 * (src/server/tracing-sdk.ts) is imported and gives this module its tracer. Unset, no module of
 * the SDK is loaded and a request costs one header read and one context.
 */
import { randomFillSync } from 'node:crypto';
import {
  context,
  defaultTextMapGetter,
  defaultTextMapSetter,
  isSpanContextValid,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type Span,
  type SpanContext,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { FetchResult } from '../content/http';
import type { Config } from './config';

const w3c = new W3CTraceContextPropagator();
/** Set while spans are recorded (the SDK is loaded). */
let tracer: Tracer | undefined;
let contextFollowsAsyncWork = false;

/** A request's trace: its span (not recorded with tracing off) and the context that holds it. */
export interface RequestTrace {
  span: Span;
  context: Context;
}

/** The active trace follows async work (the SDK's context manager over AsyncLocalStorage). */
function followAsyncWork(): void {
  if (contextFollowsAsyncWork) return;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager());
  contextFollowsAsyncWork = true;
}

/**
 * Readies traces for a server: the context that follows async work, and with
 * `OTEL_EXPORTER_OTLP_ENDPOINT` the SDK, imported only then. Answers how to flush and stop it.
 */
export async function startTracing(
  config: Config['tracing'],
  warn: (message: string) => void,
): Promise<(() => Promise<void>) | undefined> {
  followAsyncWork();
  if (!config) return undefined;
  const { startSdk } = await import('./tracing-sdk');
  const sdk = startSdk(config, warn);
  tracer = sdk.tracer;
  return async () => {
    if (tracer === sdk.tracer) tracer = undefined;
    await sdk.shutdown();
  };
}

/** Random bytes for new trace and span ids, drawn 256 ids at a time (one call each is slow). */
const ID_BYTES = 24;
const idPool = Buffer.alloc(ID_BYTES * 256);
let idOffset = idPool.length;

/** A new trace that this process does not record (flags 00: no span of it is kept here). */
function newTrace(): SpanContext {
  if (idOffset === idPool.length) {
    randomFillSync(idPool);
    idOffset = 0;
  }
  const hex = idPool.toString('hex', idOffset, idOffset + ID_BYTES);
  idOffset += ID_BYTES;
  return {
    traceId: hex.slice(0, 32),
    spanId: hex.slice(32),
    traceFlags: TraceFlags.NONE,
    isRemote: false,
  };
}

/**
 * The trace of an incoming request: the caller's valid `traceparent` (and `tracestate`)
 * honoured, else a new trace. Recording, a server span child of the caller's, as `describe`
 * names it; not recording, the caller's context is handed on as it came (the calls made hang
 * under the caller's span).
 */
export function startRequestTrace(
  headers: Record<string, string | string[] | undefined>,
  describe: () => { name: string; attributes: Attributes },
): RequestTrace {
  const incoming = w3c.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
  let span: Span;
  if (tracer) {
    const { name, attributes } = describe();
    span = tracer.startSpan(name, { kind: SpanKind.SERVER, attributes }, incoming);
  } else {
    span = trace.getSpan(incoming) ?? trace.wrapSpanContext(newTrace());
  }
  return { span, context: trace.setSpan(incoming, span) };
}

/** Runs the rest of a request in its trace. */
export function runInTrace(requestTrace: RequestTrace, run: () => void): void {
  context.with(requestTrace.context, run);
}

/**
 * The active trace as `traceparent` (and `tracestate`), for a call leaving the process; a call
 * made outside any request starts a trace of its own.
 */
export function traceHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const active = context.active();
  const current = trace.getSpanContext(active);
  const carried =
    current && isSpanContextValid(current) ? active : trace.setSpanContext(active, newTrace());
  w3c.inject(carried, headers, defaultTextMapSetter);
  return headers;
}

function failed(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/** Runs `work` in a span, child of the active one, when spans are recorded; else runs it alone. */
export function traced<T>(
  name: string,
  work: (span: Span | undefined) => Promise<T>,
  attributes: Attributes = {},
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  if (!tracer) return work(undefined);
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      failed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** `traced` for work that does not wait (a render). */
export function tracedSync<T>(
  name: string,
  work: (span: Span | undefined) => T,
  attributes: Attributes = {},
  kind: SpanKind = SpanKind.INTERNAL,
): T {
  if (!tracer) return work(undefined);
  return tracer.startActiveSpan(name, { kind, attributes }, (span) => {
    try {
      return work(span);
    } catch (error) {
      failed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * One call to the content service, the video platform or the media host, in a client span: its
 * endpoint (the URL without the video platform's key) and its outcome, `ok` or the failure's
 * reason (the `reason` of content_service_failures_total).
 */
export function traceContentCall<R>(
  call: string,
  url: string,
  send: () => Promise<FetchResult<R>>,
): Promise<FetchResult<R>> {
  if (!tracer) return send();
  // The outgoing URL's own query, without the video platform's key (the incoming request's query
  // is read elsewhere, as src/server/proxy-cache.test.ts checks).
  const target = new URL(url);
  const query = new URLSearchParams(target.search);
  query.delete('key');
  target.search = query.toString();
  const attributes: Attributes = {
    'http.request.method': 'GET',
    'server.address': target.hostname,
    'url.full': target.href,
    'site.content.call': call,
  };
  return traced(
    `content ${call}`,
    async (span) => {
      const result = await send();
      span?.setAttribute('site.content.outcome', result.ok ? 'ok' : result.reason);
      if (!result.ok) {
        span?.setAttributes({
          'error.type': result.reason,
          ...(result.status ? { 'http.response.status_code': result.status } : {}),
        });
        span?.setStatus({ code: SpanStatusCode.ERROR, message: result.message });
      }
      return result;
    },
    attributes,
    SpanKind.CLIENT,
  );
}

/** The W3C fields of a trace, as a message carries them (Redis). */
export interface TraceFields {
  traceparent?: string;
  tracestate?: string;
}

/** The active trace's id, if any. */
function activeTraceId(): string | undefined {
  const current = trace.getSpanContext(context.active());
  return current && isSpanContextValid(current) ? current.traceId : undefined;
}

/**
 * Runs `work` in the trace a message carries (a purge from another instance, through Redis), in
 * a span of its own when recorded; `work` is told the trace's id, for its log line.
 */
export function inMessageTrace<T>(
  carrier: TraceFields,
  name: string,
  attributes: Attributes,
  work: (traceId: string | undefined) => T,
): T {
  const carried = w3c.extract(ROOT_CONTEXT, carrier, defaultTextMapGetter);
  return context.with(carried, () =>
    tracedSync(name, () => work(activeTraceId()), attributes, SpanKind.CONSUMER),
  );
}
