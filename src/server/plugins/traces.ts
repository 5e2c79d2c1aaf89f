/**
 * Each request's trace (docs/operations.md "Traces", src/server/tracing.ts): the caller's W3C
 * `traceparent` honoured or a trace started, active for everything the request causes; with
 * `OTEL_EXPORTER_OTLP_ENDPOINT` set, the SDK is loaded here, before the server listens, and the
 * request's server span ends with its answer.
 */
import { SpanStatusCode } from '@opentelemetry/api';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loggableUrl } from '../log-url';
import { routeKindOf } from '../metrics';
import { pathOf } from '../request-target';
import { runInTrace, startRequestTrace, startTracing, type RequestTrace } from '../tracing';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's trace (its id goes into the access line). */
    trace: RequestTrace | undefined;
  }
}

/** How long a stop waits for the last spans to leave (the drain's bound is a few seconds). */
const FLUSH_BOUND_MS = 1500;

/** The server span's last attributes: the answer's status and the page cache's outcome. */
function endRequestSpan(request: FastifyRequest, reply: FastifyReply | undefined): void {
  const span = request.trace?.span;
  if (!span) return;
  if (reply) {
    span.setAttribute('http.response.status_code', reply.statusCode);
    // A 5xx is the server's failure (OpenTelemetry's HTTP conventions): the span says so.
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  } else {
    span.setAttribute('site.aborted', true);
  }
  if (request.pageCacheOutcome) span.setAttribute('site.page_cache', request.pageCacheOutcome);
  span.end();
}

async function traces(app: FastifyInstance): Promise<void> {
  const stop = await startTracing(app.siteConfig.tracing, (message) => app.log.warn(message));
  app.decorateRequest('trace', undefined);
  app.addHook('onRequest', (request, _reply, done) => {
    request.trace = startRequestTrace(request.headers, () => {
      const path = pathOf(request.url);
      const route = routeKindOf(request.method, path);
      return {
        name: `${request.method} ${route}`,
        attributes: {
          'http.request.method': request.method,
          'http.route': route,
          'url.path': loggableUrl(path),
          'site.request_id': request.id,
        },
      };
    });
    runInTrace(request.trace, done);
  });
  if (!stop) return;
  app.addHook('onResponse', (request, reply, done) => {
    endRequestSpan(request, reply);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    endRequestSpan(request, undefined);
    done();
  });
  app.addHook('onClose', async () => {
    let bound: NodeJS.Timeout | undefined;
    await Promise.race([
      stop(),
      new Promise((resolve) => {
        bound = setTimeout(resolve, FLUSH_BOUND_MS);
      }),
    ]);
    clearTimeout(bound);
  });
}

export default fp(traces, { name: 'traces', dependencies: ['services'] });
