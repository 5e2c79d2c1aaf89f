import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installSanitizerWindow } from './sanitize';
import { createContentClient } from './client';
import type { Fetcher } from './http';

const site = 'https://cms.example';
const media = 'https://media.example';

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
    ...init,
  });
}

function client(fetcher: Fetcher, warn = vi.fn()) {
  return {
    warn,
    api: createContentClient({ origin: site, app: 'demo', media, timeoutMs: 200, warn, fetcher }),
  };
}

const comp = (name: string, kind: string, props: Record<string, unknown> = {}) => ({
  '@name': name,
  '@path': `/demo/accueil/main/${name}`,
  '@id': `id-${name}`,
  '@nodeType': 'mgnl:component',
  'mgnl:template': `demo:components/${kind}`,
  'mgnl:lastModified': '2026-01-01T00:00:00.000-05:00',
  'jcr:createdBy': 'editor',
  '@nodes': [],
  ...props,
});

const page = {
  '@name': 'accueil',
  '@path': '/demo/accueil',
  '@id': 'page-1',
  '@nodeType': 'mgnl:page',
  'mgnl:template': 'demo:pages/standard',
  URLfr: 'accueil',
  URLen: 'home',
  title: 'Accueil',
  imageId: 'jcr:og-1',
  nePasAfficherZonePub: 'true',
  main: {
    '@name': 'main',
    '@nodeType': 'mgnl:area',
    '@nodes': ['b', 'a', 'mystery', 'mystery2', 'noimage'],
    // Keys deliberately in another order than @nodes.
    noimage: comp('noimage', 'image'),
    mystery2: comp('mystery2', 'composante-inconnue'),
    mystery: comp('mystery', 'composante-inconnue'),
    a: comp('a', 'texte', { texte: '<p>A</p>', typeComposante: 'section' }),
    b: comp('b', 'carte', { title: 'B', fluid: 'false', displayCover: 'true', montant: '12.5' }),
  },
};

beforeAll(() => {
  installSanitizerWindow(new JSDOM('').window);
});

describe('content client', () => {
  it('asks listerPages with URLfr or URLen and the language', async () => {
    const fetcher = vi.fn<Fetcher>(() => Promise.resolve(json({ results: [] })));
    const { api } = client(fetcher);
    await api.getPage('fr', 'promotions/hockey');
    await api.getPage('en', 'promotions/hockey');
    expect(fetcher.mock.calls.map((c) => c[0])).toEqual([
      `${site}/.rest/demo/listerPages?URLfr=promotions%2Fhockey&lang=fr`,
      `${site}/.rest/demo/listerPages?URLen=promotions%2Fhockey&lang=en`,
    ]);
  });

  it('turns a page node into a typed page, children in @nodes order, string booleans read', async () => {
    const { api, warn } = client(() => Promise.resolve(json({ results: [page] })));
    const result = await api.getPage('fr', 'accueil');
    expect(result.ok).toBe(true);
    if (!result.ok || !result.data) throw new Error('no page');
    const p = result.data;
    expect(p.components.map((c) => c.name)).toEqual(['b', 'a']);
    expect(p.nePasAfficherZonePub).toBe(true);
    expect(p.meta.ogImage).toBe(`${media}/dam/jcr:og-1/opengraph.jpg`);
    const card = p.components[0];
    expect(card?.kind).toBe('carte');
    expect(card?.fields).toMatchObject({ title: 'B', fluid: false, displayCover: true });
    // The unknown kind is logged once, however often it appears; the source-less image is skipped.
    const lines = warn.mock.calls.map((c) => String(c[0]));
    expect(lines.filter((l) => l.includes('composante-inconnue'))).toHaveLength(1);
    expect(lines).toContain(
      'component "image" skipped at /demo/accueil/main/noimage: image missing (neither imageId nor image)',
    );
  });

  it('tells an empty answer from a failed call', async () => {
    const empty = await client(() => Promise.resolve(json({ results: [] }))).api.getPage('fr', 'x');
    expect(empty).toEqual({ ok: true, data: null });
    const missing = await client(() => Promise.resolve(json({ items: [] }))).api.getPage('fr', 'x');
    expect(missing).toMatchObject({ ok: false, reason: 'shape' });
  });

  it.each([
    ['a 500 answer', () => json({}, { status: 500 }), 'status'],
    [
      'an HTML page',
      () => new Response('<html>Oops</html>', { headers: { 'content-type': 'text/html' } }),
      'not-json',
    ],
    ['truncated JSON', () => json('{"results": [{"@name": "acc'), 'invalid-json'],
  ] as const)('names the cause of %s', async (_label, answer, reason) => {
    const result = await client(() => Promise.resolve(answer())).api.getLots('fr');
    expect(result).toMatchObject({ ok: false, reason });
  });

  it('gives up after its time-out', async () => {
    const hang: Fetcher = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      });
    const result = await client(hang).api.getSite('fr');
    expect(result).toMatchObject({ ok: false, reason: 'timeout' });
  });

  it('reports a network failure', async () => {
    const result = await client(() => Promise.reject(new Error('ECONNREFUSED'))).api.getSite('en');
    expect(result).toMatchObject({ ok: false, reason: 'network', message: 'ECONNREFUSED' });
  });

  it('reads the site node: menu groups, links in order, messages', async () => {
    const node = {
      header: {
        menu: {
          '@nodes': ['g1'],
          g1: {
            '@name': 'g1',
            titre: 'Sports',
            'groupe-liens': {
              '@nodes': ['l2', 'l1'],
              l1: { '@name': 'l1', titre: 'Un', lienExterne: '/fr/un' },
              l2: {
                '@name': 'l2',
                titre: 'Deux',
                lienExterne: 'https://x.example',
                nouvelleFenetre: 'true',
              },
            },
          },
        },
        messages: { '@nodes': ['m'], m: { '@name': 'm', texte: '<p>Bonjour</p>' } },
      },
      footer: { nePasAfficherZonePub: false, logos: {} },
    };
    const result = await client(() => Promise.resolve(json(node))).api.getSite('fr');
    if (!result.ok) throw new Error(result.message);
    expect(result.data.header.menu[0]?.links.map((l) => [l.titre, l.nouvelleFenetre])).toEqual([
      ['Deux', true],
      ['Un', false],
    ]);
    expect(result.data.header.messages).toHaveLength(1);
    expect(result.data.footer.menu).toEqual([]);
  });

  it('normalises the footer phone link, and drops one that is no phone number', async () => {
    const footer = (telephone: Record<string, string>) => ({
      footer: {
        telephone: { '@name': 'telephone', '@path': '/site/footer/telephone', ...telephone },
      },
    });
    const read = async (telephone: Record<string, string>) => {
      const { api, warn } = client(() => Promise.resolve(json(footer(telephone))));
      const result = await api.getSite('fr');
      if (!result.ok) throw new Error(result.message);
      return { phone: result.data.footer.telephone, warn };
    };
    const doubled = await read({
      numeroTelephone: '1 800 555-0199',
      numeroTelephoneLien: 'tel:tel:+1 800 555-0199',
    });
    expect(doubled.phone?.numeroTelephoneLien).toBe('tel:+18005550199');
    expect(doubled.phone?.numeroTelephone).toBe('1 800 555-0199');
    // No link: the number shown makes it.
    const shownOnly = await read({ numeroTelephone: '(800) 555.0199' });
    expect(shownOnly.phone?.numeroTelephoneLien).toBe('tel:+18005550199');
    const bad = await read({
      numeroTelephone: 'Appelez-nous',
      numeroTelephoneLien: 'javascript:x',
    });
    expect(bad.phone?.numeroTelephoneLien).toBeUndefined();
    expect(bad.warn).toHaveBeenCalledTimes(1);
    expect(bad.warn.mock.calls[0]?.[0]).toMatch(/numeroTelephoneLien .* not a phone number/);
  });

  it('reads lots with their ticket and winner sub-nodes and numeric strings', async () => {
    const lot = {
      '@name': 'lot-1',
      name: 'lot-1',
      montantMise: '10',
      montantGain: 1234.56,
      dateGain: '2026-03-01T00:00:00.000-05:00',
      produit: { name: 'Mise', image: { '@path': '/logos/p.svg' } },
      sports: { '@nodes': ['s'], s: { name: 'multisport', imageId: 'jcr:s' } },
      '@nodes': ['produit', 'sports', 'lot-1-B'],
      'lot-1-B': { ville: 'Québec', imageBilletId: 'jcr:t' },
    };
    const result = await client(() => Promise.resolve(json({ results: [lot] }))).api.getLots('fr');
    if (!result.ok) throw new Error(result.message);
    expect(result.data[0]).toMatchObject({
      name: 'lot-1',
      montantMise: 10,
      montantGain: 1234.56,
      produit: { image: { src: `${media}/logos/p.svg` } },
      sports: [{ name: 'multisport', image: { src: `${media}/dam/jcr:s/image` } }],
      billet: { ville: 'Québec', image: { src: `${media}/dam/jcr:t/image` } },
    });
    expect(result.data[0]?.gagnant).toBeUndefined();
  });

  it('keeps only decorative tiles and drops deleted videos', async () => {
    const tiles = {
      results: [
        { '@path': '/tuiles/decoration/a', imageId: 'jcr:a' },
        { '@path': '/tuiles/autre/b', imageId: 'jcr:b' },
      ],
    };
    const t = await client(() => Promise.resolve(json(tiles))).api.getDecorTiles();
    expect(t.ok && t.data.map((d) => d.image.src)).toEqual([`${media}/dam/jcr:a/image`]);
    const items = {
      items: [
        { snippet: { title: 'Deleted video', resourceId: { videoId: 'x' } } },
        {
          snippet: {
            title: 'But!',
            resourceId: { videoId: 'yyyyyyyyyyy' },
            thumbnails: { medium: { url: 'https://img.example/u.jpg' } },
          },
        },
      ],
    };
    const v = await client(() => Promise.resolve(json(items))).api.getPlaylist(
      'https://v.example/api',
      'PL',
      'k',
    );
    expect(v).toEqual({
      ok: true,
      data: [{ title: 'But!', videoId: 'yyyyyyyyyyy', thumbnail: 'https://img.example/u.jpg' }],
    });
  });

  it('skips playlist items without a valid video id and drops unsafe thumbnails, with a line each', async () => {
    const item = (videoId: string, url: string) => ({
      snippet: { title: `T ${videoId}`, resourceId: { videoId }, thumbnails: { medium: { url } } },
    });
    const items = {
      items: [
        item('"><svg/onload', 'https://img.example/a.jpg'),
        item('aaaaaaaaaaa', 'javascript:alert(1)'),
        item('bbbbbbbbbbb', '//evil.example/b.jpg'),
        item('ccccccccccc', '/\\evil.example/c.jpg'),
        item('ddddddddddd', 'http://v.example/thumbs/d.jpg'),
        item('eeeeeeeeeee', 'http://elsewhere.example/e.jpg'),
      ],
    };
    const { api, warn } = client(() => Promise.resolve(json(items)));
    const v = await api.getPlaylist('http://v.example/api', 'PL', 'k');
    if (!v.ok) throw new Error(v.message);
    expect(v.data.map((i) => [i.videoId, i.thumbnail])).toEqual([
      ['aaaaaaaaaaa', undefined],
      ['bbbbbbbbbbb', undefined],
      ['ccccccccccc', undefined],
      // http: only on the configured video API origin (the stand-in).
      ['ddddddddddd', 'http://v.example/thumbs/d.jpg'],
      ['eeeeeeeeeee', undefined],
    ]);
    const lines = warn.mock.calls.map((c) => String(c[0]));
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/item skipped at playlist PL item 1: .*videoId .* is not a valid id/);
    expect(lines[1]).toMatch(
      /thumbnails.medium.url "javascript:alert\(1\)" ignored at playlist item aaaaaaaaaaa/,
    );
  });

  it('keeps content ids from clashing with the page’s own, and player ids in their forms', async () => {
    const tabs = {
      '@nodes': ['t1', 't2', 't3'],
      t1: { '@name': 't1', '@path': '/p/tabs/onglets/t1', titre: 'A', lienCle: 'app-state' },
      t2: { '@name': 't2', titre: 'B', lienCle: '"><b>' },
      t3: { '@name': 'Bad name!', titre: 'C', lienCle: 'soccer' },
    };
    const hostile = {
      ...page,
      main: {
        '@name': 'main',
        '@nodes': ['acc', 'acc2', 'tabs', 'vid', 'badvid', 'list', 'pod', 'badpod'],
        acc: comp('acc', 'accordeon', { titre: 'A', ancre: 'app-state' }),
        acc2: comp('acc2', 'accordeon', { titre: 'B', ancre: 'comment-parier' }),
        tabs: comp('tabs', 'contenant-onglets', { '@nodes': ['onglets'], onglets: tabs }),
        vid: comp('vid', 'video', { videoId: 'bRl0001aaaa' }),
        badvid: comp('badvid', 'video', { videoId: '../../evil?x=' }),
        list: comp('list', 'liste-videos', { playlistId: 'PL&key=stolen' }),
        pod: comp('pod', 'balado', { podcastId: 'pari-boreal-la-ligne' }),
        badpod: comp('badpod', 'balado', { podcastId: 'x&user_id=1' }),
      },
    };
    const { api, warn } = client(() => Promise.resolve(json({ results: [hostile] })));
    const result = await api.getPage('fr', 'accueil');
    if (!result.ok || !result.data) throw new Error('no page');
    const [acc, acc2, tabsBlock, ...rest] = result.data.components;
    expect(acc).toMatchObject({ kind: 'accordeon', ancre: undefined });
    expect(acc2).toMatchObject({ kind: 'accordeon', ancre: 'comment-parier' });
    expect(tabsBlock?.kind === 'contenant-onglets' && tabsBlock.tabs.map((t) => t.lienCle)).toEqual(
      ['t1', 't2', 'soccer'],
    );
    expect(rest.map((c) => c.kind)).toEqual(['video', 'balado']);
    const lines = warn.mock.calls.map((c) => String(c[0]));
    expect(lines).toContain(
      'ancre "app-state" ignored at /demo/accueil/main/acc: reserved by the application',
    );
    expect(lines.filter((l) => /lienCle .* ignored/.test(l))).toHaveLength(2);
    expect(
      lines.filter((l) => /component "(video|liste-videos|balado)" skipped/.test(l)),
    ).toHaveLength(3);
  });

  it('asks for a playlist even with a key that cannot be percent-encoded as it is', async () => {
    const asked: string[] = [];
    const { api } = client((url) => {
      asked.push(url);
      return Promise.resolve(json({ items: [] }));
    });
    const v = await api.getPlaylist('https://v.example/api', 'PL', 'k\ud800');
    expect(v.ok).toBe(true);
    expect(asked[0]).toContain('key=k%EF%BF%BD');
  });

  it('drops a winner’s video that is no video id', async () => {
    const lot = {
      '@name': 'lot-1',
      name: 'lot-1',
      '@nodes': ['lot-1-G'],
      'lot-1-G': { '@path': '/lots/lot-1/lot-1-G', noms: 'X', video: 'javascript:alert(1)' },
    };
    const { api, warn } = client(() => Promise.resolve(json({ results: [lot] })));
    const result = await api.getLots('fr');
    expect(result.ok && result.data[0]?.gagnant?.video).toBeUndefined();
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /video .* ignored at \/lots\/lot-1\/lot-1-G: not a valid video id/,
    );
  });
});

describe('content client with its cache', () => {
  it('caches list answers too: a second ask makes no call, and a failure serves the last answer', async () => {
    const { createContentCache } = await import('./cache');
    let failing = false;
    const fetcher = vi.fn<Fetcher>(() =>
      failing ? Promise.reject(new Error('down')) : Promise.resolve(json({ results: [page] })),
    );
    let now = 0;
    const cache = createContentCache(
      { fresh: 10, staleWhileRevalidate: 0, staleIfError: 600 },
      { now: () => now },
    );
    const api = createContentClient({
      origin: site,
      app: 'demo',
      media,
      timeoutMs: 200,
      warn: vi.fn(),
      fetcher,
      cache,
    });
    await api.getPage('fr', 'accueil');
    await api.getPage('fr', 'accueil');
    expect(fetcher).toHaveBeenCalledTimes(1);
    now = 60_000;
    failing = true;
    const stale = await api.getPage('fr', 'accueil');
    expect(stale.ok && stale.data?.URLfr).toBe('accueil');
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});

describe('size limits', () => {
  it('stops reading an answer past its byte limit, without pulling the rest', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(chunk);
      },
    });
    const fetcher: Fetcher = () =>
      Promise.resolve(new Response(endless, { headers: { 'content-type': 'application/json' } }));
    const warn = vi.fn();
    const api = createContentClient({
      origin: site,
      app: 'demo',
      media,
      timeoutMs: 60_000,
      maxBytes: 256 * 1024,
      warn,
      fetcher,
    });
    const result = await api.getLots('fr');
    expect(result).toMatchObject({ ok: false, reason: 'too-large' });
    // Five chunks cross the limit; the stream may have queued one more, never the endless rest.
    expect(pulled).toBeLessThan(10);
  });

  it('skips a rich-text field over its limit with a warning naming it', async () => {
    const long = comp('long', 'texte', { texte: `<p>${'x'.repeat(2000)}</p>` });
    const fetcher: Fetcher = () =>
      Promise.resolve(
        json({ results: [{ ...page, main: { '@name': 'main', '@nodes': ['long'], long } }] }),
      );
    const warn = vi.fn();
    const api = createContentClient({
      origin: site,
      app: 'demo',
      media,
      timeoutMs: 1000,
      richTextMaxBytes: 1000,
      warn,
      fetcher,
    });
    const result = await api.getPage('fr', 'accueil');
    expect(result.ok && result.data?.components).toEqual([]);
    const lines = warn.mock.calls.map((c) => String(c[0]));
    expect(
      lines.some((l) => /rich text "texte" ignored at \/demo\/accueil\/main\/long/.test(l)),
    ).toBe(true);
    // Without its text the component has nothing to show: skipped, with its own line.
    expect(lines).toContain('component "texte" skipped at /demo/accueil/main/long: texte missing');
  });

  it('tells its observer of each call by kind, its time and why it failed', async () => {
    const fetcher: Fetcher = (url) =>
      Promise.resolve(
        url.includes('listerTout')
          ? json('<html>maintenance</html>', { headers: { 'content-type': 'text/html' } })
          : url.includes('listerLots')
            ? json({ nothing: true })
            : url.includes('listerChroniques')
              ? json({ error: 'down' }, { status: 503 })
              : json({ results: [page] }),
      );
    const called: string[] = [];
    const failed: string[] = [];
    const api = createContentClient({
      origin: site,
      app: 'demo',
      media,
      timeoutMs: 1000,
      warn: vi.fn(),
      fetcher,
      observer: {
        called: (kind, seconds) => {
          expect(seconds).toBeGreaterThanOrEqual(0);
          called.push(kind);
        },
        failed: (kind, reason) => failed.push(`${kind} ${reason}`),
      },
    });
    await api.getPage('fr', 'accueil');
    await api.listPages('fr', 10, 0);
    await api.getSite('fr');
    await api.getLots('fr');
    await api.getChronicles('fr');
    expect(called).toEqual(['page', 'pages', 'site', 'lots', 'chroniques']);
    expect(failed).toEqual(['site not-json', 'lots shape', 'chroniques status']);
  });
});

describe('image sizes from the media host (decision 0091)', () => {
  /** A PNG's signature and IHDR chunk: what a decoder reads the size from. */
  function pngHead(width: number, height: number): Uint8Array<ArrayBuffer> {
    const head = new Uint8Array(33);
    head.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 0);
    head.set(new TextEncoder().encode('IHDR'), 12);
    const view = new DataView(head.buffer);
    view.setUint32(16, width);
    view.setUint32(20, height);
    head.set([8, 6, 0, 0, 0], 24);
    return head;
  }
  const url = `${media}/dam/jcr:abc/image`;

  it('asks for the first bytes only and reads the size from them', async () => {
    const asked: (string | null)[] = [];
    const { api } = client((_url, init) => {
      asked.push(new Headers(init?.headers).get('range'));
      return Promise.resolve(new Response(pngHead(600, 800), { status: 206 }));
    });
    expect(await api.getImageSize(url)).toEqual({ ok: true, data: { width: 600, height: 800 } });
    expect(asked).toEqual(['bytes=0-65535']);
  });

  it('stops reading a host that ignores the range once it has the first bytes', async () => {
    let pulled = 0;
    const rest = new Uint8Array(16 * 1024);
    const whole = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(pngHead(1600, 900));
      },
      pull(controller) {
        pulled += 1;
        controller.enqueue(rest);
      },
    });
    const { api } = client(() => Promise.resolve(new Response(whole)));
    expect(await api.getImageSize(url)).toEqual({ ok: true, data: { width: 1600, height: 900 } });
    // 64 KB is four chunks of 16 KB past the header; the stream may have queued one more.
    expect(pulled).toBeLessThan(8);
  });

  it('fails with the cause when the answer is no image or no answer', async () => {
    const { api } = client((asked) =>
      Promise.resolve(
        asked.endsWith('/gone')
          ? new Response('not found', { status: 404 })
          : new Response('<html>login</html>', { headers: { 'content-type': 'text/html' } }),
      ),
    );
    expect(await api.getImageSize(url)).toMatchObject({
      ok: false,
      reason: 'shape',
      message: 'no image size in its first bytes',
    });
    expect(await api.getImageSize(`${media}/gone`)).toMatchObject({
      ok: false,
      reason: 'status',
      status: 404,
    });
  });
});
