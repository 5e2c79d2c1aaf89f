/** Every row of docs/requirements.md §2's route table, and every redirect of §5 and §8, status and final URL. */
import { E2E_ORIGIN } from '../../playwright.config';
import { expect, test, waitForHydration } from './fixtures';

const noFollow = { maxRedirects: 0 } as const;

test.describe('redirects are real HTTP redirects on the server', { tag: '@any-viewport' }, () => {
  const cases: [string, string, string?][] = [
    ['/', '/sports/fr'],
    ['/', '/sports/en', 'en-CA'],
    ['/en', '/sports/en'],
    ['/de/seite', '/fr/404.html'],
    ['/es/pagina', '/fr/404.html'],
    ['/fr/cette-page-nexiste-pas', '/fr/404.html'],
    ['/en/no-such-page', '/en/404.html'],
    ['/fr/promo-a-venir', '/fr/404.html'],
    ['/en/ended-promo', '/en/404.html'],
  ];
  for (const [from, to, stored] of cases) {
    test(`${from}${stored ? ` (stored ${stored})` : ''} → 302 ${to}`, async ({ request }) => {
      const headers = stored ? { cookie: `sgdLocale=${stored}` } : undefined;
      const response = await request.get(from, { ...noFollow, headers });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toBe(to);
    });
  }

  test('the 404 page itself answers 404, in each language', async ({ request }) => {
    for (const path of ['/fr/404.html', '/en/404.html']) {
      const response = await request.get(path, noFollow);
      expect(response.status()).toBe(404);
      expect(await response.text()).toContain('<main');
    }
  });
});

test.describe('route kinds', () => {
  test('/<langue>/<chemin> and /headless/<langue>/<chemin> are content pages', async ({ page }) => {
    for (const [path, title] of [
      ['/fr/promotions', 'Promotions | Pari Boréal'],
      ['/headless/en/home', 'Home | Pari Boréal'],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
    }
  });

  test('/<chemin> takes the stored language', async ({ page, context }) => {
    await context.addCookies([{ name: 'sgdLocale', value: 'en-CA', url: E2E_ORIGIN }]);
    await page.goto('/videos');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
  });

  test('/sports/* shows an empty content region and the widget container', async ({ page }) => {
    const response = await page.goto('/sports/fr');
    expect(response?.status()).toBe(200);
    await expect(page.locator('#sports-widget')).toHaveCount(1);
    await expect(page.locator('#mount-main .content-page')).toHaveCount(0);
  });

  test('/triggerlink is an empty container page', async ({ page }) => {
    const response = await page.goto('/triggerlink');
    expect(response?.status()).toBe(200);
    await expect(page.locator('#mount-main .trigger-container')).toBeEmpty();
  });

  test('a browser following a redirect lands on the 404 page with its content', async ({
    page,
  }) => {
    await page.goto('/en/no-such-page');
    await expect(page).toHaveURL(/\/en\/404\.html$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
  });
});

test.describe('error page', () => {
  test('answers its own code, in French by default', async ({ page, consoleErrors }) => {
    const response = await page.goto('/headless/err/503.html');
    expect(response?.status()).toBe(503);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oups... Erreur 503');
    await expect(page.getByText(/retirée ou n’est pas fonctionnelle/)).toBeVisible();
    await expect(page.getByRole('link', { name: /Retour à l’accueil/ })).toHaveAttribute(
      'href',
      '/sports/fr',
    );
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(11, 37, 69)');
    await expect(page.locator('#mount-footer')).toContainText('18+');
    await expect(page.locator('#mount-footer')).toContainText('© 2026 Pari Boréal');
    await waitForHydration(page);
    expect(consoleErrors).toEqual([]);
  });

  test('speaks English to a visitor who chose English', async ({ page, context }) => {
    await context.addCookies([{ name: 'sgdLocale', value: 'en-CA', url: E2E_ORIGIN }]);
    const response = await page.goto('/headless/err/410.html');
    expect(response?.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops... Error 410');
    await expect(
      page.getByRole('link', { name: /Back to the sports betting home/ }),
    ).toHaveAttribute('href', '/sports/en');
    await expect(page.locator('#mount-footer')).toContainText('All rights reserved');
  });

  test('an unusable code answers 404', { tag: '@any-viewport' }, async ({ request }) => {
    expect((await request.get('/headless/err/200.html')).status()).toBe(404);
    expect((await request.get('/headless/err/abc.html')).status()).toBe(404);
  });
});

test(
  'another spelling of a page is a permanent redirect to its one path, the query kept',
  { tag: '@any-viewport' },
  async ({ request }) => {
    for (const [from, to] of [
      ['/headless/es/pagina', '/es/pagina'],
      ['/headless/fr/promotions?lot=x', '/fr/promotions?lot=x'],
      ['/fr//promotions/', '/fr/promotions'],
      ['/en/%68ome', '/en/home'],
    ] as const) {
      const response = await request.get(from, noFollow);
      expect(response.status(), from).toBe(301);
      expect(response.headers().location, from).toBe(to);
    }
  },
);

test(
  'odd URLs and query strings never break a page',
  { tag: '@any-viewport' },
  async ({ request }) => {
    for (const path of [
      '/fr/%E0%A4%A',
      '//fr//promotions',
      '/fr/promotions?x=%ZZ&y[]=1&<script>',
      '/fr/' + 'a'.repeat(2000),
      '/_data/view?path=https://evil.example',
    ]) {
      const response = await request.get(`${E2E_ORIGIN}${path}`, noFollow);
      expect([200, 301, 302, 400, 404], path).toContain(response.status());
    }
  },
);
