/** The page frame: header, menu, message and error bars, footer, links, language switch. */
import type { Locator } from '@playwright/test';
import { expect, expectNoAxeViolations, test, waitForHydration } from './fixtures';

/** A disclosure of the menu (a `<details>`): the group named `name`, or the phone's panel. */
function disclosure(nav: Locator, name: string | RegExp): { details: Locator; summary: Locator } {
  const own = nav.page().locator(':scope > summary', { hasText: name });
  const details = nav.locator('details', { has: own });
  return { details, summary: details.locator(':scope > summary') };
}

test.describe('menu', () => {
  test('opens and closes by mouse and keyboard on large screens', async ({ page, isMobile }) => {
    test.skip(isMobile, 'the dropdowns are the large-screen menu');
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    const group = disclosure(nav, 'Gagnants');
    await group.summary.click();
    await expect(group.details).toHaveAttribute('open');
    await expect(nav.getByRole('link', { name: 'Billets gagnants' })).toBeVisible();
    await page.mouse.click(5, 500);
    await expect(nav.getByRole('link', { name: 'Billets gagnants' })).toBeHidden();

    await group.summary.focus();
    await page.keyboard.press('Enter');
    await expect(group.details).toHaveAttribute('open');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Nos gagnants' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(group.details).not.toHaveAttribute('open');
    await expect(group.summary).toBeFocused();
  });

  test('opens as a panel by touch on phones and navigates', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'the panel is the phone menu');
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await expect(disclosure(nav, 'Gagnants').summary).toBeHidden();
    const panel = disclosure(nav, /Menu/);
    await panel.summary.tap();
    await expect(panel.details).toHaveAttribute('open');
    await disclosure(nav, 'À lire et à voir').summary.tap();
    await nav.getByRole('link', { name: 'Chroniques' }).tap();
    await expect(page).toHaveURL(/\/fr\/chroniques$/);
    await expect(panel.details).not.toHaveAttribute('open');
    await panel.summary.tap();
    await expect(panel.details).toHaveAttribute('open');
    await page.keyboard.press('Escape');
    await expect(panel.details).not.toHaveAttribute('open');
    await expect(panel.summary).toBeFocused();
  });

  for (const [lang, path, name] of [
    ['fr', '/fr/accueil', 'Navigation principale'],
    ['en', '/en/home', 'Main navigation'],
  ] as const) {
    test(`closes when focus leaves it by Tab (${lang})`, async ({ page, isMobile }) => {
      await page.goto(path);
      await waitForHydration(page);
      const nav = page.getByRole('navigation', { name });
      // On phones the panel (its last group open too), on large screens the last group: Tab past
      // its last link.
      const lastGroup = nav.locator('li details').last();
      const open = isMobile ? nav.locator('details').first() : lastGroup;
      await open.locator(':scope > summary').click();
      if (isMobile) await lastGroup.locator(':scope > summary').click();
      await expect(open).toHaveAttribute('open');
      await open.getByRole('link').last().focus();
      await page.keyboard.press('Tab');
      await expect(open).not.toHaveAttribute('open');
      const focused = page.locator(':focus');
      await expect(focused).toBeVisible();
      expect(await nav.evaluate((n) => n.contains(document.activeElement))).toBe(false);
    });
  }

  test('has no accessibility violation with the menu open', async ({ page, isMobile }) => {
    await page.goto('/en/home');
    await waitForHydration(page);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    if (isMobile) await disclosure(nav, /Menu/).summary.tap();
    await disclosure(nav, 'Winners').summary.click();
    await expect(nav.getByRole('link', { name: 'Winning tickets' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('header', () => {
  test('links the logo to the sports home and offers the buy-in-store link', async ({
    page,
    isMobile,
  }) => {
    await page.goto('/en/home');
    await expect(page.locator('#mount-header a[href="/sports/en"]').first()).toBeVisible();
    await waitForHydration(page);
    if (isMobile) await page.locator('#mount-header summary', { hasText: /Menu/ }).tap();
    await expect(page.getByRole('link', { name: /Buy in store/i }).first()).toBeVisible();
  });

  for (const [lang, path] of [
    ['fr', '/fr/accueil'],
    ['en', '/en/home'],
  ] as const) {
    test(`keeps every control on the screen from 992 to 1280 px (${lang})`, async ({
      page,
      isMobile,
    }) => {
      test.skip(isMobile, 'the widths of large screens');
      for (const width of [992, 1024, 1100, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        const beyond = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('#mount-header a, #mount-header button')]
            .filter((e) => e.offsetParent && e.getBoundingClientRect().right > innerWidth + 0.5)
            .map((e) => e.textContent.trim()),
        );
        expect(beyond, `${width} px`).toEqual([]);
      }
    });
  }

  test('message bar closes and stays closed for the visit', async ({ page, browser }) => {
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    const bar = page.getByTestId('message-bar');
    await expect(bar).toContainText('Les séries commencent');
    await bar.getByRole('button', { name: 'Fermer les messages' }).click();
    await expect(bar).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('message-bar')).toHaveCount(0);
    // Another visit (a new browser context) sees the messages again.
    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(page.url());
    await expect(fresh.getByTestId('message-bar')).toHaveCount(1);
    await other.close();
  });

  test('tells a visitor without cookies how to accept them, in each language', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'cookieEnabled', { get: () => false });
    });
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    const alert = page.getByTestId('cookies-error');
    await expect(alert).toContainText('Les témoins (cookies) doivent être acceptés');
    await expect(alert.getByRole('link')).toHaveAttribute('href', '/fr/aide-technique#cookies');
    await page.goto('/en/home');
    await expect(page.getByTestId('cookies-error').getByRole('link')).toHaveAttribute(
      'href',
      '/en/technical-help#cookies',
    );
  });

  test('switching language reloads the header and footer content', async ({ page }) => {
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    await expect(page.getByTestId('site-footer')).toContainText('Jeu responsable');
    await page.getByTestId('language-link').click();
    await expect(page).toHaveURL(/\/en\/home$/);
    await expect(page.getByTestId('site-footer')).toContainText('Responsible gaming');
    await expect(page.getByTestId('message-bar')).toContainText(/playoffs/i);
  });
});

test.describe('footer', () => {
  test('shows columns, phone, logos, partners, legal note and the 18+ badge', async ({ page }) => {
    await page.goto('/fr/accueil');
    const footer = page.getByTestId('site-footer');
    await expect(footer.getByRole('heading', { name: 'Jeu responsable' })).toBeVisible();
    // One tel: scheme, digits and a leading + (the content's link already says `tel:`).
    await expect(footer.getByRole('link', { name: '1 800 555-0199' })).toHaveAttribute(
      'href',
      'tel:+18005550199',
    );
    await expect(
      footer.getByRole('list', { name: 'Suivez-nous' }).getByRole('img'),
    ).not.toHaveCount(0);
    await expect(
      footer.getByRole('list', { name: 'Notre entreprise' }).getByRole('img'),
    ).not.toHaveCount(0);
    await expect(
      footer.getByRole('list', { name: 'Nos partenaires' }).getByRole('img'),
    ).not.toHaveCount(0);
    await expect(footer).toContainText('18 ans ou plus');
    await expect(
      footer.getByRole('img', { name: 'Réservé aux personnes de 18 ans et plus' }),
    ).toBeVisible();
  });

  test('handles each link kind', async ({ page }) => {
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    const footer = page.getByTestId('site-footer');
    // https:// opens outside, in a new window when asked, without handing over the opener.
    const external = footer.getByRole('link', { name: /L’entreprise/ });
    await expect(external).toHaveAttribute('href', /^https:\/\//);
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    // javascript: only as an allow-listed action, never as a live href.
    await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
    await expect(footer.getByRole('button', { name: 'Paramètres des témoins' })).toBeVisible();
    // Anything else is a client-side route.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await footer.getByRole('link', { name: 'Promotions' }).click();
    await expect(page).toHaveURL(/\/fr\/promotions$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test('the ad zone shows unless the page switches it off', async ({ page }) => {
    await page.goto('/fr/accueil');
    await expect(page.getByTestId('ad-zone')).toBeVisible();
    await page.goto('/fr/aide-technique');
    await expect(page.getByTestId('site-footer')).toBeVisible();
    await expect(page.getByTestId('ad-zone')).toHaveCount(0);
  });
});
