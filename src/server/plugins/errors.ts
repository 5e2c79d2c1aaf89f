/**
 * The answers to what went wrong. What the visitor got wrong (a path the file server refuses, a
 * malformed or oversized request, a URL that does not decode) is answered with its 4xx and one
 * warning; only the site's own failures lead to the 503 page. Other methods than GET and HEAD
 * are refused here too, before their body is read (docs/decisions/0024).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundPath, SERVICE_ERROR_PATH, serviceErrorPath } from '../../domain/routes';
import { loggableUrl } from '../log-url';
import { isAssetPath } from '../seo';
import { pathOf, storedLocale } from '../request-target';
import { requestLocale } from '../loader';

/** A method the site does not serve: refused, and the connection closed rather than kept. */
export function refuseMethod(reply: FastifyReply): FastifyReply {
  return reply
    .code(405)
    .header('allow', 'GET, HEAD')
    .header('connection', 'close')
    .header('cache-control', 'no-store')
    .send({ error: 'method not allowed' });
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad request', 404: 'Not found' };

/** A refusal that says nothing more than its status. */
export function quietError(reply: FastifyReply, status: number): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(STATUS_TEXT[status] ?? 'Request refused');
}

/** A 4xx the error stands for (a refused asset path, traversal or directory, is a 404). */
const clientError = (error: unknown): number | undefined => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  return status === 403 ? 404 : status;
};

/**
 * A URL whose percent-encoding does not decode: it never reaches a route (Fastify's
 * `frameworkErrors`), and no onSend hook runs for its answer, so its headers are set here.
 */
export function badUrl(error: Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  request.server.secureReply(request, reply);
  if (request.method !== 'GET' && request.method !== 'HEAD') return refuseMethod(reply);
  // An asset is a file: a plain 400. A page is a page not found (docs/requirements.md §8): the 404
  // page of the path's language, as for any other unknown page.
  const asset = isAssetPath(pathOf(request.url));
  const locale = /^\/(?:sports\/)?en(?:[/?]|$)/.test(request.url) ? 'en' : 'fr';
  const answer = asset ? '400' : `302 to ${notFoundPath(locale)}`;
  request.log.warn(
    `${request.method} ${loggableUrl(request.url)}: the path does not decode (${(error as { code?: string }).code ?? error.name}), answered ${answer}`,
  );
  if (asset) return quietError(reply, 400);
  return reply.header('cache-control', 'no-store').redirect(notFoundPath(locale), 302);
}

function errors(app: FastifyInstance): void {
  app.setErrorHandler(async (error, request, reply) => {
    const status = clientError(error);
    if (status !== undefined) {
      request.log.warn(
        `${request.method} ${loggableUrl(request.url)}: refused (${(error as Error).message.slice(0, 120)}), answered ${status}`,
      );
      return quietError(reply, status);
    }
    const url = loggableUrl(request.url);
    request.log.error({ err: error, url }, `rendering ${url} failed`);
    if (!request.url.startsWith(SERVICE_ERROR_PATH) && request.method === 'GET') {
      const locale = requestLocale(request.url, storedLocale(request));
      return reply.header('cache-control', 'no-store').redirect(serviceErrorPath(locale), 302);
    }
    return reply
      .code(500)
      .type('text/html; charset=utf-8')
      .send('<!doctype html><title>Erreur / Error 500</title><h1>Erreur 500 / Error 500</h1>');
  });
}

export default fp(errors, { name: 'errors' });
