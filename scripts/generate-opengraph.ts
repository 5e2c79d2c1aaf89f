/**
 * Draws the demo's OpenGraph pictures, one per sport, from the same scene artwork as the other
 * demo media (docs/decisions/0033-demo-artwork.md): Chromium renders the SVG at 1200×630, and
 * the colours are reduced to a palette (median cut) so that each file stays small. The
 * content service serves them for pages' `opengraph.jpg` (embedded/cms/media.ts).
 * Usage: tsx scripts/generate-opengraph.ts  (writes embedded/cms/content/opengraph/{sport}.png)
 */
import { writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { artworkSvg, SPORTS } from '../embedded/cms/artwork';
import { decodePng, encodeIndexed, type Raster } from '../embedded/cms/png';

const WIDTH = 1200;
const HEIGHT = 630;
/** Fewer show bands in the scene's glow; more double the files (about 45 KB each at 48). */
const COLOURS = 48;

interface Swatch {
  colour: [number, number, number];
  count: number;
}

/**
 * Median cut to at most `most` colours: the gradients of the scene get most of them (they cover the
 * most pixels), the flat marks keep theirs exactly.
 */
function quantised(raster: Raster, most: number): Raster {
  const counts = new Map<number, number>();
  for (let at = 0; at < raster.rgb.length; at += 3) {
    const key =
      ((raster.rgb[at] ?? 0) << 16) | ((raster.rgb[at + 1] ?? 0) << 8) | (raster.rgb[at + 2] ?? 0);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const swatches: Swatch[] = [...counts].map(([key, count]) => ({
    colour: [key >> 16, (key >> 8) & 0xff, key & 0xff],
    count,
  }));
  const spread = (box: Swatch[], c: number): number =>
    Math.max(...box.map((s) => s.colour[c] ?? 0)) - Math.min(...box.map((s) => s.colour[c] ?? 0));
  const boxes: Swatch[][] = [swatches];
  while (boxes.length < most) {
    // Split the box whose widest channel, weighted by its pixels, is largest.
    let best = -1;
    let bestScore = 0;
    boxes.forEach((box, index) => {
      if (box.length < 2) return;
      const pixels = box.reduce((sum, s) => sum + s.count, 0);
      const score = Math.max(spread(box, 0), spread(box, 1), spread(box, 2)) * Math.sqrt(pixels);
      if (score > bestScore) [best, bestScore] = [index, score];
    });
    if (best < 0) break;
    const box = boxes[best] ?? [];
    const channel = [0, 1, 2].reduce((a, b) => (spread(box, b) > spread(box, a) ? b : a));
    box.sort((a, b) => (a.colour[channel] ?? 0) - (b.colour[channel] ?? 0));
    const half = box.reduce((sum, s) => sum + s.count, 0) / 2;
    let seen = 0;
    let cut = 1;
    for (; cut < box.length - 1; cut++) {
      seen += box[cut - 1]?.count ?? 0;
      if (seen >= half) break;
    }
    boxes.splice(best, 1, box.slice(0, cut), box.slice(cut));
  }
  const palette = boxes.map((box) => {
    const pixels = box.reduce((sum, s) => sum + s.count, 0);
    return [0, 1, 2].map((c) =>
      Math.round(box.reduce((sum, s) => sum + (s.colour[c] ?? 0) * s.count, 0) / pixels),
    );
  });
  const nearest = new Map<number, number[]>();
  for (const [key] of counts) {
    const colour = [key >> 16, (key >> 8) & 0xff, key & 0xff];
    let best = palette[0] ?? [0, 0, 0];
    let bestDistance = Infinity;
    for (const entry of palette) {
      const distance = entry.reduce((sum, v, c) => sum + (v - (colour[c] ?? 0)) ** 2, 0);
      if (distance < bestDistance) [best, bestDistance] = [entry, distance];
    }
    nearest.set(key, best);
  }
  const rgb = Buffer.alloc(raster.rgb.length);
  for (let at = 0; at < rgb.length; at += 3) {
    const key =
      ((raster.rgb[at] ?? 0) << 16) | ((raster.rgb[at + 1] ?? 0) << 8) | (raster.rgb[at + 2] ?? 0);
    rgb.set(nearest.get(key) ?? [0, 0, 0], at);
  }
  return { ...raster, rgb };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
for (const sport of SPORTS) {
  const svg = artworkSvg({ kind: 'scene', sport }, `opengraph-${sport}`, WIDTH, HEIGHT);
  await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
  const shot = await page.screenshot({ type: 'png' });
  const png = encodeIndexed(quantised(decodePng(shot), COLOURS));
  if (!png) throw new Error('more than 256 colours after quantising');
  const file = `embedded/cms/content/opengraph/${sport}.png`;
  await writeFile(file, png);
  console.log(`${file}: ${Math.round(png.length / 1024)} KB`);
}
await browser.close();
