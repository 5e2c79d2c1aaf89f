/** `/favicon.svg`: the site's icon, written here (no file to serve). */
import type { FastifyInstance } from 'fastify';

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#15232c"/><path d="M16 5l9 11-9 11-9-11z" fill="#f2b705"/></svg>`;

export default function favicon(app: FastifyInstance): void {
  app.get('/favicon.svg', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(FAVICON),
  );
}
