// @vitest-environment node
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServices } from '../../../embedded/server';
import { readState } from '../../app/wire';
import { stateAddressOf } from '../../../testing/page-state';
import { startStandIns, testConfig, testServer } from '../../../testing/server';

let embedded: EmbeddedServices;
let app: FastifyInstance;

const server = () => testServer(embedded.origin, { config: testConfig(embedded.origin) });

beforeAll(async () => {
  embedded = await startStandIns();
  app = await server();
});

afterAll(async () => {
  await app.close();
  await embedded.close();
});

/** The address a page's document names for its state (it must name one). */
async function addressOf(url: string): Promise<string> {
  const page = await app.inject({ url });
  expect(page.statusCode, url).toBe(200);
  const address = stateAddressOf(page.body);
  if (!address) throw new Error(`${url} carries its state`);
  return address;
}

describe('a shared page’s state beside its document (docs/decisions/0081)', () => {
  it('is named and left out of the page, then answered for good under its hash', async () => {
    const page = await app.inject({ url: '/fr/accueil' });
    const address = stateAddressOf(page.body) ?? '';
    expect(address).toMatch(/^\/_state\/[\w-]{22}\/fr\/accueil$/);
    // The entry asks for it after the first paint, with the site's code: nothing in the head.
    expect(page.body).not.toContain('rel="preload" as="fetch"');
    expect(page.body).toContain(
      `<script type="application/json" id="app-state" data-src="${address}"></script>`,
    );
    // The view travels beside the page only.
    expect(page.body).not.toContain('"kind":"carrousel"');
    const state = await app.inject({ url: address, headers: { 'accept-encoding': 'br' } });
    expect(state.statusCode).toBe(200);
    expect(state.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(state.headers['x-content-type-options']).toBe('nosniff');
    expect(state.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(state.headers['content-encoding']).toBe('br');
    const plain = await app.inject({ url: address });
    const snapshot = readState(plain.body);
    expect(snapshot.path).toBe('/fr/accueil');
    expect(plain.body).toContain('"kind":"carrousel"');
  });

  it('is answered by a process that did not make the document: the same content, the same hash', async () => {
    const address = await addressOf('/en/winners');
    const other = await server();
    const state = await other.inject({ url: address });
    expect(state.statusCode).toBe(200);
    expect(state.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(readState(state.body).path).toBe('/en/winners');
    await other.close();
  });

  it('answers an address whose hash is not the page’s now with the page’s state, kept by no cache', async () => {
    const address = await addressOf('/fr/promotions');
    const stale = address.replace(/\/_state\/[\w-]{22}/, '/_state/AAAAAAAAAAAAAAAAAAAAAA');
    const state = await app.inject({ url: stale });
    expect(state.statusCode).toBe(200);
    expect(state.headers['cache-control']).toBe('no-store');
    expect(state.headers['x-accel-expires']).toBe('0');
    expect(state.body).toBe((await app.inject({ url: address })).body);
  });

  it('reads only the pages the page route shares: anything else is a 404 no cache keeps', async () => {
    const address = await addressOf('/fr/accueil');
    const hash = address.slice('/_state/'.length, '/_state/'.length + 22);
    for (const url of [
      '/_state/',
      `/_state/${hash}`,
      `/_state/${hash.slice(1)}/fr/accueil`,
      `/_state/${hash}//evil.example/fr/accueil`,
      `/_state/${hash}/fr//accueil`,
      `/_state/${hash}/fr/%61ccueil`,
      `/_state/${hash}/fr/nulle-part`,
      `/_state/${hash}/fr/404.html`,
      // The language from the visitor's cookie: a page for some visitors only.
      `/_state/${hash}/promotions`,
      `/_state/${hash}/assets/app.js`,
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('stays in the page where no other address may hold it: error pages, pages for some visitors', async () => {
    for (const url of ['/fr/404.html', '/headless/err/503.html', '/promotions']) {
      const page = await app.inject({ url });
      expect(stateAddressOf(page.body), url).toBeUndefined();
      expect(page.body, url).toMatch(/<script type="application\/json" id="app-state">\{/);
    }
  });
});
