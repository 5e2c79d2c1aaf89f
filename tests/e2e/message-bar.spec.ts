/**
 * The header's message bar (issue 45): every message reads in full, its links never run under the
 * close button (by the elements' boxes), and it is a labelled region, not a dialog. Its close by
 * the keyboard is focus.spec.ts's, without the site's code no-script.spec.ts's. Titles name the
 * language without brackets: each language runs at both widths (support/viewports.ts).
 */
import type { Locator } from '@playwright/test';
import { expect, expectNoAxeViolations, test, waitForHydration } from './fixtures';

const PAGES = [
  { lang: 'fr', path: '/fr/accueil', name: 'Messages', close: 'Fermer les messages' },
  { lang: 'en', path: '/en/home', name: 'Messages', close: 'Close the messages' },
  { lang: 'fr', path: '/sports/fr', name: 'Messages', close: 'Fermer les messages' },
  { lang: 'en', path: '/sports/en', name: 'Messages', close: 'Close the messages' },
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

for (const { lang, path, name, close } of PAGES) {
  test(`the message bar on ${path}: a region, each message in full, its links clear of the close, in ${lang}`, async ({
    page,
  }) => {
    await page.goto(path);
    await waitForHydration(page);
    // Announced as what it is: a labelled region holding the messages, no dialog on the page.
    const bar = page.getByRole('region', { name, exact: true });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('data-testid', 'message-bar');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const barBox = await bar.evaluate((e) => e.getBoundingClientRect().toJSON() as Rect);
    const viewport = page.viewportSize();
    const messages = bar.locator('.rich-text');
    expect(await messages.count()).toBeGreaterThan(1);
    for (const message of await messages.all()) {
      // Every line of every message lies inside the bar and the screen: nothing cut or hidden.
      const rects = await textRects(message);
      expect(rects.length).toBeGreaterThan(0);
      for (const r of rects) {
        expect(r.left).toBeGreaterThanOrEqual(barBox.left - 0.5);
        expect(r.right).toBeLessThanOrEqual(Math.min(barBox.right, viewport?.width ?? 1e9) + 0.5);
        expect(r.bottom).toBeLessThanOrEqual(barBox.bottom + 0.5);
      }
      const clipped = await message.evaluate((e) =>
        [e, ...e.querySelectorAll('*')].some((n) => {
          const style = getComputedStyle(n);
          return style.textOverflow === 'ellipsis' && n.scrollWidth > n.clientWidth + 1;
        }),
      );
      expect(clipped).toBe(false);
    }

    // A link is never under the close button, line by line.
    const button = bar.getByRole('button', { name: close });
    await expect(button).toBeVisible();
    const closeBox = await button.evaluate((e) => e.getBoundingClientRect().toJSON() as Rect);
    const links = bar.getByRole('link');
    expect(await links.count()).toBeGreaterThan(0);
    for (const link of await links.all()) {
      for (const r of await textRects(link)) expect(overlap(r, closeBox)).toBe(false);
      const linkBox = await link.evaluate((e) => e.getBoundingClientRect().toJSON() as Rect);
      expect(overlap(linkBox, closeBox)).toBe(false);
    }
    await expectNoAxeViolations(page, '[data-testid="message-bar"]');
  });
}
