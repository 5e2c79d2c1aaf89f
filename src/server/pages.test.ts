import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Encoded, etagOf } from './pages';

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
