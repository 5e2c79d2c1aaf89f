// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ContentClient } from '../../content/client';
import { pluginServer } from '../../../testing/plugins';
import seo from './seo';

const unlisted = {
  listPages: () => Promise.resolve({ ok: false, reason: 'network', message: 'refused' }),
} as unknown as ContentClient;

describe('the seo plugin', () => {
  it('points robots at the sitemap of the public origin', async () => {
    const app = await pluginServer();
    await app.register(seo);
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.body).toContain(`Sitemap: ${app.siteConfig.publicOrigin}/sitemap.xml`);
  });

  it('answers 503, kept by nobody, when the page listing fails', async () => {
    const app = await pluginServer({ content: unlisted });
    await app.register(seo);
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['retry-after']).toBe('60');
  });
});
