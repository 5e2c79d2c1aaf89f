/**
 * The header's message bar (issue 45): every message reads in full, its links never run under the
 * close button (by the elements' boxes), and it is a labelled region, not a dialog. Its close by
 * the keyboard is focus.spec.ts's, without the site's code no-script.spec.ts's. Titles name the
 * language without brackets: each language runs at both widths (support/viewports.ts).
 */
import type { Locator } from '@playwright/test';
import { expect, expectNoAxeViolations, test, waitForHydration } from './fixtures';

const FR = { name: 'Messages', close: 'Fermer les messages', full: 'Lire les messages en entier' };
const EN = { name: 'Messages', close: 'Close the messages', full: 'Read the messages in full' };
const PAGES = [
  { lang: 'fr', path: '/fr/accueil', ...FR },
  { lang: 'en', path: '/en/home', ...EN },
  { lang: 'fr', path: '/sports/fr', ...FR },
  { lang: 'en', path: '/sports/en', ...EN },
] as const;

type Rect = { left: number; right: number; top: number; bottom: number };

/** The boxes of an element's text as laid out, past any clip (an ellipsis cuts only the paint). */
function textRects(element: Locator): Promise<Rect[]> {
  return element.evaluate((e) => {
    const range = document.createRange();
    range.selectNodeContents(e);
    return [...range.getClientRects()]
      .filter((r) => r.width > 0)
      .map((r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom }));
  });
}

const overlap = (a: Rect, b: Rect): boolean =>
  a.left < b.right - 0.5 &&
  b.left < a.right - 0.5 &&
  a.top < b.bottom - 0.5 &&
  b.top < a.bottom - 0.5;

/** No link of the bar lies under one of its buttons, line by line. */
async function linksClearOf(bar: Locator, buttons: Locator[]): Promise<void> {
  const links = bar.getByRole('link');
  expect(await links.count()).toBeGreaterThan(0);
  for (const button of buttons) {
    const box = await button.evaluate((e) => e.getBoundingClientRect().toJSON() as Rect);
    for (const link of await links.all()) {
      for (const r of await textRects(link)) expect(overlap(r, box)).toBe(false);
      const linkBox = await link.evaluate((e) => e.getBoundingClientRect().toJSON() as Rect);
      expect(overlap(linkBox, box)).toBe(false);
    }
  }
}

for (const { lang, path, name, close, full } of PAGES) {
  test(`the message bar on ${path}: a region, each message in full, its links clear of the buttons, in ${lang}`, async ({
    page,
    isMobile,
  }) => {
    await page.goto(path);
    await waitForHydration(page);
    // Announced as what it is: a labelled region holding the messages, no dialog on the page.
    const bar = page.getByRole('region', { name, exact: true });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('data-testid', 'message-bar');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const closeButton = bar.getByRole('button', { name: close });
    await expect(closeButton).toBeVisible();
    const fullButton = bar.getByRole('button', { name: full });
    if (isMobile) {
      // One line each, then the keyboard shows them in full: a real button.
      await linksClearOf(bar, [closeButton, fullButton]);
      await fullButton.focus();
      await page.keyboard.press('Enter');
    } else {
      await expect(fullButton).toBeHidden();
    }
    await linksClearOf(bar, isMobile ? [closeButton, fullButton] : [closeButton]);

    const barBox = await bar.evaluate((e) => e.getBoundingClientRect().toJSON() as Rect);
    const viewport = page.viewportSize();
    const messages = bar.locator('.rich-text');
    expect(await messages.count()).toBeGreaterThan(1);
    for (const message of await messages.all()) {
      // Every line of every message lies inside its box, the bar and the screen: none cut off.
      const own = await message.evaluate((e) => e.getBoundingClientRect().toJSON() as Rect);
      const rects = await textRects(message);
      expect(rects.length).toBeGreaterThan(0);
      for (const r of rects) {
        expect(r.left).toBeGreaterThanOrEqual(Math.max(own.left, barBox.left) - 0.5);
        expect(r.right).toBeLessThanOrEqual(
          Math.min(own.right, barBox.right, viewport?.width ?? 1e9) + 0.5,
        );
        expect(r.bottom).toBeLessThanOrEqual(Math.min(own.bottom, barBox.bottom) + 0.5);
      }
      const clipped = await message.evaluate((e) =>
        [e, ...e.querySelectorAll('*')].some(
          (n) => n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1,
        ),
      );
      expect(clipped).toBe(false);
    }
    await expectNoAxeViolations(page, '[data-testid="message-bar"]');
  });
}
