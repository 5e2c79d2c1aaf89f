// @vitest-environment node
/**
 * The preview plugin on its own; what it renders is tested against the stand-ins in
 * src/server/preview.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ContentClient } from '../../content/client';
import { NOWHERE, pluginServer } from '../../../testing/plugins';
import { testConfig } from '../../../testing/server';
import * as previewModule from '../preview';
import preview from './preview';
import securityHeaders, { siteSecurity } from './security-headers';

const TOKEN = 'a-long-enough-preview-token-0123456789';

vi.mock('../preview', async (original) => {
  const actual = await original<typeof import('../preview')>();
  return { ...actual, previewRequest: vi.fn(actual.previewRequest) };
});

async function server(env: Record<string, string> = { PREVIEW_TOKEN: TOKEN }) {
  const config = testConfig(NOWHERE, env);
  const previewContent = config.preview ? ({} as ContentClient) : undefined;
  const app = await pluginServer({ siteConfig: config, previewContent });
  const sources = { media: NOWHERE, frames: [], scripts: [], dev: false };
  await app.register(securityHeaders, siteSecurity(config, sources));
  await app.register(preview);
  return app;
}

describe('the preview plugin', () => {
  it('does not exist without its token', async () => {
    const app = await server({});
    expect((await app.inject({ url: `/_preview/fr/accueil?token=${TOKEN}` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/_preview-bar.css' })).statusCode).toBe(404);
  });

  it('asks for its token, never kept nor indexed', async () => {
    const res = await (await server()).inject({ url: '/_preview/fr/accueil' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('reads the request once, for its answer and for its headers', async () => {
    const app = await server();
    const read = vi.mocked(previewModule.previewRequest);
    read.mockClear();
    const res = await app.inject({ url: `/_preview/fr/accueil?token=${TOKEN}&date=someday` });
    expect(res.statusCode).toBe(400);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(read).toHaveBeenCalledTimes(1);
  });
});
