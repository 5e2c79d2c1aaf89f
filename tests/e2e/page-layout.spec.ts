/** Where things land on the page: rows of cards, the footer's ad zone (issue 33). */
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';

type Box = { x: number; y: number; width: number; height: number };
type Rect = { x: number; right: number; top: number; bottom: number };

async function box(locator: Locator): Promise<Box> {
  await locator.scrollIntoViewIfNeeded();
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}

const HOME = { fr: '/fr/accueil', en: '/en/home' } as const;
const FEATURED = {
  fr: ['Hockey', 'Soccer', 'Nos gagnants'],
  en: ['Hockey', 'Soccer', 'Our winners'],
};
const APP_CARD = { fr: 'L’application', en: 'The app' } as const;

for (const lang of ['fr', 'en'] as const) {
  test.describe(`home page layout (${lang})`, () => {
    test('a row of three cards is two and one centred on a desktop, stacked on a phone', async ({
      page,
      isMobile,
    }) => {
      await page.goto(HOME[lang]);
      const cards = FEATURED[lang].map((title) =>
        page
          .locator('.grid-col article')
          .filter({ has: page.getByRole('heading', { name: title, exact: true }) }),
      );
      // Page coordinates, so that scrolling between the measures changes nothing.
      const rects = await Promise.all(
        cards.map((c) =>
          c.evaluate((e) => {
            const r = e.getBoundingClientRect();
            return {
              x: r.left,
              right: r.right,
              top: r.top + window.scrollY,
              bottom: r.bottom + window.scrollY,
            };
          }),
        ),
      );
      const pairs = rects.slice(1).map((r, i) => [rects[i] ?? r, r] as const);
      if (isMobile) {
        for (const [before, after] of pairs) expect(after.top).toBeGreaterThan(before.bottom - 1);
      } else {
        // Two per line past 1200 px (docs/decisions/0007-grid-rule.md), the third centred under
        // them: no hole on either side of it.
        const [first, second, third] = rects as [Rect, Rect, Rect];
        expect(Math.abs(first.top - second.top)).toBeLessThan(2);
        expect(second.x).toBeGreaterThan(first.x);
        expect(third.top).toBeGreaterThan(first.bottom - 1);
        const middle = (first.x + second.right) / 2;
        expect(Math.abs((third.x + third.right) / 2 - middle)).toBeLessThan(2);
      }
    });

    test('a card under an image keeps its button near its text', async ({ page }) => {
      await page.goto(HOME[lang]);
      const card = page
        .locator('.grid-col article')
        .filter({ has: page.getByRole('heading', { name: APP_CARD[lang], exact: true }) });
      const cardBox = await box(card);
      const text = await box(card.locator('p').last());
      const button = await box(card.getByRole('link'));
      // One line of text, then the button: no stretch to the neighbouring column's height.
      expect(cardBox.height).toBeLessThan(260);
      expect(button.y - (text.y + text.height)).toBeLessThan(40);
    });

    test('the ad zone has no void beside a short banner', async ({ page }) => {
      await page.goto(HOME[lang]);
      const zone = page.getByTestId('ad-zone');
      const zoneBox = await box(zone);
      const items = zone.locator('img, article');
      await expect(items.first()).toBeVisible();
      const grid = zone.locator('.ad-grid');
      const gridBox = await box(grid);
      const children = await grid.evaluate((g) =>
        [...g.querySelectorAll(':scope > *, :scope > .static-block > *')]
          .filter((e) => getComputedStyle(e).display !== 'contents')
          .map((e) => {
            const r = e.getBoundingClientRect();
            return { height: r.height, middle: r.top + r.height / 2 };
          }),
      );
      const heights = children.map((c) => c.height);
      expect(children.length).toBeGreaterThan(1);
      const rows = gridBox.width > 700 ? 1 : children.length;
      if (rows === 1) {
        // Side by side: a shorter item sits in the middle of the line, not on top of a void.
        const middles = children.map((c) => c.middle);
        expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(2);
      }
      // The zone is no taller than its content and its padding.
      const content = rows === 1 ? Math.max(...heights) : heights.reduce((a, b) => a + b, 0);
      expect(zoneBox.height - content).toBeLessThan(150);
    });
  });
}

for (const lang of ['fr', 'en'] as const) {
  test(`printing shows the content without the screen's chrome (${lang})`, async ({ page }) => {
    await page.goto(HOME[lang]);
    await page.emulateMedia({ media: 'print' });
    for (const hidden of [
      page.locator('#mount-header nav'),
      page.getByTestId('message-bar'),
      page.getByTestId('logical-date'),
      page.getByTestId('language-link'),
      page.getByTestId('ad-zone'),
      page.locator('#mount-header button').first(),
      page.locator('#mount-header .button').first(),
      page.locator('#mount-main button').first(),
    ]) {
      await expect(hidden).toBeHidden();
    }
    await expect(page.locator('#mount-main h1').first()).toBeVisible();
    await expect(
      page.getByRole('heading', { name: FEATURED[lang][2], exact: true }).first(),
    ).toBeVisible();
    // A content link says where it leads.
    const link = page.locator('#mount-main .grid-col article a[href^="/"]').first();
    const after = await link.evaluate((a) => getComputedStyle(a, '::after').content);
    expect(after).toContain('/');
    await page.emulateMedia({ media: 'screen' });
    await expect(page.locator('#mount-header nav')).toBeAttached();
    await expect(page.getByTestId('message-bar')).toBeVisible();
  });
}

for (const lang of ['fr', 'en'] as const) {
  test(`printing leaves the footer's menus and buttons off paper, its legal lines on (${lang})`, async ({
    page,
  }) => {
    // Issue 45: every printed page ended with the footer's menu block and its "Nous joindre".
    await page.goto(HOME[lang]);
    const footer = page.locator('#mount-footer footer');
    const menus = footer.getByTestId('footer-menus');
    await expect(menus).toBeVisible();
    await expect(footer.locator('.button').first()).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(menus).toBeHidden();
    for (const part of [
      footer.getByRole('navigation'),
      footer.getByTestId('footer-logos'),
      footer.getByTestId('footer-partners'),
    ]) {
      await expect(part).toBeHidden();
    }
    // No menu or button is left with a box on paper.
    const boxed = await footer.evaluate((element) =>
      [...element.querySelectorAll('button, nav, .button')]
        .filter((e) => e.getClientRects().length > 0)
        .map((e) => e.outerHTML.slice(0, 80)),
    );
    expect(boxed).toEqual([]);
    // The legal lines stay: the note, the 18+ badge and the copyright.
    await expect(
      footer.getByText(lang === 'fr' ? /avoir 18 ans ou plus/ : /18 or older/),
    ).toBeVisible();
    await expect(footer.getByRole('img', { name: /18/ })).toBeVisible();
    await expect(footer.getByText(/©/)).toBeVisible();
    const box = await footer.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(0);
    await page.emulateMedia({ media: 'screen' });
    await expect(menus).toBeVisible();
  });
}

test.describe('the first screen of a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  for (const lang of ['fr', 'en'] as const) {
    test(`shows content in its upper 45 % (${lang})`, async ({ page }, testInfo) => {
      // The phone project's screen, a little shorter: once is enough.
      test.skip(testInfo.project.name !== 'phone');
      await page.goto(HOME[lang]);
      // The first block after the page header (the dev strip shown: the suite pins the date).
      await expect(page.getByTestId('logical-date')).toBeVisible();
      const top = await page
        .locator('#mount-main .entete-band')
        .first()
        .evaluate((band) => band.getBoundingClientRect().bottom);
      // Before issue 33: 426 px, 58 % of the screen.
      expect(top / 740).toBeLessThan(0.45);
      // Each message keeps one line.
      const lines = await page
        .getByTestId('message-bar')
        .locator('p')
        .evaluateAll((ps) => ps.map((p) => p.getBoundingClientRect().height));
      for (const h of lines) expect(h).toBeLessThan(30);
    });
  }
});
