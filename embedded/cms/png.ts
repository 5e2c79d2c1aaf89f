/**
 * Just enough PNG for the demo's OpenGraph images (docs/decisions/0033-demo-artwork.md): read the
 * committed pictures (8-bit truecolour, with or without alpha, or a palette; not interlaced),
 * scale them to the width a page asks for, write truecolour or palette images.
 */
import { deflateSync, inflateSync } from 'node:zlib';

/** Pixels as RGB bytes, row after row. */
export interface Raster {
  width: number;
  height: number;
  rgb: Buffer;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Rows with a filter byte each: Sub for every row, which suits both the flat areas and the
 * gradients of the artwork well enough, and is cheap to do on every resized answer.
 */
function filtered(pixels: Buffer, rowBytes: number, height: number, bpp: number): Buffer {
  const out = Buffer.alloc((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) {
    const from = y * rowBytes;
    const to = y * (rowBytes + 1);
    out[to] = 1; // Sub
    for (let x = 0; x < rowBytes; x++) {
      const left = x >= bpp ? (pixels[from + x - bpp] ?? 0) : 0;
      out[to + 1 + x] = ((pixels[from + x] ?? 0) - left) & 0xff;
    }
  }
  return out;
}

function header(width: number, height: number, colourType: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.set([8, colourType, 0, 0, 0], 8); // 8-bit, compression/filter/interlace: default
  return data;
}

export function encodeRgb({ width, height, rgb }: Raster): Buffer {
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header(width, height, 2)),
    chunk('IDAT', deflateSync(filtered(rgb, width * 3, height, 3), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A palette image, or null when the raster has more than 256 colours. */
export function encodeIndexed({ width, height, rgb }: Raster): Buffer | null {
  const indexOf = new Map<number, number>();
  const indices = Buffer.alloc(width * height);
  for (let at = 0; at < width * height; at++) {
    const colour =
      ((rgb[at * 3] ?? 0) << 16) | ((rgb[at * 3 + 1] ?? 0) << 8) | (rgb[at * 3 + 2] ?? 0);
    let index = indexOf.get(colour);
    if (index === undefined) {
      if (indexOf.size === 256) return null;
      index = indexOf.size;
      indexOf.set(colour, index);
    }
    indices[at] = index;
  }
  const palette = Buffer.alloc(indexOf.size * 3);
  for (const [colour, index] of indexOf) {
    palette.set([colour >> 16, (colour >> 8) & 0xff, colour & 0xff], index * 3);
  }
  // Unfiltered rows: differences between palette indices mean nothing.
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++)
    indices.copy(rows, y * (width + 1) + 1, y * width, (y + 1) * width);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header(width, height, 3)),
    chunk('PLTE', palette),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const CHANNELS: Partial<Record<number, number>> = { 2: 3, 3: 1, 6: 4 };

/** Reads an 8-bit, non-interlaced truecolour (RGB or RGBA, alpha dropped) or palette PNG. */
export function decodePng(png: Buffer): Raster {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let colourType = -1;
  let palette = Buffer.alloc(0);
  const data: Buffer[] = [];
  for (let at = 8; at + 8 <= png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      colourType = body[9] ?? -1;
      if (body[8] !== 8 || body[12] !== 0) throw new Error('only 8-bit, non-interlaced PNG');
    } else if (type === 'PLTE') palette = Buffer.from(body);
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  const channels = CHANNELS[colourType];
  if (channels === undefined) throw new Error(`PNG colour type ${colourType} not read`);
  const raw = inflateSync(Buffer.concat(data));
  const rowBytes = width * channels;
  const pixels = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (rowBytes + 1)];
    const from = y * (rowBytes + 1) + 1;
    const row = y * rowBytes;
    if (filter === 0) {
      raw.copy(pixels, row, from, from + rowBytes);
      continue;
    }
    for (let x = 0; x < rowBytes; x++) {
      const value = raw[from + x] ?? 0;
      const left = x >= channels ? (pixels[row + x - channels] ?? 0) : 0;
      const up = y > 0 ? (pixels[row - rowBytes + x] ?? 0) : 0;
      const upLeft = y > 0 && x >= channels ? (pixels[row - rowBytes + x - channels] ?? 0) : 0;
      const predicted =
        filter === 1
          ? left
          : filter === 2
            ? up
            : filter === 3
              ? (left + up) >> 1
              : filter === 4
                ? paeth(left, up, upLeft)
                : 0;
      pixels[row + x] = (value + predicted) & 0xff;
    }
  }
  const rgb = Buffer.alloc(width * height * 3);
  for (let at = 0; at < width * height; at++) {
    const from = colourType === 3 ? (pixels[at] ?? 0) * 3 : at * channels;
    const source = colourType === 3 ? palette : pixels;
    rgb[at * 3] = source[from] ?? 0;
    rgb[at * 3 + 1] = source[from + 1] ?? 0;
    rgb[at * 3 + 2] = source[from + 2] ?? 0;
  }
  return { width, height, rgb };
}

/** Bilinear scaling: smooth enough for the sizes a page asks of a share preview. */
export function resize(source: Raster, width: number, height: number): Raster {
  if (width === source.width && height === source.height) return source;
  const rgb = Buffer.alloc(width * height * 3);
  const sx = source.width / width;
  const sy = source.height / height;
  const at = (x: number, y: number, c: number): number =>
    source.rgb[(y * source.width + x) * 3 + c] ?? 0;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), source.height - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(y0 + 1, source.height - 1);
    const dy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(Math.max((x + 0.5) * sx - 0.5, 0), source.width - 1);
      const x0 = Math.floor(fx);
      const x1 = Math.min(x0 + 1, source.width - 1);
      const dx = fx - x0;
      for (let c = 0; c < 3; c++) {
        const top = at(x0, y0, c) * (1 - dx) + at(x1, y0, c) * dx;
        const bottom = at(x0, y1, c) * (1 - dx) + at(x1, y1, c) * dx;
        rgb[(y * width + x) * 3 + c] = Math.round(top * (1 - dy) + bottom * dy);
      }
    }
  }
  return { width, height, rgb };
}
