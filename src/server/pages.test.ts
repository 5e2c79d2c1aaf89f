import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPageCache, Encoded, etagOf, type PageResponse } from './pages';

describe('page bodies', () => {
  const html = '<!doctype html><p>Accueil — été</p>';

  it('gives the same ETag for the HTML and its UTF-8 bytes', () => {
    expect(etagOf(Buffer.from(html))).toBe(etagOf(html));
  });

  it('sends the UTF-8 bytes as they are and compresses them once', () => {
    const body = Buffer.from(html);
    const encoded = new Encoded(body);
    expect(encoded.body('identity')).toBe(body);
    const gzip = encoded.body('gzip');
    expect(encoded.body('gzip')).toBe(gzip);
    expect(gunzipSync(gzip).toString('utf8')).toBe(html);
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
});
