/**
 * The /_data/* answers a client-side navigation fetches are compressed like pages when the
 * browser accepts it (issue 15 item 3: a view's model was sent as plain JSON, several times the
 * destination's compressed HTML), off the event loop (pages.ts `Encoded`).
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServices } from '../../embedded/server';
import { startStandIns, testConfig, testServer } from '../../testing/server';
import { TEST_LOGICAL_DATE } from '../../testing/today';

let embedded: EmbeddedServices;
let app: FastifyInstance;

beforeAll(async () => {
  embedded = await startStandIns(TEST_LOGICAL_DATE);
  app = await testServer(embedded.origin, { config: testConfig(embedded.origin) });
});

afterAll(async () => {
  await app.close();
  await embedded.close();
});

describe('the answers of /_data/*', () => {
  const urls = ['/_data/view?path=/fr/accueil', '/_data/site?lang=fr', '/_data/frame?lang=fr'];

  it('are brotli or gzip when the browser accepts it, the same JSON once decoded', async () => {
    for (const url of urls) {
      const plain = await app.inject({ url });
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.headers['content-type'], url).toMatch(/^application\/json/);
      expect(plain.headers.vary, url).toContain('accept-encoding');
      for (const [accept, decode] of [
        ['br, gzip', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const res = await app.inject({ url, headers: { 'accept-encoding': accept } });
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(
          accept.slice(0, 2) === 'br' ? 'br' : 'gzip',
        );
        const body = decode(res.rawPayload);
        expect(body.length).toBeGreaterThan(res.rawPayload.length);
        expect(JSON.parse(body.toString('utf8'))).toEqual(plain.json());
      }
    }
  });

  it('keep their own headers: no store, and the frame open to other sites', async () => {
    const res = await app.inject({
      url: '/_data/frame?lang=fr',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('the refusals of /_data/*', () => {
  it('are 400 with a reason, kept by no cache', async () => {
    for (const url of [
      '/_data/view',
      '/_data/view?path=fr/accueil',
      '/_data/view?path=//evil.example/',
      '/_data/view?path=/a&path=/b',
      '/_data/site',
      '/_data/site?lang=de',
      '/_data/chronicles?lang=',
      '/_data/frame?lang=xx',
      '/_data/lots?lang=fr&lists=other',
      '/_data/lots?lang=es',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.json<{ error?: string }>().error, url).toMatch(/^query "\w+" must /);
    }
  });
});
