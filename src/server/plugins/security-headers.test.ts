// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NOWHERE, pluginServer } from '../../../testing/plugins';
import { testConfig } from '../../../testing/server';
import securityHeaders, { siteSecurity } from './security-headers';

const SOURCES = { media: NOWHERE, frames: [], scripts: [], dev: false };
const PREVIEW = { PREVIEW_TOKEN: 'a-long-enough-preview-token-0123456789' };

async function server(env: Record<string, string> = {}) {
  const config = testConfig(NOWHERE, env);
  const app = await pluginServer({ siteConfig: config }, { genReqId: () => 'req-1' });
  await app.register(securityHeaders, siteSecurity(config, SOURCES));
  app.get('/*', () => 'any answer');
  return app;
}

describe('the security-headers plugin', () => {
  it('sends the site policy and the request id on every answer', async () => {
    const res = await (await server()).inject({ url: '/fr/accueil' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-request-id']).toBe('req-1');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it("gives the preview its own policy, and edit mode the author instance's", async () => {
    const app = await server(PREVIEW);
    const preview = await app.inject({ url: '/_preview/fr/accueil' });
    expect(preview.headers['referrer-policy']).toBe('no-referrer');
    const edit = await app.inject({ url: '/_preview/fr/accueil?mgnlPreview=false' });
    expect(edit.headers['content-security-policy']).toContain(
      `frame-ancestors ${new URL(NOWHERE).origin}`,
    );
    expect(edit.headers['x-frame-options']).toBeUndefined();
  });
});
