// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ContentClient } from '../../content/client';
import { createReadiness } from '../health';
import { pluginServer } from '../../../testing/plugins';
import health from './health';

/** A content client whose site node answers, or fails as the service would. */
const contentWith = (ok: boolean) =>
  ({
    getSite: () =>
      Promise.resolve(
        ok
          ? { ok: true, data: {} }
          : { ok: false, reason: 'http', status: 502, message: 'bad gateway' },
      ),
  }) as unknown as ContentClient;

async function server(ok = true) {
  const readiness = createReadiness();
  const app = await pluginServer({ readiness, content: contentWith(ok) });
  await app.register(health);
  return { app, readiness };
}

describe('the health plugin', () => {
  it('is alive, and ready while the site node can be had', async () => {
    const { app } = await server();
    const live = await app.inject({ url: '/livez' });
    expect(live.json()).toEqual({ status: 'alive' });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not ready once draining, nor while the content service fails', async () => {
    const { app, readiness } = await server(false);
    const failing = await app.inject({ url: '/readyz' });
    expect(failing.statusCode).toBe(503);
    expect(failing.json()).toEqual({
      status: 'not-ready',
      reasons: ['content service: http 502 on the site node: bad gateway'],
    });
    readiness.startDraining('SIGTERM');
    const draining = await app.inject({ url: '/readyz' });
    expect(draining.json()).toEqual({
      status: 'not-ready',
      reasons: ['stopping: SIGTERM received'],
    });
  });
});
