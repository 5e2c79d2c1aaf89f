/**
 * Screenshots of pages at a phone (375 px) and a desktop (1280 px) width, for looking at what
 * was built. Usage: tsx scripts/screenshots.ts <base-url> <out-dir> [<path>...]
 * Without paths: one page of each type, in both languages.
 * Each page is scrolled through a screen at a time first, so that the blocks and pictures that
 * wait for the screen are drawn in the full-page picture as a visitor scrolling would see them.
 * SLICE_HEIGHT=<px> also writes the page in slices of that height (`<name>-01.png`…), for pages
 * too tall to look at in one picture.
 */
import { mkdir } from 'node:fs/promises';
import { chromium, type Page } from '@playwright/test';

const EVERY_PAGE_TYPE = [
  ['/fr/accueil', '/en/home'],
  ['/fr/demo/carrousel', '/en/demo/carousel'],
  ['/fr/promotions', '/en/promotions'],
  ['/fr/gagnants', '/en/winners'],
  ['/fr/billets-gagnants', '/en/winning-tickets'],
  ['/fr/chroniques', '/en/columns'],
  ['/fr/chroniques/series-hockey', '/en/columns/playoff-hockey'],
  ['/fr/videos', '/en/videos'],
  ['/sports/fr', '/sports/en'],
  ['/fr/plan-du-site', '/en/site-map'],
  ['/fr/aide-technique', '/en/technical-help'],
  ['/fr/cette-page-nexiste-pas', '/en/no-such-page'],
].flat();

const [base = 'http://127.0.0.1:3000', out = 'screenshots', ...given] = process.argv.slice(2);
const paths = given.length ? given : EVERY_PAGE_TYPE;
const sliceHeight = Number(process.env.SLICE_HEIGHT ?? 0);
const widths = { phone: { width: 375, height: 740 }, desktop: { width: 1280, height: 900 } };

/** Down the page a screen at a time, each screen's requests settled, then back to the top. */
async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const screen = page.viewportSize()?.height ?? 900;
  for (let y = screen; y < height; y += screen) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForLoadState('networkidle');
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
}

/** The full page again, in slices of SLICE_HEIGHT pixels. */
async function slices(page: Page, stem: string): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const width = page.viewportSize()?.width ?? 375;
  for (let y = 0, n = 1; y < height; y += sliceHeight, n += 1) {
    const clip = { x: 0, y, width, height: Math.min(sliceHeight, height - y) };
    await page.screenshot({
      path: `${stem}-${String(n).padStart(2, '0')}.png`,
      fullPage: true,
      clip,
    });
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
await mkdir(out, { recursive: true });
for (const [label, viewport] of Object.entries(widths)) {
  const page = await browser.newPage({ viewport });
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await scrollThrough(page);
    const name = `${label}${p.replace(/[^a-z0-9]+/gi, '-')}.png`;
    await page.screenshot({ path: `${out}/${name}`, fullPage: true });
    console.log(`${out}/${name}`);
    if (sliceHeight > 0) await slices(page, `${out}/${name.replace(/\.png$/, '')}`);
  }
  await page.close();
}
await browser.close();
