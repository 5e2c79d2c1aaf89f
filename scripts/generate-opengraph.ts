/**
 * Draws the demo's OpenGraph pictures, one per sport, from the same scene artwork as the other
 * demo media (docs/decisions/0033-demo-artwork.md): Chromium renders the SVG at 1200×630 and
 * encodes it as JPEG, the format the contract's `opengraph.jpg` names. The content service
 * serves them as committed (embedded/cms/media.ts).
 * Usage: tsx scripts/generate-opengraph.ts  (writes embedded/cms/content/opengraph/{sport}.jpg)
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { artworkSvg, SPORTS } from '../embedded/cms/artwork';

const WIDTH = 1200;
const HEIGHT = 630;
/** The scenes' gradients show no banding here, and each file stays under 60 KB. */
const QUALITY = 82;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
await mkdir('embedded/cms/content/opengraph', { recursive: true });
const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
for (const sport of SPORTS) {
  const svg = artworkSvg({ kind: 'scene', sport }, `opengraph-${sport}`, WIDTH, HEIGHT);
  await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
  const jpeg = await page.screenshot({ type: 'jpeg', quality: QUALITY });
  const file = `embedded/cms/content/opengraph/${sport}.jpg`;
  await writeFile(file, jpeg);
  console.log(`${file}: ${Math.round(jpeg.length / 1024)} KB`);
}
await browser.close();
