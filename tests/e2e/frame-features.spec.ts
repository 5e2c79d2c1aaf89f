/** The site frame's features: IE banner, app banners, pull-to-refresh, technical-help modal. */
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, holdRequests, test, waitForHydration } from './fixtures';

const UA = {
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

/** Sum of the layout shifts the page has recorded so far (CLS without session windows). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            total += (entry as PerformanceEntry & { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

test.describe('Internet Explorer banner', () => {
  test(
    'is in the raw server HTML for IE 11, in French and in English',
    { tag: '@any-viewport' },
    async ({ request }) => {
      for (const path of ['/fr/accueil', '/en/home']) {
        const html = await (await request.get(path, { headers: { 'user-agent': UA.ie11 } })).text();
        const banner = /<section[^>]*data-testid="ie-banner"[^>]*>(.*?)<\/section>/s.exec(
          html,
        )?.[1];
        expect(banner, path).toBeDefined();
        expect(banner).toMatch(
          /<p lang="fr-CA"[^>]*>.*Navigateur non pris en charge\..*Internet Explorer/s,
        );
        expect(banner).toMatch(/<p lang="en-CA"[^>]*>.*Unsupported browser\..*another browser/s);
        // Before the header: the first thing on the page.
        expect(html.indexOf('data-testid="ie-banner"')).toBeLessThan(
          html.indexOf('id="mount-header"'),
        );
      }
    },
  );

  test('is absent for Chrome', { tag: '@any-viewport' }, async ({ request }) => {
    const html = await (
      await request.get('/fr/accueil', { headers: { 'user-agent': UA.chrome } })
    ).text();
    expect(html).not.toContain('ie-banner');
    expect(html).not.toContain('Unsupported browser');
  });

  test.describe('as shown', () => {
    test.use({ userAgent: UA.ie11 });
    test('is readable and accessible', async ({ page }) => {
      await page.goto('/fr/accueil');
      const banner = page.getByRole('region', { name: /Navigateur non pris en charge/ });
      await expect(banner).toBeVisible();
      await expect(banner.locator('p[lang="en-CA"]')).toContainText('Unsupported browser.');
      await expectNoAxeViolations(page);
    });
  });
});

/**
 * The site's banner has replaced the early copy (its code comes after hydration): one banner,
 * the site's, so that what follows acts on the element that stays.
 */
async function siteBannerTookOver(page: Page): Promise<void> {
  await waitForHydration(page);
  await expect(page.locator('[data-app-banner-early]')).toHaveCount(0);
  await expect(page.locator('body > [data-testid="app-banner"]')).toHaveCount(1);
}

test.describe('app banner', () => {
  for (const platform of ['android', 'ios'] as const) {
    test.describe(platform, () => {
      test.use({ userAgent: UA[platform] });

      test('offers the store, and "don’t show again" is remembered across a reload', async ({
        page,
        consoleErrors,
      }) => {
        await page.goto('/fr/accueil');
        await siteBannerTookOver(page);
        const banner = page.getByRole('region', { name: 'Nouvelle application' });
        await expect(banner).toBeVisible();
        await expect(banner).toHaveAttribute('data-platform', platform);
        const store = banner.getByRole('link', { name: 'Télécharger' });
        await expect(banner).toContainText(
          platform === 'android' ? 'sur Google Play' : 'dans l’App Store',
        );
        await expect(store).toHaveAttribute(
          'href',
          platform === 'android' ? /play\.google\.com/ : /apps\.apple\.com/,
        );
        // Fixed to the bottom of the viewport, and it moved nothing when it came.
        const box = await banner.boundingBox();
        expect(box && Math.round(box.y + box.height)).toBe(page.viewportSize()?.height);
        expect(await layoutShift(page)).toBe(0);
        // Scrolled to the end, the footer stays clear of it.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect
          .poll(() =>
            page.evaluate(() => {
              const footer = document.getElementById('mount-footer')?.getBoundingClientRect();
              const bar = document
                .querySelector('[data-testid="app-banner"]')
                ?.getBoundingClientRect();
              return footer && bar ? Math.round(bar.top - footer.bottom) : -1;
            }),
          )
          .toBeGreaterThanOrEqual(0);
        await expectNoAxeViolations(page, '[data-testid="app-banner"]');

        await banner.getByRole('button', { name: 'Ne plus afficher' }).click();
        await expect(page.getByTestId('app-banner')).toHaveCount(0);
        await page.reload();
        await waitForHydration(page);
        await expect(page.getByTestId('pull-indicator')).toHaveCount(1);
        await expect(page.getByTestId('app-banner')).toHaveCount(0);
        expect(consoleErrors).toEqual([]);
      });

      test('closes from the keyboard, in English too', async ({ page }) => {
        await page.goto('/en/home');
        await siteBannerTookOver(page);
        const banner = page.getByRole('region', { name: 'New app' });
        await expect(banner.getByRole('button', { name: "Don't show again" })).toBeVisible();
        const close = banner.getByRole('button', { name: 'Close the app banner' });
        await close.focus();
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('app-banner')).toHaveCount(0);
      });

      test(
        'is in the server HTML only as inert templates',
        { tag: '@any-viewport' },
        async ({ request }) => {
          const html = await (
            await request.get('/fr/accueil', { headers: { 'user-agent': UA[platform] } })
          ).text();
          expect(html).toContain(`<template data-app-banner="${platform}">`);
          expect(html.replace(/<template[\s\S]*?<\/template>/g, '')).not.toContain('app-banner"');
        },
      );

      test('shows before the site’s code has come, and works', async ({ page, consoleErrors }) => {
        // A slow network: the site's code never comes.
        await page.route(/\/assets\/start-client-[\w-]+\.js$/, () => undefined);
        await page.goto('/en/home');
        const banner = page.getByRole('region', { name: 'New app' });
        await expect(banner).toBeVisible();
        await expect(banner).toHaveAttribute('data-platform', platform);
        await expect(banner).toHaveAttribute('data-app-banner-early', '');
        await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
        await expect(banner.getByRole('link', { name: 'Download' })).toHaveAttribute(
          'href',
          platform === 'android' ? /play\.google\.com/ : /apps\.apple\.com/,
        );
        expect(await layoutShift(page)).toBe(0);
        await expectNoAxeViolations(page, '[data-testid="app-banner"]');
        await banner.getByRole('button', { name: "Don't show again" }).click();
        await expect(page.getByTestId('app-banner')).toHaveCount(0);
        await page.unroute(/\/assets\/start-client-[\w-]+\.js$/);
        await page.reload();
        await waitForHydration(page);
        await expect(page.getByTestId('pull-indicator')).toHaveCount(1);
        await expect(page.getByTestId('app-banner')).toHaveCount(0);
        expect(consoleErrors).toEqual([]);
      });

      test('its module is asked for and run at once, not after the first screen has painted', async ({
        page,
      }) => {
        // The first screen's image never arrives, so the first screen is never done painting:
        // the banner is drawn all the same, as soon as its module has come (decision 0019).
        await page.route(/\/dam\//, () => undefined);
        const asked: string[] = [];
        page.on('request', (request) => asked.push(new URL(request.url()).pathname));
        await page.goto('/fr/accueil', { waitUntil: 'domcontentloaded' });
        const modules = await page
          .locator('script[data-phone]')
          .getAttribute('data-phone')
          .then((value) => (value ?? '').split(' ').filter(Boolean));
        expect(modules.length).toBeGreaterThan(0);
        await expect.poll(() => modules.filter((m) => !asked.includes(m))).toEqual([]);
        await expect(page.locator('[data-app-banner-early]')).toBeVisible();
      });

      test('a press begun on the early copy ends on the site’s banner that took its place', async ({
        page,
      }) => {
        // The site runs, but the banner's own code is held until the press has begun.
        const release = await holdRequests(page, /\/assets\/AppBanner-[\w-]+\.js$/);
        await page.goto('/fr/accueil');
        await waitForHydration(page);
        const never = page
          .locator('[data-app-banner-early]')
          .getByRole('button', { name: 'Ne plus afficher' });
        const box = await never.boundingBox();
        if (!box) throw new Error('the early banner has no "Ne plus afficher" button');
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        release();
        await siteBannerTookOver(page);
        await page.mouse.up();
        await expect(page.getByTestId('app-banner')).toHaveCount(0);
        await page.reload();
        await waitForHydration(page);
        await expect(page.getByTestId('pull-indicator')).toHaveCount(1);
        await expect(page.getByTestId('app-banner')).toHaveCount(0);
      });

      test('hands focus over to the site’s banner', async ({ page }) => {
        const release = await holdRequests(page, /\/assets\/start-client-[\w-]+\.js$/);
        await page.goto('/fr/accueil');
        const early = page.locator('[data-app-banner-early]');
        await early.getByRole('button', { name: 'Fermer la bannière de l’application' }).focus();
        release();
        await waitForHydration(page);
        await expect(early).toHaveCount(0);
        await expect(
          page
            .getByTestId('app-banner')
            .getByRole('button', { name: 'Fermer la bannière de l’application' }),
        ).toBeFocused();
      });
    });
  }

  test('is not shown on other platforms, whose browsers do not fetch its early code', async ({
    page,
  }) => {
    const early: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/early-(?!start)/.test(request.url())) early.push(request.url());
    });
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    await expect(page.getByTestId('pull-indicator')).toHaveCount(1);
    await expect(page.getByTestId('app-banner')).toHaveCount(0);
    expect(early).toEqual([]);
  });
});

/** A one-finger vertical drag made of synthetic touch events, from y = 100 down by `distance`. */
async function pull(page: Page, distance: number, { release = true } = {}) {
  await page.evaluate(
    ({ distance, release }) => {
      const target = document.elementFromPoint(180, 100) ?? document.body;
      const at = (y: number) => new Touch({ identifier: 1, target, clientX: 180, clientY: y });
      const fire = (type: string, touches: Touch[], changed: Touch[]) =>
        target.dispatchEvent(
          new TouchEvent(type, {
            touches,
            changedTouches: changed,
            bubbles: true,
            cancelable: true,
          }),
        );
      fire('touchstart', [at(100)], [at(100)]);
      const steps = 10;
      for (let i = 1; i <= steps; i += 1) {
        const point = at(100 + (distance * i) / steps);
        fire('touchmove', [point], [point]);
      }
      if (release) fire('touchend', [], [at(100 + distance)]);
    },
    { distance, release },
  );
}

test.describe('pull-to-refresh', () => {
  test.skip(({ hasTouch }) => !hasTouch, 'touch devices only');

  test.beforeEach(async ({ page }) => {
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    // The gesture's code comes after hydration (PullToRefreshOnDemand).
    await expect(page.getByTestId('pull-indicator')).toHaveAttribute('data-gesture', 'on');
    await page.evaluate(() => Object.assign(window, { pullMarker: true }));
  });

  const marker = (page: Page) =>
    page.evaluate(() => (window as Window & { pullMarker?: boolean }).pullMarker === true);

  test('a long pull at the top shows the states, then reloads the page', async ({ page }) => {
    const indicator = page.getByTestId('pull-indicator');
    await pull(page, 60, { release: false });
    await expect(indicator).toHaveAttribute('data-state', 'pulling');
    await expect(page.getByTestId('pull-status')).toHaveText('Tirez pour actualiser');
    await page.evaluate(() => document.dispatchEvent(new TouchEvent('touchcancel')));
    await expect(indicator).toHaveAttribute('data-state', 'pending');

    await pull(page, 300, { release: false });
    await expect(indicator).toHaveAttribute('data-state', 'releasing');
    await expect(page.getByTestId('pull-status')).toHaveText('Relâchez pour actualiser');
    await expect(indicator).toBeVisible();

    const reloaded = page.waitForEvent('framenavigated');
    await page.evaluate(() => document.dispatchEvent(new TouchEvent('touchend')));
    await expect(page.getByTestId('pull-status')).toHaveText('Actualisation…');
    await reloaded;
    await waitForHydration(page);
    expect(await marker(page)).toBe(false);
    await expect(page.getByTestId('pull-indicator')).toHaveAttribute('data-state', 'pending');
  });

  test('a short pull does not reload', async ({ page }) => {
    await pull(page, 80);
    await expect(page.getByTestId('pull-indicator')).toHaveAttribute('data-state', 'pending');
    await page.waitForTimeout(1000);
    expect(await marker(page)).toBe(true);
  });

  test('a pull on a page scrolled down does nothing', async ({ page }) => {
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await pull(page, 300);
    await page.waitForTimeout(1000);
    expect(await marker(page)).toBe(true);
  });
});

const openEvent = () =>
  dispatchEvent(new CustomEvent('site:link-action', { detail: 'client-config' }));

/** The footer's "browser configuration" entry (a content link `javascript:afficherConfigurationClient()`). */
const footerOpener = (page: Page) =>
  page.locator('#mount-footer').getByRole('button', { name: 'Configuration de votre navigateur' });

/** Opens the modal from the footer with the keyboard, as a visitor would. */
async function openFromFooter(page: Page) {
  await footerOpener(page).focus();
  await page.keyboard.press('Enter');
}

const focusInDialog = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null);

test.describe('technical-help modal', () => {
  test('loads the parser only when opened, then lists the configuration', async ({
    page,
    isMobile,
    consoleErrors,
  }) => {
    const parserRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/bowser-/.test(request.url())) parserRequests.push(request.url());
    });
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    expect(parserRequests).toEqual([]);

    await page.evaluate(openEvent);
    const dialog = page.getByRole('dialog', { name: 'Aide technique' });
    await expect(dialog).toBeVisible();
    const field = (name: string) => dialog.locator(`[data-field="${name}"] dd`);
    await expect(field('navigateur')).toContainText('Chrom');
    expect(parserRequests).toHaveLength(1);
    const language = await page.evaluate(() => navigator.language);
    await expect(field('langue')).toHaveText(language);
    await expect(field('aCookies')).toHaveText('Oui');
    await expect(field('os')).toContainText('Linux');
    await expect(field('estMobile')).toHaveText(isMobile ? 'Oui' : 'Non');
    await expect(dialog.getByRole('heading', { name: 'Informations techniques' })).toBeVisible();
    const userAgent = await page.evaluate(() => navigator.userAgent);
    await expect(field('userAgent')).toHaveText(userAgent);
    const viewport = page.viewportSize();
    await expect(field('fenetre')).toContainText(`${viewport?.width ?? 0} ×`);
    await expect(field('tactile')).toHaveText(isMobile ? /^Oui/ : 'Non');
    await expect(field('fuseau')).not.toBeEmpty();
    await expect(dialog.getByRole('button', { name: 'Fermer' })).toHaveText('X');
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);
  });

  test('keyboard: focus stays inside, Escape closes, focus returns to the opener', async ({
    page,
  }) => {
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    await openFromFooter(page);
    const dialog = page.getByRole('dialog', { name: 'Aide technique' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Fermer' })).toBeFocused();
    for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusInDialog(page), key).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('tech-help')).toHaveCount(0);
    await expect(footerOpener(page)).toBeFocused();
  });

  test('the X button closes it and focus returns to the opener', async ({ page }) => {
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    await openFromFooter(page);
    await page
      .getByRole('dialog', { name: 'Aide technique' })
      .getByRole('button', { name: 'Fermer', exact: true })
      .click();
    await expect(page.getByTestId('tech-help')).toHaveCount(0);
    await expect(footerOpener(page)).toBeFocused();
  });

  test('the page behind does not scroll while it is open', async ({ page }) => {
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    await page.evaluate(openEvent);
    await expect(page.getByRole('dialog', { name: 'Aide technique' })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflowY)).toBe(
      'hidden',
    );
    await page.mouse.move(5, 5);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('tech-help')).toHaveCount(0);
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).overflowY),
    ).not.toBe('hidden');
  });

  test('in English', async ({ page }) => {
    await page.goto('/en/home');
    await waitForHydration(page);
    await page.evaluate(openEvent);
    const dialog = page.getByRole('dialog', { name: 'Technical help' });
    await expect(dialog.locator('[data-field="aCookies"] dd')).toHaveText('Yes');
    await expect(dialog.getByText('Operating system')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toHaveText('X');
    await expectNoAxeViolations(page);
  });
});
