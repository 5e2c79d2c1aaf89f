/** Content pages: server HTML, head, order, hydration, client navigation, language link. */
import { createHash } from 'node:crypto';
import { E2E_ORIGIN } from '../../playwright.config';
import { expect, expectNoAxeViolations, test, waitForHydration } from './fixtures';
import { TEST_LOGICAL_DATE } from '../../testing/today';

test.describe('server HTML (what a crawler receives)', { tag: '@any-viewport' }, () => {
  test('holds the title, every meta tag, the language and the content', async ({ request }) => {
    const response = await request.get('/fr/accueil');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="fr-CA" class="site">');
    expect(html).toContain('<title>Accueil | Pari Boréal</title>');
    expect(html).toMatch(
      /<meta data-managed name="description" content="Paris sportifs en ligne[^"]*">/,
    );
    expect(html).toMatch(
      /<meta data-managed name="keywords" content="paris sportifs, hockey[^"]*">/,
    );
    expect(html).toContain('property="og:title" content="Accueil | Pari Boréal"');
    expect(html).toMatch(/property="og:description" content="Paris sportifs en ligne/);
    expect(html).toMatch(
      /property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/dam\/jcr:[0-9a-f-]+\/opengraph\.jpg"/,
    );
    // The page's own URL on the site's origin, as the canonical, never the content's `urlOG`.
    expect(html).toContain(`property="og:url" content="${E2E_ORIGIN}/fr/accueil"`);
    expect(html).toContain(`rel="canonical" href="${E2E_ORIGIN}/fr/accueil"`);
    expect(html).toContain('Pariez sur vos sports préférés');
    expect(html).toContain('À la une');
  });

  test('the English page is English', async ({ request }) => {
    const html = await (await request.get('/en/home')).text();
    expect(html).toContain('<html lang="en-CA" class="site">');
    expect(html).toContain('<title>Home | Pari Boréal</title>');
    expect(html).toContain('Bet on your favourite sports');
  });

  test('carries no inline script but the hashed entry, and strict security headers', async ({
    request,
  }) => {
    const response = await request.get('/fr/accueil');
    const html = await response.text();
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    const scripts = [...html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    // Data, a module by URL, or the entry whose exact code the CSP allows
    // (docs/decisions/0056-entry-in-the-page.md); the consent manager's loader is the entry's to
    // add (docs/decisions/0080-first-screen-first.md).
    let inline = 0;
    for (const [, attributes = '', code = ''] of scripts) {
      if (/type="application\/json"|type="module" src="\/assets\//.test(attributes)) continue;
      inline += 1;
      expect(attributes).toMatch(/^ type="module" data-start="/);
      expect(csp).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
    }
    expect(inline).toBe(1);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  test('components come in @nodes order', async ({ request }) => {
    const html = await (await request.get('/fr/accueil')).text();
    const order = [
      'Pariez sur vos sports préférés',
      'À la une',
      'Questions fréquentes',
      'Nos offres',
    ];
    const positions = order.map((text) => html.indexOf(text));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  test('hostile rich text is sanitised and unknown kinds are skipped', async ({ request }) => {
    const response = await request.get('/fr/demo/robustesse');
    expect(response.status()).toBe(200);
    const main = (await response.text()).split('<main')[1]?.split('</main>')[0] ?? '';
    expect(main).not.toMatch(/<script|onerror=|javascript:|<iframe|style="/i);
  });
});

test.describe('in the browser', () => {
  test('hydrates without a console error', async ({ page, consoleErrors }) => {
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    await expect(page.getByTestId('logical-date')).toHaveText(
      `Date logique : ${TEST_LOGICAL_DATE}`,
    );
    expect(consoleErrors).toEqual([]);
  });

  test('hostile content runs no script', async ({ page, consoleErrors }) => {
    await page.goto('/fr/demo/robustesse');
    await waitForHydration(page);
    expect(consoleErrors).toEqual([]);
  });

  test('a rich-text image without alt gets alt="", and axe finds nothing on the page', async ({
    page,
  }) => {
    await page.goto('/fr/demo/robustesse');
    await waitForHydration(page);
    // The hostile fragment's `<img src=x onerror=…>`, as the sanitiser leaves it.
    const images = page.locator('#mount-main .rich-text img');
    await expect(images).not.toHaveCount(0);
    for (const image of await images.all()) await expect(image).toHaveAttribute('alt');
    await expectNoAxeViolations(page);
  });

  test('navigates client-side, scrolls to the top and keeps the header root', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    await page.evaluate(() => {
      const w = window as unknown as { headerNode?: Element | null; navigations?: number };
      w.headerNode = document.querySelector('#mount-header > header');
      w.navigations = performance.getEntriesByType('navigation').length;
    });
    const link = page.locator('#mount-main a[href="/fr/promotions"]').first();
    await link.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await link.click();
    await expect(page).toHaveURL(/\/fr\/promotions$/);
    await expect(page).toHaveTitle('Promotions | Pari Boréal');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const same = await page.evaluate(() => {
      const w = window as unknown as { headerNode?: Element | null };
      return (
        w.headerNode === document.querySelector('#mount-header > header') && w.headerNode !== null
      );
    });
    expect(same).toBe(true);
    // No document load happened: the marker set on the old document is still there.
    expect(
      await page.evaluate(() => (window as unknown as { navigations?: number }).navigations),
    ).toBe(1);
    await page.goBack();
    await expect(page).toHaveTitle('Accueil | Pari Boréal');
    expect(consoleErrors).toEqual([]);
  });

  test('a client-side navigation to a missing page ends on the 404 page', async ({ page }) => {
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    await page.evaluate(() => {
      history.pushState(null, '', '/fr/nulle-part');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/fr\/404\.html$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  });

  test('the language link leads to the other language and back', async ({ page }) => {
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    await page.getByTestId('language-link').click();
    await expect(page).toHaveURL(/\/en\/home$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
    await expect(page.locator('#mount-main h1').first()).toHaveText('Bet on your favourite sports');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('sgdLocale'))).toBe('en-CA');
    await page.getByTestId('language-link').click();
    await expect(page).toHaveURL(/\/fr\/accueil$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('sgdLocale'))).toBe('fr-CA');
  });

  test('a chronique page opens with its info header', async ({ page }) => {
    await page.goto('/fr/chroniques/bilan-hiver');
    const header = page.locator('#mount-main header').first();
    await expect(header.getByRole('heading', { level: 1 })).toHaveText('Le bilan de l’hiver');
    await expect(header).toContainText('Geneviève Tremblay');
    await expect(header.locator('time')).toHaveText('1er mars 2025');
    await page.getByTestId('language-link').click();
    await expect(page.locator('#mount-main header time').first()).toHaveText('March 1, 2025');
  });

  test('a chronique reached from another page gets its header, whose code comes only then', async ({
    page,
    consoleErrors,
  }) => {
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/ChronicleHeader-/.test(r.url())) chunks.push(r.url());
    });
    await page.goto('/fr/chroniques');
    await waitForHydration(page);
    expect(chunks).toEqual([]);
    // A client-side navigation keeps the document (and this mark on it).
    await page.evaluate(() => document.documentElement.setAttribute('data-test-mark', '1'));
    await page
      .locator('#mount-main')
      .getByRole('link', { name: /Les séries de hockey/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/fr\/chroniques\/series-hockey$/);
    const header = page.locator('#mount-main header').first();
    await expect(header.getByRole('heading', { level: 1 })).toHaveText('Les séries de hockey');
    await expect(header.locator('time')).toHaveText('19 novembre 2026');
    expect(chunks).toHaveLength(1);
    await expect(page.locator('html')).toHaveAttribute('data-test-mark', '1');
    expect(consoleErrors).toEqual([]);
  });

  test('the logical date call failing only warns', async ({
    page,
    consoleErrors,
    consoleWarnings: warnings,
  }) => {
    await page.route('**/date', (route) => route.abort());
    await page.goto('/fr/promotions');
    await waitForHydration(page);
    await expect.poll(() => warnings).toContain('Impossible de mettre à jour la date logique.');
    await expect(page.getByTestId('logical-date')).toHaveText(
      `Date logique : ${TEST_LOGICAL_DATE}`,
    );
    expect(consoleErrors.filter((e) => !e.includes('net::ERR_FAILED'))).toEqual([]);
  });

  test('has no accessibility violation (content page and error page)', async ({ page }) => {
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    await page.goto('/headless/err/404.html');
    await expectNoAxeViolations(page);
  });
});

/**
 * The page header's title never sits on the bare image (whose own text or artwork it would
 * cover), the spacing of the block never opens an empty band under the site header, and the
 * image is never cropped more on a phone than on a desktop.
 */
test.describe('page header layout', () => {
  for (const [width, path] of [
    [992, '/fr/accueil'],
    [992, '/en/home'],
    [1280, '/fr/accueil'],
    [1280, '/en/home'],
  ] as const) {
    test(`the site header's bar is one row, no empty band (${width} px, ${path})`, async ({
      page,
      isMobile,
    }) => {
      test.skip(isMobile, 'desktop widths, set here');
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      const heights = await page.getByTestId('language-link').evaluate((link) => {
        const bar = link.parentElement?.parentElement;
        const children = bar ? [...bar.children] : [];
        return {
          bar: bar?.getBoundingClientRect().height ?? 0,
          tallest: Math.max(...children.map((c) => c.getBoundingClientRect().height)),
        };
      });
      // The bar's own padding is 10 px above and below its tallest item; a second row would
      // add at least 44 px.
      expect(heights.bar - heights.tallest).toBeLessThanOrEqual(24);
    });
  }

  for (const path of ['/fr/accueil', '/fr/promotions', '/en/home', '/en/promotions']) {
    test(`title readable and no band under the site header, ${path} (${path.slice(1, 3)})`, async ({
      page,
    }) => {
      await page.goto(path);
      await waitForHydration(page);
      const geometry = await page.evaluate(() => {
        const header = document.querySelector('#mount-header > header');
        const block = document.querySelector('#mount-main .entete-band');
        const image = block?.querySelector('img');
        const title = block?.querySelector('h1');
        if (!header || !block || !image || !title) return null;
        const box = (el: Element) => el.getBoundingClientRect();
        const [h, b, i, t] = [box(header), box(block), box(image), box(title)];
        const overlaps = t.top < i.bottom && t.bottom > i.top;
        const alpha = (colour: string) => {
          const parts = colour.match(/[\d.]+/g) ?? [];
          return parts.length === 4 ? Number(parts[3]) : parts.length === 3 ? 1 : 0;
        };
        return {
          gap: i.top - h.bottom,
          overlaps,
          titleBackground: alpha(getComputedStyle(title).backgroundColor),
          inside: t.top >= b.top - 1 && t.bottom <= b.bottom + 1,
          ratio: i.width / i.height,
        };
      });
      expect(geometry).not.toBeNull();
      expect(Math.abs(geometry?.gap ?? 99)).toBeLessThanOrEqual(1);
      expect(geometry?.inside).toBe(true);
      // Over the image only on its own solid panel.
      if (geometry?.overlaps) expect(geometry.titleBackground).toBeGreaterThanOrEqual(0.85);
      // Without a phone image the frame keeps the desktop ratio (16:5).
      expect(geometry?.ratio).toBeCloseTo(16 / 5, 1);
    });
  }
});
