// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BROWSER_ERRORS_PATH } from '../../domain/browser-errors';
import { VITALS_PATH } from '../../domain/web-vitals';
import { PUBLISH_HOOK_PATH } from '../publish';
import { NOWHERE, pluginServer } from '../../../testing/plugins';
import { testConfig } from '../../../testing/server';
import methods from './methods';

async function server(env: Record<string, string> = {}) {
  const app = await pluginServer({ siteConfig: testConfig(NOWHERE, env) });
  await app.register(methods);
  app.route({ method: ['GET', 'HEAD', 'POST'], url: '/*', handler: () => 'answered' });
  return app;
}

describe('the methods plugin', () => {
  it('lets GET and HEAD through and refuses the others before their body', async () => {
    const app = await server();
    expect((await app.inject({ url: '/fr/accueil' })).body).toBe('answered');
    expect((await app.inject({ method: 'HEAD', url: '/fr/accueil' })).statusCode).toBe(200);
    const post = await app.inject({ method: 'POST', url: '/fr/accueil', payload: '{not json' });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(post.headers.connection).toBe('close');
  });

  it('lets the error reports in, and the webhook only with its token', async () => {
    const off = await server();
    expect((await off.inject({ method: 'POST', url: BROWSER_ERRORS_PATH })).body).toBe('answered');
    const hidden = await off.inject({ method: 'POST', url: PUBLISH_HOOK_PATH });
    expect([hidden.statusCode, hidden.body]).toEqual([404, 'Not found']);
    const on = await server({ PUBLISH_HOOK_TOKEN: 'a-long-enough-publish-token-0123456789' });
    expect((await on.inject({ method: 'POST', url: PUBLISH_HOOK_PATH })).body).toBe('answered');
  });

  it('lets Core Web Vitals beacons in only when the site asks browsers for them', async () => {
    const off = await server();
    expect((await off.inject({ method: 'POST', url: VITALS_PATH })).statusCode).toBe(405);
    const on = await server({ RUM_SAMPLE_RATE: '0.1' });
    expect((await on.inject({ method: 'POST', url: VITALS_PATH })).body).toBe('answered');
  });
});
