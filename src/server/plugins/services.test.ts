// @vitest-environment node
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { standInOrigins } from '../../../embedded/server';
import type { ServerDeps } from '../app';
import { NOWHERE } from '../../../testing/plugins';
import { testConfig } from '../../../testing/server';
import services from './services';

function deps(env: Record<string, string> = {}, dev = false): ServerDeps {
  return {
    config: testConfig(NOWHERE, env),
    origins: standInOrigins(NOWHERE),
    getRender: () => Promise.reject(new Error('no render here')),
    getAssets: () => Promise.resolve({ scripts: [], styles: [], preloads: [] }),
    getFrameAssets: () => Promise.resolve({ scripts: [], styles: [], preloads: [] }),
    dev,
  };
}

describe('the services plugin', () => {
  it('decorates the root with what the other plugins share', async () => {
    const app = Fastify();
    await app.register(services, deps());
    expect(app.siteConfig.publicOrigin).toBe('https://www.pari.example');
    expect(app.caches.pages).toBeDefined();
    expect(app.previewContent).toBeUndefined();
    expect(app.metrics).toBeUndefined();
    expect(app.readiness.draining).toBeUndefined();
    // A preview runs no third party's script.
    expect(app.publicConfig.bettingWidgetUrl).toBeDefined();
    expect(app.previewConfig.bettingWidgetUrl).toBeUndefined();
  });

  it('tells the browser of real-user metrics only when they are on, and never in a preview', async () => {
    const off = Fastify();
    await off.register(services, deps());
    expect(off.publicConfig.rum).toBeUndefined();
    const on = Fastify();
    await on.register(
      services,
      deps({ RUM_SAMPLE_RATE: '0.05', RUM_CONSENT_PURPOSE: 'audience_measurement' }),
    );
    expect(on.publicConfig.rum).toEqual({
      sampleRate: 0.05,
      consentPurpose: 'audience_measurement',
    });
    expect(on.previewConfig.rum).toBeUndefined();
  });

  it('keeps no pages in development, and has a preview client with its token', async () => {
    const app = Fastify();
    await app.register(
      services,
      deps({ PREVIEW_TOKEN: 'a-long-enough-preview-token-0123456789' }, true),
    );
    expect(app.caches.pages).toBeUndefined();
    expect(app.previewContent).toBeDefined();
  });
});
