/** `/date`: the logical date the browser refreshes its own from (docs/requirements.md §7). */
import type { FastifyInstance } from 'fastify';

export default function date(app: FastifyInstance): void {
  app.get('/date', async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(app.clock.current()),
  );
}
