/**
 * Draws the demo's OpenGraph pictures from the same artwork as the other demo media
 * (docs/decisions/0033-demo-artwork.md): each page's own scene (its sport and composition:
 * embedded/cms/compositions.ts), and each sport's emblem for any other use. Chromium renders the
 * SVG at 1200×630 and encodes it as JPEG, the format the contract's `opengraph.jpg` names. The
 * content service serves them as committed (embedded/cms/media.ts); its test fails when a page's
 * scene has no picture, or an old one: run this again after the demo's pages or artwork change.
 * Usage: tsx scripts/generate-opengraph.ts
 * (writes embedded/cms/content/opengraph/{sport}.jpg and {sport}-{motif}.jpg)
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { artworkSvg, SPORTS } from '../embedded/cms/artwork';
import { loadContent } from '../embedded/cms/load';
import {
  createMediaCatalog,
  openGraphFile,
  openGraphScenes,
  type OpenGraphArt,
} from '../embedded/cms/media';

const WIDTH = 1200;
const HEIGHT = 630;
/** The scenes' gradients show no banding here, and each file stays under 60 KB. */
const QUALITY = 82;
const DIR = 'embedded/cms/content/opengraph';

const scenes: OpenGraphArt[] = [
  ...SPORTS.map((sport) => ({ kind: 'scene' as const, sport })),
  ...openGraphScenes(createMediaCatalog(loadContent())),
];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
await mkdir(DIR, { recursive: true });
const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
const written = new Set<string>();
for (const art of scenes) {
  const name = openGraphFile(art);
  if (written.has(name)) continue;
  // The seed of the sport's emblem as before, so that its picture does not change.
  const seed = art.motif ? `opengraph-${art.sport}-${art.motif}` : `opengraph-${art.sport}`;
  const svg = artworkSvg(art, seed, WIDTH, HEIGHT);
  await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
  const jpeg = await page.screenshot({ type: 'jpeg', quality: QUALITY });
  await writeFile(`${DIR}/${name}`, jpeg);
  written.add(name);
  console.log(`${DIR}/${name}: ${Math.round(jpeg.length / 1024)} KB`);
}
// Pictures of scenes no page shows any more go.
for (const file of await readdir(DIR)) {
  if (file.endsWith('.jpg') && !written.has(file)) await rm(`${DIR}/${file}`);
}
await browser.close();
