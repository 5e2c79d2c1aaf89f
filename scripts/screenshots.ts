/**
 * Screenshots of pages at a phone (375 px) and a desktop (1280 px) width, for looking at what
 * was built. Usage: tsx scripts/screenshots.ts <base-url> <out-dir> <path>...
 */
import { mkdir } from 'node:fs/promises';
import { chromium } from '@playwright/test';

const [base = 'http://127.0.0.1:3000', out = 'screenshots', ...paths] = process.argv.slice(2);
const widths = { phone: 375, desktop: 1280 } as const;

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
for (const [label, width] of Object.entries(widths)) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    const name = `${label}${p.replace(/[^a-z0-9]+/gi, '-')}.png`;
    await page.screenshot({ path: `${out}/${name}`, fullPage: true });
    console.log(`${out}/${name}`);
  }
  await page.close();
}
await browser.close();
