// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createContentCache } from '../../content/cache';
import { PUBLISH_HOOK_PATH } from '../publish';
import { NOWHERE, pluginServer } from '../../../testing/plugins';
import { testConfig } from '../../../testing/server';
import publish from './publish';

const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuvwxyz';

async function server(env: Record<string, string>) {
  const config = testConfig(NOWHERE, env);
  const caches = {
    content: createContentCache(config.contentCache),
    pages: undefined,
    siteNode: '/x',
  };
  const app = await pluginServer({ siteConfig: config, caches });
  await app.register(publish);
  return app;
}

const post = (token?: string) => ({
  method: 'POST' as const,
  url: PUBLISH_HOOK_PATH,
  headers: {
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  },
  payload: '{"anything": true}',
});

describe('the publish plugin', () => {
  it('has no webhook without its token', async () => {
    const app = await server({});
    expect((await app.inject(post(TOKEN))).statusCode).toBe(404);
  });

  it('refuses a stranger, and purges for the bearer of the token (no Redis: here only)', async () => {
    const app = await server({ PUBLISH_HOOK_TOKEN: TOKEN });
    const stranger = await app.inject(post('wrong'));
    expect([stranger.statusCode, stranger.headers['www-authenticate']]).toEqual([401, 'Bearer']);
    const res = await app.inject(post(TOKEN));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ broadcast: 'off' });
  });
});
