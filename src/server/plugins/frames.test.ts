// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FRAME_ENDPOINT, FRAME_SCRIPT_PATH } from '../../app/state';
import type { Renderer } from './services';
import { NOWHERE, pluginServer } from '../../../testing/plugins';
import { testConfig } from '../../../testing/server';
import frames from './frames';

const renderer = {
  getFrameAssets: () =>
    Promise.resolve({ scripts: ['/assets/frame.js'], styles: [], preloads: [] }),
} as unknown as Renderer;

async function server(env: Record<string, string> = {}) {
  const app = await pluginServer({ siteConfig: testConfig(NOWHERE, env), renderer });
  await app.register(frames);
  return app;
}

describe('the frames plugin', () => {
  it('serves the loader script to any origin, and refuses a frame in no language', async () => {
    const app = await server();
    const script = await app.inject({ url: FRAME_SCRIPT_PATH });
    expect(script.headers['access-control-allow-origin']).toBe('*');
    expect(script.body).toContain('/assets/frame.js');
    const refused = await app.inject({ url: `${FRAME_ENDPOINT}?lang=xx` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'query "lang" must be fr or en' });
  });

  it('has its demo page only when the content service is not a real one', async () => {
    const app = await server({ CMS_ORIGIN: 'https://cms.pari.example' });
    expect((await app.inject({ url: '/demo/frame-host.html' })).statusCode).toBe(404);
  });
});
