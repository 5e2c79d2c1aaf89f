/**
 * Screenshots of parts of a page (the header, the open menu, the footer) at phone and desktop
 * widths. Usage: tsx scripts/shoot-parts.ts <base-url> <out-dir> <path>
 */
import { mkdir } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const [base = 'http://127.0.0.1:3000', out = 'screenshots', path = '/fr/accueil'] =
  process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
await mkdir(out, { recursive: true });
const slug = path.replace(/[^a-z0-9]+/gi, '-');
for (const [label, width] of [
  ['phone', 375],
  ['desktop', 1280],
] as const) {
  const page = await browser.newPage({ viewport: { width, height: 800 }, hasTouch: width < 500 });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `${out}/${label}${slug}-header.png` });
  const toggle = page.locator('#mount-header nav button[aria-expanded]').first();
  if (await toggle.isVisible()) {
    await toggle.click();
    if (width < 500)
      await page.locator('#mount-header nav li button[aria-expanded]').first().click();
    await page.screenshot({ path: `${out}/${label}${slug}-menu.png` });
  }
  await page.locator('#mount-footer').screenshot({ path: `${out}/${label}${slug}-footer.png` });
  await page.close();
}
await browser.close();
console.log(`written to ${out}`);
