/** Small things a visitor notices (issue 33): the error page's language, the icon, month names. */
import { E2E_ORIGIN } from '../../playwright.config';
import { expect, expectNoAxeViolations, test } from './fixtures';

test.describe('error page language link', () => {
  const cases = [
    {
      stored: undefined,
      text: 'Sports betting home in English',
      href: '/sports/en',
      lang: 'en-CA',
    },
    {
      stored: 'en-CA',
      text: 'Accueil des paris sportifs en français',
      href: '/sports/fr',
      lang: 'fr-CA',
    },
  ] as const;
  for (const c of cases) {
    test(`leads to the other language's home, ${c.lang} (${c.lang.slice(0, 2)})`, async ({
      page,
      context,
    }) => {
      if (c.stored)
        await context.addCookies([{ name: 'sgdLocale', value: c.stored, url: E2E_ORIGIN }]);
      const response = await page.goto('/headless/err/503.html');
      expect(response?.status()).toBe(503);
      const link = page.getByRole('link', { name: c.text });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', c.href);
      await expect(link).toHaveAttribute('lang', c.lang);
      await expect(link).toHaveAttribute('hreflang', c.lang);
      await expectNoAxeViolations(page);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${c.href}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', c.lang);
    });
  }
});

test(
  '/favicon.ico is a real icon, kept a day',
  { tag: '@any-viewport' },
  async ({ page, request }) => {
    const response = await request.get('/favicon.ico');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/x-icon');
    expect(response.headers()['cache-control']).toBe('public, max-age=86400');
    // The browser decodes it.
    await page.goto('/fr/accueil');
    const size = await page.evaluate(async () => {
      const image = new Image();
      image.src = '/favicon.ico';
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    });
    expect(size).toEqual([32, 32]);
  },
);

test.describe('month names', () => {
  const cases = [
    { path: '/fr/billets-gagnants', month: /^novembre 2026$/ },
    { path: '/en/winning-tickets', month: /^November 2026$/ },
  ] as const;
  for (const c of cases) {
    test(`read the same on the cards as in the modal, ${c.path} (${c.path.slice(1, 3)})`, async ({
      page,
    }) => {
      await page.goto(c.path);
      const card = page
        .locator('article')
        .filter({ hasText: /Montr[eé]al/ })
        .first();
      const date = card.getByText(/2026$/);
      await expect(date.first()).toBeVisible();
      // innerText is what the screen shows, CSS case changes included.
      const shown = await date.first().evaluate((e) => (e as HTMLElement).innerText.trim());
      expect(shown).toMatch(c.month);
      const firstLetter = await date
        .first()
        .evaluate((e) => getComputedStyle(e, '::first-letter').textTransform);
      expect(firstLetter).toBe('none');
    });
  }
});

for (const path of ['/fr/demo/robustesse', '/en/demo/robustness'] as const) {
  test(`a relative image in rich text is not fetched from the site, ${path} (${path.slice(1, 3)})`, async ({
    page,
  }) => {
    const relative: string[] = [];
    page.on('request', (request) => {
      if (/\/demo\/x$/.test(new URL(request.url()).pathname)) relative.push(request.url());
    });
    await page.goto(path);
    // The hostile text's `<img src=x>` keeps its alt and loses its source.
    const sources = await page
      .locator('#mount-main img')
      .evaluateAll((images) => images.map((i) => i.getAttribute('src')));
    expect(sources.filter((src) => src !== null && !/^(?:https?|data):/.test(src))).toEqual([]);
    await page.waitForLoadState('networkidle');
    expect(relative).toEqual([]);
  });
}
