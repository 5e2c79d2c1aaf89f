/** Structural blocks: tabs, accordions, offers, promotions, video behind consent. */
import type { Page } from '@playwright/test';
import {
  blockReady,
  expect,
  expectNoAxeViolations,
  holdRequests,
  test,
  waitForHydration,
} from './fixtures';

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** An accordion's summary (a `<details>` disclosure's), found by its title; `..` is its details. */
const accordionSummary = (page: Page, title: string) => page.locator('summary', { hasText: title });

/** Changes the fragment the way a script would: no native jump, only the events. */
async function replaceHash(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => {
    history.replaceState(history.state, '', h);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  }, hash);
}

test.describe('tabs', () => {
  test('a click puts the key in the fragment, with no jump and no page load', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const hockey = page.getByRole('tab', { name: 'Hockey' });
    const soccer = page.getByRole('tab', { name: 'Soccer' });
    await expect(hockey).toHaveAttribute('aria-selected', 'true');
    await expect(hockey).toHaveCSS('text-transform', 'uppercase');
    await soccer.scrollIntoViewIfNeeded();
    const before = await scrollY(page);
    await soccer.click();
    await expect(page).toHaveURL(/\/fr\/accueil#soccer$/);
    await expect(soccer).toHaveAttribute('aria-selected', 'true');
    await expect(hockey).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByRole('tabpanel')).toContainText('Résultat final');
    expect(Math.abs((await scrollY(page)) - before)).toBeLessThan(2);
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test('the fragment picks the tab on load and on change', async ({ page, consoleErrors }) => {
    await page.goto('/en/home#soccer');
    await waitForHydration(page);
    await expect(page.getByRole('tab', { name: 'Soccer' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.evaluate(() => {
      window.location.hash = '#hockey';
    });
    await expect(page.getByRole('tab', { name: 'Hockey' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await replaceHash(page, '#coming-soon');
    await expect(page.getByRole('tab', { name: 'Coming soon' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // The server rendered the first tab: switching after hydration is no mismatch.
    expect(consoleErrors).toEqual([]);
  });

  test('arrow keys, Home and End move between tabs with a roving tabindex', async ({ page }) => {
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    const tabs = page
      .getByRole('tablist')
      .filter({ has: page.getByRole('tab', { name: 'Hockey' }) });
    const hockey = tabs.getByRole('tab', { name: 'Hockey' });
    await blockReady(page, tabs);
    await hockey.focus();
    await page.keyboard.press('ArrowRight');
    const soccer = tabs.getByRole('tab', { name: 'Soccer' });
    await expect(soccer).toBeFocused();
    await expect(soccer).toHaveAttribute('aria-selected', 'true');
    await expect(soccer).toHaveAttribute('tabindex', '0');
    await expect(hockey).toHaveAttribute('tabindex', '-1');
    await expect(page).toHaveURL(/#soccer$/);
    await page.keyboard.press('End');
    await expect(tabs.getByRole('tab', { name: 'Bientôt' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(hockey).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.getByRole('tab', { name: 'Bientôt' })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(hockey).toBeFocused();
    await expect(hockey).toHaveAttribute('aria-selected', 'true');
  });

  test('an empty tab says so, in both languages', async ({ page }) => {
    await page.goto('/fr/accueil#bientot');
    await waitForHydration(page);
    await expect(page.getByRole('tabpanel')).toHaveText(
      'Aucun contenu dans cet onglet pour le moment.',
    );
    await page.goto('/en/home#coming-soon');
    await waitForHydration(page);
    await expect(page.getByRole('tabpanel')).toHaveText('No content in this tab yet.');
  });
});

test.describe('accordions', () => {
  test('open from the fragment on load and scroll to it', async ({ page }) => {
    await page.goto('/fr/accueil#comment-parier');
    await waitForHydration(page);
    const trigger = accordionSummary(page, 'Comment placer un pari ?');
    await expect(trigger.locator('..')).toHaveAttribute('open');
    await expect(page.getByRole('region', { name: 'Comment placer un pari ?' })).toContainText(
      'Choisissez un match.',
    );
    await expect(trigger).toBeInViewport();
    await expect(
      accordionSummary(page, 'Qu’est-ce qu’un pari combiné ?').locator('..'),
    ).not.toHaveAttribute('open');
  });

  test('open and scroll into view when the fragment changes, toggle on click', async ({ page }) => {
    await page.goto('/en/home');
    await waitForHydration(page);
    const trigger = accordionSummary(page, 'How do I place a bet?');
    await expect(trigger.locator('..')).not.toHaveAttribute('open');
    await expect(trigger).not.toBeInViewport();
    await replaceHash(page, '#comment-parier');
    await expect(trigger.locator('..')).toHaveAttribute('open');
    await expect(trigger).toBeInViewport();
    await trigger.click();
    await expect(trigger.locator('..')).not.toHaveAttribute('open');
    await trigger.click();
    await expect(trigger.locator('..')).toHaveAttribute('open');
    // The other one, by a plain fragment change (the browser's own hashchange).
    await page.evaluate(() => {
      window.location.hash = '#pari-combine';
    });
    const other = accordionSummary(page, 'What is a parlay?');
    await expect(other.locator('..')).toHaveAttribute('open');
    await expect(page.getByRole('region', { name: 'What is a parlay?' })).toContainText(
      'every selection has to win',
    );
  });

  test('an empty accordion says so', async ({ page }) => {
    // The demo's edge cases live on the robustness page, not in the home page's FAQ.
    await page.goto('/en/demo/robustness#accordeon-vide');
    await waitForHydration(page);
    await expect(accordionSummary(page, 'Empty accordion').locator('..')).toHaveAttribute('open');
    await expect(page.getByRole('region', { name: 'Empty accordion' })).toHaveText(
      'No content in this section yet.',
    );
  });

  test('a click while the code asked for by a fragment is on its way is kept', async ({
    page,
    consoleErrors,
  }) => {
    // A fragment in the address asks for every block's code at once; the tabs' is slow.
    const release = await holdRequests(page, /\/assets\/Tabs-[\w-]+\.js$/);
    await page.goto('/fr/accueil#nulle-part');
    await waitForHydration(page);
    await page.getByRole('tab', { name: 'Soccer' }).click();
    release();
    await expect(page).toHaveURL(/#soccer$/);
    await expect(page.getByRole('tab', { name: 'Soccer' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(consoleErrors).toEqual([]);
  });

  test('a fragment that is no valid selector breaks nothing', async ({ page, consoleErrors }) => {
    await page.goto('/fr/accueil#1:x[');
    await waitForHydration(page);
    await expect(page.getByRole('tab', { name: 'Hockey' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(
      accordionSummary(page, 'Comment placer un pari ?').locator('..'),
    ).not.toHaveAttribute('open');
    await replaceHash(page, '#a]b:c(');
    await page.getByRole('tab', { name: 'Soccer' }).click();
    await expect(page).toHaveURL(/#soccer$/);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('offers', () => {
  /** How many cards share the first card's row. */
  async function cardsPerRow(page: Page): Promise<number> {
    const cards = page.getByRole('region', { name: /Nos offres|Our offers/ }).locator('li');
    await expect(cards).toHaveCount(6);
    const boxes = await cards.evaluateAll((items) =>
      items.map((item) => item.getBoundingClientRect()).map((r) => ({ top: r.top, w: r.width })),
    );
    const first = boxes[0];
    if (!first) return 0;
    return boxes.filter((b) => Math.abs(b.top - first.top) < 2).length;
  }

  test('show the configured number of columns at 375, 800 and 1280 px', async ({ page }) => {
    for (const [width, columns] of [
      [375, 1],
      [800, 2],
      [1280, 3],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(width === 800 ? '/en/home' : '/fr/accueil');
      expect(await cardsPerRow(page), `${width} px`).toBe(columns);
    }
  });
});

test.describe('promotions', () => {
  test('running and ended lists keep the items in their window; empty states', async ({ page }) => {
    await page.goto('/fr/promotions');
    await waitForHydration(page);
    const running = page.locator('[data-promotions="enCours"]');
    await expect(running).toHaveCount(2);
    await expect(running.first().locator('article')).toHaveCount(4);
    await expect(running.first()).toContainText('Assurance prolongation');
    await expect(running.first()).not.toContainText('Pas encore commencée');
    await expect(running.first()).not.toContainText('Déjà expirée');
    await expect(running.nth(1)).toHaveText('Aucune promotion en cours pour le moment.');
    const ended = page.locator('[data-promotions="terminee"]');
    // The ended list with nothing in its window is not there at all.
    await expect(ended).toHaveCount(1);
    await expect(ended.locator('article')).toHaveCount(3);
    await expect(page.getByText('Ancienne promo')).toHaveCount(0);
  });

  test('show their images by side and screen size, in English too', async ({ page, isMobile }) => {
    await page.goto('/en/promotions');
    await waitForHydration(page);
    const first = page.locator('[data-promotions="enCours"] article').first();
    await expect(first.getByRole('heading', { name: 'Overtime insurance' })).toBeVisible();
    const image = first.locator('img');
    await expect(image).toBeVisible();
    const [imageBox, textBox] = await Promise.all([
      image.boundingBox(),
      first.getByRole('heading').boundingBox(),
    ]);
    if (isMobile) expect(imageBox?.y ?? 0).toBeLessThan(textBox?.y ?? 0);
    else expect(imageBox?.x ?? 0).toBeLessThan(textBox?.x ?? 0);
    const second = page.locator('[data-promotions="enCours"] article').nth(1);
    if (!isMobile) {
      const [img2, text2] = await Promise.all([
        second.locator('img').boundingBox(),
        second.getByRole('heading').boundingBox(),
      ]);
      expect(img2?.x ?? 0).toBeGreaterThan(text2?.x ?? 0);
    }
    await expect(page.locator('[data-promotions="enCours"]').nth(1)).toHaveText(
      'No promotions underway at the moment.',
    );
  });
});

test.describe('video', () => {
  test('loads the player only after consent', async ({ page }) => {
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    const gate = page.locator('[data-consent="video"]').first();
    await blockReady(page, gate);
    await expect(gate).toBeVisible();
    await expect(gate.locator('iframe')).toHaveCount(0);
    await gate.getByRole('button').click();
    const frame = gate.locator('iframe');
    await expect(frame).toHaveCount(1);
    const src = new URL((await frame.getAttribute('src')) ?? '');
    expect(src.pathname).toMatch(/\/bRl0001aaaa$/);
    expect(src.searchParams.get('rel')).toBe('0');
    expect(src.searchParams.get('modestbranding')).toBe('1');
    expect(src.searchParams.get('origin')).toBe(new URL(page.url()).origin);
  });
});

test.describe('accessibility', () => {
  for (const path of ['/fr/accueil', '/en/home', '/fr/promotions', '/en/promotions']) {
    test(`no axe violation on ${path} (${path.slice(1, 3)})`, async ({ page }) => {
      await page.goto(path.includes('promotions') ? path : `${path}#comment-parier`);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
    });
  }
});
