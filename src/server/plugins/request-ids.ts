/**
 * First of all hooks: what runs for a request from here on knows its id and its logger
 * (src/server/request-context.ts, docs/operations.md "Request ids"). The id itself is chosen
 * when the request is made (`genReqId`, src/server/app.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { runInRequest } from '../request-context';

function requestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    runInRequest({ id: request.id, log: request.log }, done);
  });
}

export default fp(requestIds, { name: 'request-ids' });
