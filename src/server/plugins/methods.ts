/**
 * Only GET and HEAD exist here: anything else is refused before its body is read, and the
 * connection is closed rather than kept for a body nobody wants. The exceptions are the
 * browsers' error reports (src/server/browser-errors.ts), their Core Web Vitals when the site
 * asks for them (src/server/web-vitals.ts) and the publication webhook
 * (src/server/plugins/publish.ts), which exists only with its token: without one it is not
 * found, and says nothing more.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { BROWSER_ERRORS_PATH } from '../../domain/browser-errors';
import { VIEWS_PATH, VITALS_PATH } from '../../domain/web-vitals';
import { PUBLISH_HOOK_PATH } from '../publish';
import { pathOf } from '../request-target';
import { quietError, refuseMethod } from './errors';

function methods(app: FastifyInstance): void {
  const hookToken = app.siteConfig.publishHookToken;
  const vitals = app.siteConfig.rum !== undefined;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const path = pathOf(request.url);
    if (request.method === 'POST' && path === BROWSER_ERRORS_PATH) return;
    if (request.method === 'POST' && (path === VITALS_PATH || path === VIEWS_PATH) && vitals)
      return;
    if (request.method === 'POST' && path === PUBLISH_HOOK_PATH) {
      if (hookToken) return;
      return quietError(reply.header('connection', 'close'), 404);
    }
    return refuseMethod(reply);
  });
}

export default fp(methods, { name: 'methods', dependencies: ['services'] });
