/**
 * The content client's calls for edit mode (docs/editing.md): a page read by its node path with
 * one call under the pages endpoint's root path, the query its owner adds to each call (the
 * version an editor previews), and why annotations are missing when the author refuses them.
 */
import { describe, expect, it, vi } from 'vitest';
import { createContentClient } from './client';
import type { Fetcher } from './http';

const origin = 'https://author.example/ctx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const PAGE = {
  '@name': 'été',
  '@path': '/demo/été',
  '@id': 'page-1',
  '@nodeType': 'mgnl:page',
  'mgnl:template': 'demo:pages/standard',
  URLfr: 'ete',
  URLen: 'summer',
  title: 'Été',
  main: { '@name': 'main', '@nodeType': 'mgnl:area', '@nodes': [] },
};

function client(fetcher: Fetcher, ownQuery?: () => Record<string, string> | undefined) {
  const warn = vi.fn();
  const api = createContentClient({
    origin,
    app: 'demo',
    media: 'https://media.example',
    timeoutMs: 500,
    warn,
    fetcher,
    ...(ownQuery ? { ownQuery } : {}),
  });
  return { api, warn };
}

describe('a page read by its node path', () => {
  it('asks for that one node under the root path, its segments encoded', async () => {
    const urls: string[] = [];
    const { api } = client((url) => {
      urls.push(url);
      return Promise.resolve(json(PAGE));
    });
    const found = await api.getPageAtNode('en', '/demo/été');
    expect(found).toMatchObject({ ok: true, data: { URLen: 'summer' } });
    expect(urls).toEqual([`${origin}/.rest/demo/listerPages/%C3%A9t%C3%A9?lang=en`]);
  });

  it('is none for a 404, or a node outside the site’s, which it does not ask for', async () => {
    const fetcher = vi.fn<Fetcher>(() => Promise.resolve(json({ errorCode: 'NOT_FOUND' }, 404)));
    const { api } = client(fetcher);
    expect(await api.getPageAtNode('fr', '/demo/nulle-part')).toEqual({ ok: true, data: null });
    expect(fetcher).toHaveBeenCalledTimes(1);
    for (const path of ['/other/accueil', '/demo/', '/demo', '/demonstration/x']) {
      expect(await api.getPageAtNode('fr', path), path).toEqual({ ok: true, data: null });
    }
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('asks nothing for a path whose dot segments would lead to another endpoint', async () => {
    const fetcher = vi.fn<Fetcher>(() => Promise.resolve(json(PAGE)));
    const { api } = client(fetcher);
    for (const path of [
      '/demo/../../template-annotations/v1/demo',
      '/demo/./ete',
      '/demo/a//b',
      '/demo/ete/..',
    ]) {
      expect(await api.getPageAtNode('fr', path), path).toEqual({ ok: true, data: null });
    }
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('is a failure when the author instance fails', async () => {
    const { api } = client(() => Promise.resolve(json({}, 500)));
    expect(await api.getPageAtNode('fr', '/demo/ete')).toMatchObject({ ok: false, status: 500 });
  });
});

describe('the query its owner adds', () => {
  it('goes on every delivery call, asked for at each call', async () => {
    const urls: string[] = [];
    let version: string | undefined = '1.4';
    const { api } = client(
      (url) => {
        urls.push(url);
        return Promise.resolve(json(url.includes('listerTout') ? {} : { results: [] }));
      },
      () => (version ? { version } : undefined),
    );
    await api.getPage('fr', 'ete');
    await api.getSite('fr');
    version = undefined;
    await api.getLots('fr');
    expect(urls).toEqual([
      `${origin}/.rest/demo/listerPages?URLfr=ete&lang=fr&version=1.4`,
      `${origin}/.rest/demo/listerTout/demo?lang=fr&version=1.4`,
      `${origin}/.rest/demo/listerLots?lang=fr`,
    ]);
  });
});

describe('annotations the author instance does not give', () => {
  for (const [status, missing, cause] of [
    [401, 'unauthorized', /CMS_PREVIEW_CREDENTIALS/],
    [403, 'forbidden', /write to the website workspace/],
    [503, 'failed', /did not give them/],
  ] as const) {
    it(`say why (${status}), in the plan and in one warning`, async () => {
      const { api, warn } = client((url) =>
        Promise.resolve(url.includes('template-annotations') ? json({}, status) : json(PAGE)),
      );
      const plan = await api.getEditPlan('fr', 'ete', PAGE);
      expect(plan).toMatchObject({ ok: true, data: { missing } });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(cause);
    });
  }
});
