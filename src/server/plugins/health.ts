/**
 * `/livez` and `/readyz` (docs/operations.md "Health checks"): never cached, never a secret in
 * the body. Ready while not draining and while the site node can be had, a stale copy included.
 */
import type { FastifyInstance } from 'fastify';
import type { ReadyBody } from '../health';

async function reasonsNotReady(app: FastifyInstance): Promise<string[]> {
  if (app.readiness.draining) return [`stopping: ${app.readiness.draining} received`];
  // Through the content cache: a stale copy it still holds serves pages, so it counts.
  const site = await app.content.getSite('fr');
  if (site.ok) return [];
  const status = site.status ? ` ${site.status}` : '';
  return [`content service: ${site.reason}${status} on the site node: ${site.message}`];
}

export default function health(app: FastifyInstance): void {
  app.get('/livez', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'alive' }),
  );
  app.get('/readyz', async (_request, reply) => {
    const reasons = await reasonsNotReady(app);
    const body: ReadyBody = reasons.length ? { status: 'not-ready', reasons } : { status: 'ready' };
    return reply
      .code(reasons.length ? 503 : 200)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
