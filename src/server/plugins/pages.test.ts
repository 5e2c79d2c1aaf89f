// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pluginServer } from '../../../testing/plugins';
import pages from './pages';

describe('the pages plugin', () => {
  it('sends another spelling of a page to its one path, its query kept', async () => {
    const app = await pluginServer();
    await app.register(pages);
    const res = await app.inject({ url: '/fr/promotions/?lot=1' });
    expect([res.statusCode, res.headers.location]).toEqual([301, '/fr/promotions?lot=1']);
  });

  it('answers a missing file with a 404 and another method with a 405', async () => {
    const app = await pluginServer();
    await app.register(pages);
    const missing = await app.inject({ url: '/assets/gone-abc123.js' });
    expect([missing.statusCode, missing.body]).toEqual([404, 'Not found']);
    const put = await app.inject({ method: 'PUT', url: '/fr/accueil' });
    expect(put.statusCode).toBe(405);
  });
});
