/**
 * One access line per request (docs/operations.md "Access log"), and the requests' metrics when
 * they are on. A health probe that passes is only worth a line when debugging.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { loggableUrl } from '../log-url';
import { pathOf } from '../request-target';

function accessLog(app: FastifyInstance): void {
  const { metrics } = app;
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      metrics.request(
        request.method,
        pathOf(request.url),
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });
  }
  const level = app.siteConfig.accessLogLevel;
  if (level === 'silent') return;
  app.addHook('onResponse', async (request, reply) => {
    const path = pathOf(request.url);
    const probe = (path === '/livez' || path === '/readyz') && reply.statusCode === 200;
    const length = Number(reply.getHeader('content-length'));
    request.log[probe ? 'debug' : level](
      {
        // The request's trace, next to its request id (`reqId`): one finds the other.
        traceId: request.trace?.span.spanContext().traceId,
        method: request.method,
        path: loggableUrl(path),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        cache: request.pageCacheOutcome,
        bytes: Number.isFinite(length) ? length : undefined,
      },
      'access',
    );
  });
}

export default fp(accessLog, { name: 'access-log', dependencies: ['services'] });
