/**
 * Blocks with no behaviour travel as stubs in the hydration state (docs/decisions/0037): the page
 * still hydrates without a mismatch, their links still navigate client-side, and a page left
 * and come back to renders them again from the navigation's models. Both languages; the
 * projects run it at a phone and a desktop width.
 */
import { expect, pageStateText, test, waitForHydration } from './fixtures';

for (const { path, section, link, text } of [
  { path: '/fr/accueil', section: 'À la une', link: '/fr/promotions', text: 'Promotions' },
  { path: '/en/home', section: 'Featured', link: '/en/promotions', text: 'Promotions' },
]) {
  test(`${path}: hydrates from stubs, keeps their markup and their links work (${path.slice(1, 3)})`, async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(path);
    await waitForHydration(page);
    const state = await pageStateText(page);
    expect(state).toContain('"kind":"static"');
    // The section's title is in the markup only, not in the state.
    expect(state).not.toContain(`"title":"${section}"`);
    const staticBlocks = page.locator('.static-block');
    expect(await staticBlocks.count()).toBeGreaterThan(3);
    await expect(page.getByRole('heading', { name: section })).toBeVisible();
    // A client-side move keeps the document: the marker survives.
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    const inside = page.locator(`.static-block a[href="${link}"]`).first();
    await inside.scrollIntoViewIfNeeded();
    await inside.click();
    await expect(page).toHaveURL(new RegExp(`${link}$`));
    await expect(page.getByRole('heading', { level: 1, name: text })).toBeAttached();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    // Back again: the blocks are rendered from the navigation's models this time.
    await expect(page.getByRole('heading', { name: section })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(consoleErrors).toEqual([]);
  });
}

// The footer's body is the server's markup too (docs/decisions/0042).
for (const { path, help, only, other, otherHelp } of [
  {
    path: '/fr/gagnants',
    help: 'Aide technique',
    only: 'Jouer de façon responsable',
    other: 'en',
    otherHelp: 'Technical help',
  },
  {
    path: '/en/winners',
    help: 'Technical help',
    only: 'Play responsibly',
    other: 'fr',
    otherHelp: 'Aide technique',
  },
]) {
  test(`${path}: the footer body stays out of the state, its links work, a new language redraws it (${path.slice(1, 3)})`, async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(path);
    await waitForHydration(page);
    const state = await pageStateText(page);
    expect(state).toContain('"footerKept":true');
    // A link only the footer shows: in its markup, not in the state.
    expect(state).not.toContain(only);
    const footer = page.getByTestId('site-footer');
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    await footer.getByRole('link', { name: help, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: help })).toBeAttached();
    // The language link: the other language's site node draws the footer from its content.
    await page.getByTestId('language-link').click();
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${other}`));
    await expect(footer.getByRole('link', { name: otherHelp, exact: true })).toBeVisible();
    await expect(footer.getByRole('link', { name: help, exact: true })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(consoleErrors).toEqual([]);
  });
}
