/**
 * Back and Forward through pages that client-side navigation draws (docs/requirements.md §2): each
 * page comes back scrolled where the visitor left it, a new one starts at the top; the language
 * link keeps the fragment.
 */
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

const languages = {
  fr: {
    home: '/fr/accueil',
    homeTitle: 'Accueil',
    promotions: '/fr/promotions',
    help: '/fr/aide-technique',
  },
  en: {
    home: '/en/home',
    homeTitle: 'Home',
    promotions: '/en/promotions',
    help: '/en/technical-help',
  },
} as const;

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

for (const [lang, p] of Object.entries(languages)) {
  test(`Back and Forward land where each page was left (${lang})`, async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(p.home);
    await waitForHydration(page);
    const link = page.locator(`#mount-main a[href="${p.promotions}"]`).first();
    await link.scrollIntoViewIfNeeded();
    const left = await scrollY(page);
    expect(left).toBeGreaterThan(0);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${p.promotions}$`));
    await expect.poll(() => scrollY(page)).toBe(0);
    // Scrolled on the second page too, to see Forward bring it back. The page hears of a scroll
    // at the next frame, as a visitor's scrolling always is before a Back: waited for.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          window.scrollTo(0, 200);
          requestAnimationFrame(() => resolve());
        }),
    );
    expect(await scrollY(page)).toBe(200);

    // The browser puts the old page where the new one was before the new one comes: the
    // position is read once the page has changed (its title with it, in the same task).
    await page.goBack();
    await expect(page).toHaveTitle(`${p.homeTitle} | Pari Boréal`);
    expect(await scrollY(page)).toBe(left);
    await page.goForward();
    await expect(page).toHaveTitle('Promotions | Pari Boréal');
    expect(await scrollY(page)).toBe(200);
    // One document all along: client-side moves only.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(consoleErrors).toEqual([]);
  });

  test(`the language link keeps the fragment (${lang})`, async ({ page }) => {
    const other = lang === 'fr' ? languages.en : languages.fr;
    await page.goto(`${p.help}#cookies`);
    await waitForHydration(page);
    // The link's own address carries the fragment (a new tab, a copied link keep it), and
    // follows it when it changes (issue 33).
    const link = page.getByTestId('language-link');
    await expect(link).toHaveAttribute('href', `${other.help}#cookies`);
    await page.evaluate(() => {
      window.location.hash = 'elsewhere';
    });
    await expect(link).toHaveAttribute('href', `${other.help}#elsewhere`);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${p.help}#cookies$`));
    await expect(link).toHaveAttribute('href', `${other.help}#cookies`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${other.help}#cookies$`));
    await expect(page.locator('html')).toHaveAttribute('lang', lang === 'fr' ? 'en-CA' : 'fr-CA');
    await expect(page.locator('#cookies')).toBeInViewport();
  });
}
