// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pluginServer } from '../../../testing/plugins';
import favicon from './favicon';

describe('the favicon plugin', () => {
  it('answers an SVG icon, kept a day', async () => {
    const app = await pluginServer();
    await app.register(favicon);
    const res = await app.inject({ url: '/favicon.svg' });
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toMatch(/^<svg /);
  });
});
