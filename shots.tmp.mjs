import { chromium } from '@playwright/test';
const base = process.argv[2];
const out = process.argv[3];
const PAGES = [
  ['home', '/fr/accueil', '/en/home'],
  ['carousel', '/fr/demo/carrousel', '/en/demo/carousel'],
  ['promotions', '/fr/promotions', '/en/promotions'],
  ['winners', '/fr/gagnants', '/en/winners'],
  ['tickets', '/fr/billets-gagnants', '/en/winning-tickets'],
  ['chronicle', '/fr/chroniques/bilan-hiver', '/en/columns/winter-review'],
  ['videos', '/fr/videos', '/en/videos'],
  ['sports', '/sports/fr', '/sports/en'],
  ['sitemap', '/fr/plan-du-site', '/en/site-map'],
  ['help', '/fr/aide-technique', '/en/technical-help'],
  ['notfound', '/fr/404.html', '/en/404.html'],
  ['error', '/headless/err/503.html', '/headless/err/503.html?lang=en'],
];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
for (const [w, h, label, mobile] of [[375, 740, 'phone', true], [1280, 900, 'desktop', false]]) {
  for (const [name, fr, en] of PAGES) {
    for (const [lang, path] of [['fr', fr], ['en', en]]) {
      const ctx = await browser.newContext({ viewport: { width: w, height: h }, isMobile: mobile, hasTouch: mobile,
        userAgent: mobile ? 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36' : undefined });
      const page = await ctx.newPage();
      await page.goto(base + path, { waitUntil: 'load' });
      await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15000 }).catch(() => {});
      // Scroll through so lazy blocks and images come in, then back to the top.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += h) { await page.evaluate((yy) => window.scrollTo(0, yy), y); await page.waitForTimeout(150); }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${out}/${name}-${label}-${lang}.png`, fullPage: true });
      await ctx.close();
    }
  }
}
await browser.close();
