/**
 * Focus stays where a keyboard user can see it (issue 33, items 2 and 3): never under the phone's
 * fixed app banner or anything else fixed (WCAG 2.2 SC 2.4.11), on every page type, and never
 * dropped on the page's body when a bar closes.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, waitForHydration } from './fixtures';

const UA = {
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

const pages = {
  fr: {
    home: '/fr/accueil',
    closeMessages: 'Fermer les messages',
    banner: 'Nouvelle application',
    bannerText: {
      android: 'Pariez où que vous soyez avec l’application Pari Boréal, sur Google Play.',
      ios: 'Pariez où que vous soyez avec l’application Pari Boréal, dans l’App Store.',
    },
  },
  en: {
    home: '/en/home',
    closeMessages: 'Close the messages',
    banner: 'New app',
    bannerText: {
      android: 'Bet wherever you are with the Pari Boréal app, on Google Play.',
      ios: 'Bet wherever you are with the Pari Boréal app, on the App Store.',
    },
  },
} as const;

/**
 * What the focused element looks like on screen: none when focus is on the body, else whether the
 * point at its centre (clamped to the viewport) shows the element itself, not something fixed
 * over it.
 */
function focusState(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body || element === document.documentElement) {
      return { focused: 'body', visible: false };
    }
    const box = element.getBoundingClientRect();
    const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(box.top + box.height / 2, 0), innerHeight - 1);
    const inView =
      box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
    const seen = document.elementFromPoint(x, y);
    const visible = inView && !!seen && (element.contains(seen) || seen.contains(element));
    const name = (element.getAttribute('aria-label') ?? element.textContent).trim();
    return { focused: `${element.tagName} ${name.slice(0, 40)}`, visible };
  });
}

async function bannerShown(page: Page): Promise<void> {
  await waitForHydration(page);
  await expect(page.locator('[data-app-banner-early]')).toHaveCount(0);
  await expect(page.locator('body > [data-testid="app-banner"]')).toHaveCount(1);
}

for (const [lang, p] of Object.entries(pages)) {
  test.describe(`focus (${lang})`, () => {
    test('closing the message bar leaves focus on a control in view', async ({ page }) => {
      await page.goto(p.home);
      await waitForHydration(page);
      const close = page.getByTestId('message-bar').getByRole('button', { name: p.closeMessages });
      await close.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('message-bar')).toHaveCount(0);
      const state = await focusState(page);
      expect(state.focused).not.toBe('body');
      expect(state.visible, state.focused).toBe(true);
    });

    for (const platform of ['android', 'ios'] as const) {
      test.describe(platform, () => {
        test.use({ userAgent: UA[platform], viewport: { width: 375, height: 740 } });

        test('no Tab stop is hidden under the app banner', async ({ page, isMobile }) => {
          test.skip(!isMobile, 'the banner is for phones');
          await page.goto(p.home);
          await bannerShown(page);
          const { stops, hidden } = await walk(page);
          expect(stops).toBeGreaterThan(20);
          expect(hidden).toEqual([]);
        });

        test('the app banner is one compact bar, its title whole and its text described', async ({
          page,
          isMobile,
        }) => {
          test.skip(!isMobile, 'the banner is for phones');
          await page.goto(p.home);
          await bannerShown(page);
          const banner = page.getByRole('region', { name: p.banner });
          // Issue 33: 142–163 px of a 740 px screen before; one row of controls now.
          const box = await banner.boundingBox();
          expect(box?.height).toBeLessThanOrEqual(64);
          const title = banner.getByText(p.banner, { exact: true });
          await expect(title).toBeVisible();
          expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
          // The sentence is off screen but still the store link's description.
          await expect(banner.getByRole('link')).toHaveAccessibleDescription(
            p.bannerText[platform],
          );
          for (const control of await banner.locator('a, button').all()) {
            const size = await control.boundingBox();
            expect(size?.height).toBeGreaterThanOrEqual(24);
            expect(size?.width).toBeGreaterThanOrEqual(24);
          }
          await expectNoAxeViolations(page, '[data-testid="app-banner"]');
        });

        test('closing the app banner leaves focus on a control in view', async ({
          page,
          isMobile,
        }) => {
          test.skip(!isMobile, 'the banner is for phones');
          await page.goto(p.home);
          await bannerShown(page);
          // Scrolled halfway down, as a visitor reading the page.
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
          const banner = page.getByRole('region', { name: p.banner });
          await banner.getByRole('button').last().focus();
          await page.keyboard.press('Enter');
          await expect(page.getByTestId('app-banner')).toHaveCount(0);
          const state = await focusState(page);
          expect(state.focused).not.toBe('body');
          expect(state.visible, state.focused).toBe(true);
        });
      });
    }
  });
}

/** Every page type, in both languages: a keyboard-only visitor's walk through it. */
const PAGE_TYPES = [
  ['home', '/fr/accueil', '/en/home'],
  ['content page with a carousel', '/fr/demo/carrousel', '/en/demo/carousel'],
  ['promotions', '/fr/promotions', '/en/promotions'],
  ['winners', '/fr/gagnants', '/en/winners'],
  ['winning tickets', '/fr/billets-gagnants', '/en/winning-tickets'],
  ['chronicle', '/fr/chroniques/bilan-hiver', '/en/columns/winter-review'],
  ['videos', '/fr/videos', '/en/videos'],
  ['sports area', '/sports/fr', '/sports/en'],
  ['site map', '/fr/plan-du-site', '/en/site-map'],
  ['technical help', '/fr/aide-technique', '/en/technical-help'],
  ['not found', '/fr/404.html', '/en/404.html'],
] as const;

/** Tabs from the top to the last stop; the stops whose focus is not seen, and how many there were. */
async function walk(page: Page): Promise<{ stops: number; hidden: string[] }> {
  const hidden: string[] = [];
  let stops = 0;
  for (;;) {
    await page.keyboard.press('Tab');
    const state = await focusState(page);
    if (state.focused === 'body') break;
    stops += 1;
    // A carousel slides its slide in when a control in it takes focus: seen once it has moved.
    const seen =
      state.visible ||
      (await expect
        .poll(async () => (await focusState(page)).visible)
        .toBe(true)
        .then(
          () => true,
          () => false,
        ));
    if (!seen) hidden.push(state.focused);
    const last = await page.evaluate(() => {
      // The phone's banner comes last: its close button ends the walk.
      const element = document.activeElement;
      return !!element?.closest('[data-testid="app-banner"]') && !element.nextElementSibling;
    });
    if (last || stops >= 250) break;
  }
  return { stops, hidden };
}

test.describe('a keyboard walk of every page type', () => {
  test.use({ userAgent: UA.android });
  // One language per width (docs/architecture.md, "Tests"): French on the phone, English on the
  // desktop.
  for (const [label, fr, en] of PAGE_TYPES) {
    for (const [lang, path] of [
      ['fr', fr],
      ['en', en],
    ] as const) {
      test(`${label}: every Tab stop is seen (${lang})`, async ({ page }) => {
        await page.goto(path);
        await waitForHydration(page);
        const { stops, hidden } = await walk(page);
        expect(stops, path).toBeGreaterThan(10);
        expect(stops, path).toBeLessThan(250);
        expect(hidden, path).toEqual([]);
      });
    }
  }
});
