/**
 * The built assets under /assets/ (production). A refused or malformed path (traversal, a null
 * byte, bad percent-encoding) comes back from the file server as a 4xx error, which the app's
 * error handler answers quietly (src/server/app.ts).
 */
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export async function registerAssets(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix: '/assets/',
    // Names carry a content hash: a year, never revalidated.
    immutable: true,
    maxAge: '365d',
    index: false,
    // The build writes brotli and gzip siblings of each text asset (vite.config.ts).
    preCompressed: true,
    // Other systems' pages load the standalone frame's modules across origins.
    setHeaders: (res) => {
      res.setHeader('access-control-allow-origin', '*');
    },
  });
}
