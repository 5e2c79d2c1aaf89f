// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { FastifyReply } from 'fastify';
import { serviceErrorPath } from '../../domain/routes';
import { pluginServer } from '../../../testing/plugins';
import errors, { badUrl } from './errors';

async function server() {
  const app = await pluginServer({}, { frameworkErrors: (e, q, r) => void badUrl(e, q, r) });
  app.decorate('secureReply', (_request: unknown, reply: FastifyReply) =>
    reply.header('x-secured', 'yes'),
  );
  await app.register(errors);
  for (const path of ['/fails', '/en/fails']) {
    app.get(path, () => {
      throw new Error('content service down');
    });
  }
  app.get('/refused', () => {
    throw Object.assign(new Error('traversal'), { statusCode: 403 });
  });
  app.get('/*', () => 'page');
  return app;
}

describe('the errors plugin', () => {
  it("sends the site's own failures to the 503 page, once", async () => {
    const app = await server();
    const res = await app.inject({ url: '/fails' });
    // In the language of the address that failed (issue 45); none here: the stored one.
    expect([res.statusCode, res.headers.location]).toEqual([302, serviceErrorPath('fr')]);
    const english = await app.inject({ url: '/en/fails', cookies: { sgdLocale: 'fr' } });
    expect(english.headers.location).toBe(serviceErrorPath('en'));
    const stored = await app.inject({ url: '/fails', cookies: { sgdLocale: 'en' } });
    expect(stored.headers.location).toBe(serviceErrorPath('en'));
    expect(res.headers['cache-control']).toBe('no-store');
    const head = await app.inject({ method: 'HEAD', url: '/fails' });
    expect(head.statusCode).toBe(500);
  });

  it("answers the visitor's mistakes with their 4xx, a refused path as not found", async () => {
    const res = await (await server()).inject({ url: '/refused' });
    expect([res.statusCode, res.body]).toEqual([404, 'Not found']);
  });

  it('answers a path that does not decode: a 400 for a file, the 404 page for a page', async () => {
    const app = await server();
    const asset = await app.inject({ url: '/assets/app-%E0.js' });
    expect([asset.statusCode, asset.headers['x-secured']]).toEqual([400, 'yes']);
    const page = await app.inject({ url: '/en/%E0' });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toMatch(/^\/en\//);
    expect(page.headers['x-secured']).toBe('yes');
  });
});
