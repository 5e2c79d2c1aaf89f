/**
 * One server plugin on its own (src/server/plugins/): a bare Fastify instance with, in place of
 * the services plugin, only the decorations a test gives, the rest left out.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { standInOrigins } from '../embedded/server';
import type { Config } from '../src/server/config';
import { testConfig } from './server';
import { TEST_LOGICAL_DATE } from './today';

/** Where the stand-ins would be: nothing answers there (no test here reaches the network). */
export const NOWHERE = 'http://127.0.0.1:9';

type Services = Partial<
  Pick<
    FastifyInstance,
    | 'origins'
    | 'renderer'
    | 'content'
    | 'previewContent'
    | 'serviceProbe'
    | 'caches'
    | 'metrics'
    | 'readiness'
    | 'clock'
    | 'pageDiagnostics'
    | 'publicConfig'
    | 'previewConfig'
  >
> & { siteConfig?: Config };

/** A Fastify instance whose `services` are the given decorations (the configuration's by default). */
export async function pluginServer(
  services: Services = {},
  options: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, ...options });
  const values: Services = {
    siteConfig: testConfig(NOWHERE),
    origins: standInOrigins(NOWHERE),
    clock: { current: () => TEST_LOGICAL_DATE },
    ...services,
  };
  await app.register(
    fp(
      (instance: FastifyInstance) => {
        for (const [name, value] of Object.entries(values)) instance.decorate<unknown>(name, value);
        instance.decorateRequest('pageCacheOutcome', undefined);
        instance.decorateRequest('previewAsked', undefined);
      },
      { name: 'services' },
    ),
  );
  return app;
}
