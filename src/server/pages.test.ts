import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  cacheControl,
  createPageCache,
  Encoded,
  KEPT_BROTLI_QUALITY,
  etagOf,
  pathOfKey,
  secondsUntil,
  variantKey,
  type PageResponse,
} from './pages';
import { serviceErrorPath } from '../domain/routes';

describe('page bodies', () => {
  const html = '<!doctype html><p>Accueil — été</p>';

  it('gives the same ETag for the HTML and its UTF-8 bytes', () => {
    expect(etagOf(Buffer.from(html))).toBe(etagOf(html));
  });

  it('sends the UTF-8 bytes as they are and compresses them once', async () => {
    const body = Buffer.from(html);
    const encoded = new Encoded(body);
    expect(await encoded.body('identity')).toBe(body);
    const gzip = await encoded.body('gzip');
    expect(await encoded.body('gzip')).toBe(gzip);
    expect(gunzipSync(gzip).toString('utf8')).toBe(html);
    expect(brotliDecompressSync(await encoded.body('br')).toString('utf8')).toBe(html);
  });

  it('compresses off the event loop: the answer comes in a later turn, never in the asking one', async () => {
    const encoded = new Encoded(Buffer.from(html.repeat(1000)));
    let settled = false;
    const compressed = encoded.body('br').then(() => (settled = true));
    // Done synchronously, the form would be settled once the current microtasks have run;
    // zlib's thread pool answers in a later turn of the event loop.
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(false);
    await compressed;
    expect(settled).toBe(true);
  });
});

describe('the page cache', () => {
  const page = (): PageResponse => ({
    status: 200,
    cacheability: 'shared',
    body: Buffer.from('<!doctype html><p>Accueil</p>'),
  });

  it('turned off, still lets concurrent requests share one render and its compression', async () => {
    const cache = createPageCache({ fresh: 0, staleWhileRevalidate: 0, staleIfError: 0 });
    let renders = 0;
    const produce = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return page();
    };
    const [a, b] = await Promise.all([cache.get('/fr', produce), cache.get('/fr', produce)]);
    expect(renders).toBe(1);
    expect(a.encoded).toBeDefined();
    expect(b.encoded).toBe(a.encoded);
    expect(b.encoded?.body('br')).toBe(a.encoded?.body('br'));
    // Nothing is kept: the next request renders again.
    await cache.get('/fr', produce);
    expect(renders).toBe(2);
  });

  it('compresses a page it keeps harder than one it passes on: once for every visitor', async () => {
    const body = Buffer.from(
      Array.from(
        { length: 400 },
        (_, i) => `<li data-i="${String(i * 7919)}">Lot ${String(i)}</li>`,
      ).join(''),
    );
    const at = (quality: number) =>
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
    const shared = await createPageCache({
      fresh: 30,
      staleWhileRevalidate: 0,
      staleIfError: 0,
    }).get('/fr', () => Promise.resolve({ ...page(), body }));
    expect(await shared.encoded?.body('br')).toEqual(at(KEPT_BROTLI_QUALITY));
    const passing = await createPageCache({
      fresh: 30,
      staleWhileRevalidate: 0,
      staleIfError: 0,
    }).get('/fr', () => Promise.resolve({ ...page(), body, cacheability: 'no-store' }));
    expect(await passing.encoded?.body('br')).toEqual(at(6));
    expect(at(KEPT_BROTLI_QUALITY).length).toBeLessThan(at(6).length);
  });

  it('keeps a shared page while it is fresh', async () => {
    const cache = createPageCache({ fresh: 30, staleWhileRevalidate: 0, staleIfError: 0 });
    let renders = 0;
    const produce = () => {
      renders += 1;
      return Promise.resolve(page());
    };
    const first = await cache.get('/fr', produce);
    const second = await cache.get('/fr', produce);
    expect(renders).toBe(1);
    expect(second.encoded).toBe(first.encoded);
  });

  it('says how it answered: miss, hit, then stale while one render refreshes it', async () => {
    let at = 0;
    const cache = createPageCache(
      { fresh: 30, staleWhileRevalidate: 300, staleIfError: 0 },
      { now: () => at },
    );
    const produce = () => Promise.resolve(page());
    expect((await cache.get('/fr', produce)).outcome).toBe('miss');
    expect((await cache.get('/fr', produce)).outcome).toBe('hit');
    at = 31_000;
    expect((await cache.get('/fr', produce)).outcome).toBe('stale');
  });
});

describe('a page that changes by itself (a display window opens or closes)', () => {
  const lifetimes = { fresh: 30, staleWhileRevalidate: 300, staleIfError: 86400 };

  it('is fresh and served stale for shared caches no longer than until then', () => {
    expect(cacheControl('shared', lifetimes)).toBe(
      'public, max-age=0, s-maxage=30, stale-while-revalidate=300, stale-if-error=86400',
    );
    expect(cacheControl('shared', lifetimes, 100)).toBe(
      'public, max-age=0, s-maxage=30, stale-while-revalidate=70, stale-if-error=86400',
    );
    expect(cacheControl('shared', lifetimes, 12)).toBe(
      'public, max-age=0, s-maxage=12, stale-while-revalidate=0, stale-if-error=86400',
    );
    expect(cacheControl('private', lifetimes, 12)).toBe('private, no-cache');
  });

  it('counts whole seconds until the change, never below 0', () => {
    expect(secondsUntil(undefined, 1000)).toBeUndefined();
    expect(secondsUntil(11_500, 1000)).toBe(11);
    expect(secondsUntil(500, 1000)).toBe(0);
  });

  it('is rendered again once the change is due, even while it would still be fresh', async () => {
    let clock = 0;
    const cache = createPageCache(lifetimes, { now: () => clock });
    let renders = 0;
    const produce = () => {
      renders += 1;
      return Promise.resolve({
        status: 200,
        cacheability: 'shared' as const,
        body: Buffer.from(`<p>render ${renders}</p>`),
        changesAt: 10_000,
      });
    };
    await cache.get('/fr', produce);
    clock = 9_999;
    await cache.get('/fr', produce);
    expect(renders).toBe(1);
    clock = 10_000;
    const after = await cache.get('/fr', produce);
    // Not the old page served stale while a new one renders: the new page itself.
    expect(renders).toBe(2);
    expect(after.response.body?.toString()).toBe('<p>render 2</p>');
  });

  it('drops the pages a publication picks; a render started before it is not kept', async () => {
    const page = (): PageResponse => ({
      status: 200,
      cacheability: 'shared',
      body: Buffer.from('x'),
    });
    const cache = createPageCache({ fresh: 30, staleWhileRevalidate: 0, staleIfError: 0 });
    const produce = () => Promise.resolve(page());
    await cache.get('/fr/accueil', produce);
    await cache.get('/fr/promotions', produce);
    expect(cache.drop((key) => key === '/fr/accueil')).toEqual(['/fr/accueil']);
    expect((await cache.get('/fr/promotions', produce)).outcome).toBe('hit');
    let finish: (response: PageResponse) => void = () => undefined;
    const before = cache.get(
      '/fr/accueil',
      () => new Promise<PageResponse>((resolve) => (finish = resolve)),
    );
    cache.clear();
    finish(page());
    expect((await before).outcome).toBe('miss');
    expect((await cache.get('/fr/accueil', produce)).outcome).toBe('miss');
    expect((await cache.get('/fr/accueil', produce)).outcome).toBe('hit');
    expect((await cache.get('/fr/promotions', produce)).outcome).toBe('miss');
  });

  it('serves a purged or expired page while making it anew fails, within stale-if-error', async () => {
    let clock = 0;
    const cache = createPageCache(
      { fresh: 30, staleWhileRevalidate: 30, staleIfError: 600 },
      { now: () => clock },
    );
    const published: PageResponse = {
      status: 200,
      cacheability: 'shared',
      body: Buffer.from('v1'),
    };
    const outage = (): Promise<PageResponse> =>
      Promise.resolve({ status: 302, cacheability: 'no-store', location: serviceErrorPath('fr') });
    await cache.get('/fr/accueil', () => Promise.resolve(published));
    cache.clear();
    for (let i = 0; i < 3; i++) {
      const during = await cache.get('/fr/accueil', outage);
      expect(during.outcome).toBe('stale-if-error');
      expect(during.response.body?.toString()).toBe('v1');
    }
    // A render that throws is a failure too.
    const thrown = await cache.get('/fr/accueil', () => Promise.reject(new Error('down')));
    expect(thrown.outcome).toBe('stale-if-error');
    // Once the service answers, the purge takes effect.
    const back = await cache.get('/fr/accueil', () =>
      Promise.resolve({ ...published, body: Buffer.from('v2') }),
    );
    expect([back.outcome, back.response.body?.toString()]).toEqual(['miss', 'v2']);
    // A page that is gone (its 404 redirect) is not hidden behind the old one.
    cache.clear();
    const gone = await cache.get('/fr/accueil', () =>
      Promise.resolve({ status: 302, cacheability: 'no-store', location: '/fr/404.html' }),
    );
    expect([gone.outcome, gone.response.location]).toEqual(['miss', '/fr/404.html']);
    // Past stale-if-error, the failure is what is answered.
    clock = 700_000;
    expect((await cache.get('/fr/accueil', outage)).response.location).toBe(serviceErrorPath('fr'));
  });

  it('is bounded in bytes: the oldest pages leave first', async () => {
    const cache = createPageCache(
      { fresh: 30, staleWhileRevalidate: 0, staleIfError: 0 },
      { maxBytes: 100_000 },
    );
    const produce = () =>
      Promise.resolve<PageResponse>({
        status: 200,
        cacheability: 'shared',
        body: Buffer.alloc(30_000, 'x'),
      });
    for (const path of ['/a', '/b', '/c']) await cache.get(path, produce);
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect((await cache.get('/a', produce)).outcome).toBe('miss');
    expect((await cache.get('/c', produce)).outcome).toBe('hit');
  });
});

describe('pages for some visitors only', () => {
  it('are kept under their variant: a second visitor of the variant gets them without a render', async () => {
    const cache = createPageCache({ fresh: 30, staleWhileRevalidate: 30, staleIfError: 60 });
    let renders = 0;
    const produce = (): Promise<PageResponse> => {
      renders += 1;
      return Promise.resolve({
        status: 200,
        cacheability: 'private',
        body: Buffer.from('<p>IE</p>'),
      });
    };
    const ie = variantKey('/fr/accueil', { internetExplorer: true, locale: 'fr' });
    expect(ie).toBe('/fr/accueil [ie fr]');
    expect(pathOfKey(ie)).toBe('/fr/accueil');
    // A page that shows more of a list is its path's too, for a publication's purge (decision 0078).
    expect(pathOfKey('/fr/gagnants?gagnants=12')).toBe('/fr/gagnants');
    expect(pathOfKey('/fr/gagnants?gagnants=12 [ie fr]')).toBe('/fr/gagnants');
    expect((await cache.get(ie, produce)).outcome).toBe('miss');
    const again = await cache.get(ie, produce);
    expect(again.outcome).toBe('hit');
    expect(again.response.cacheability).toBe('private');
    expect(renders).toBe(1);
    // Another variant of the same path is another entry.
    await cache.get(variantKey('/fr/accueil', { internetExplorer: false, locale: 'en' }), produce);
    expect(renders).toBe(2);
  });

  it('never keeps a redirect or a failure', async () => {
    const cache = createPageCache({ fresh: 30, staleWhileRevalidate: 30, staleIfError: 60 });
    let renders = 0;
    const produce = (): Promise<PageResponse> => {
      renders += 1;
      return Promise.resolve({ status: 302, cacheability: 'no-store', location: '/fr/accueil' });
    };
    await cache.get('/', produce);
    await cache.get('/', produce);
    expect(renders).toBe(2);
  });
});
