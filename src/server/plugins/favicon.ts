/**
 * `/favicon.svg` and `/favicon.ico`: the site's icon, written here (no file to serve). Browsers,
 * feed readers and crawlers still ask for `/favicon.ico` whatever the page links (issue 33): it
 * gets the same mark drawn as a 32×32 bitmap.
 */
import type { FastifyInstance } from 'fastify';

const DARK = [0x15, 0x23, 0x2c] as const;
const GOLD = [0xf2, 0xb7, 0x05] as const;

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#${hex(DARK)}"/><path d="M16 5l9 11-9 11-9-11z" fill="#${hex(GOLD)}"/></svg>`;

const CACHE = 'public, max-age=86400';

function hex(rgb: readonly number[]): string {
  return rgb.map((c) => c.toString(16).padStart(2, '0')).join('');
}

/** The SVG's pixel: transparent outside the rounded square, gold inside the diamond. */
function pixel(x: number, y: number): readonly [number, number, number, number] {
  const cx = x + 0.5;
  const cy = y + 0.5;
  const r = 6;
  const dx = Math.max(r - cx, cx - (32 - r), 0);
  const dy = Math.max(r - cy, cy - (32 - r), 0);
  if (dx * dx + dy * dy > r * r) return [0, 0, 0, 0];
  const [red, green, blue] = Math.abs(cx - 16) / 9 + Math.abs(cy - 16) / 11 <= 1 ? GOLD : DARK;
  return [red, green, blue, 255];
}

/** An ICO file holding one 32×32 32-bit bitmap (BMP header, bottom-up BGRA rows, AND mask). */
function faviconIco(): Buffer {
  const size = 32;
  const pixels = size * size * 4;
  const mask = size * 4; // one bit a pixel, rows padded to 4 bytes: all 0, alpha decides
  const image = 40 + pixels + mask;
  const buf = Buffer.alloc(6 + 16 + image);
  buf.writeUInt16LE(1, 2); // type: icon
  buf.writeUInt16LE(1, 4); // one image
  buf.writeUInt8(size, 6);
  buf.writeUInt8(size, 7);
  buf.writeUInt16LE(1, 10); // planes
  buf.writeUInt16LE(32, 12); // bits per pixel
  buf.writeUInt32LE(image, 14);
  buf.writeUInt32LE(22, 18); // offset of the image
  buf.writeUInt32LE(40, 22); // BITMAPINFOHEADER
  buf.writeInt32LE(size, 26);
  buf.writeInt32LE(size * 2, 30); // colour rows and mask rows
  buf.writeUInt16LE(1, 34);
  buf.writeUInt16LE(32, 36);
  buf.writeUInt32LE(pixels + mask, 42);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x, size - 1 - y);
      buf.set([b, g, r, a], 62 + (y * size + x) * 4);
    }
  }
  return buf;
}

const ICO = faviconIco();

export default function favicon(app: FastifyInstance): void {
  app.get('/favicon.svg', async (_request, reply) =>
    reply.header('cache-control', CACHE).type('image/svg+xml').send(FAVICON),
  );
  app.get('/favicon.ico', async (_request, reply) =>
    reply.header('cache-control', CACHE).type('image/x-icon').send(ICO),
  );
}
