import { describe, expect, it } from 'vitest';
import { createMediaHandler, type MediaCatalog } from './media';

const catalog: MediaCatalog = {
  ids: new Map([['jcr:abc', { shape: 'landscape', label: 'Arena' }]]),
  assets: new Map(),
};
const handle = createMediaHandler(catalog);

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (body: string | Buffer) => {
  const bytes = Buffer.from(body);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

describe('media stand-in and the width parameter (MEDIA_WIDTH_PARAM)', () => {
  it('resizes the raster OpenGraph image to the width asked, keeping its ratio', () => {
    const reply = handle('/dam/jcr:abc/opengraph.jpg', new URLSearchParams('w=640'));
    expect(reply?.status).toBe(200);
    expect(pngSize(reply?.body ?? '')).toEqual({ width: 640, height: 336 });
    const byName = handle('/dam/jcr:abc/opengraph.jpg', new URLSearchParams('width=320'));
    expect(pngSize(byName?.body ?? '').width).toBe(320);
  });

  it('keeps the full size without a usable width', () => {
    for (const query of ['', 'w=abc', 'w=1']) {
      const reply = handle('/dam/jcr:abc/opengraph.jpg', new URLSearchParams(query));
      expect(pngSize(reply?.body ?? '').width).toBe(1200);
    }
  });

  it('accepts it for SVG images, which scale by themselves', () => {
    const plain = handle('/dam/jcr:abc/image');
    const sized = handle('/dam/jcr:abc/image', new URLSearchParams('w=320'));
    expect(sized?.status).toBe(200);
    expect(sized?.body).toEqual(plain?.body);
  });
});
