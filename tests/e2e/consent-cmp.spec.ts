/**
 * The operator's consent manager (docs/decisions/0075-operator-cmp.md), here the stand-in SDK the
 * embedded defaults load: consent given in the CMP unlocks the embed, withdrawn there locks it
 * again, on the page and after a client-side navigation; the footer's cookie-settings link opens
 * the CMP's own preferences. The built-in store's path: consent-preferences.spec.ts.
 */
import { blockReady, expect, expectNoAxeViolations, test, waitForHydration } from './fixtures';

const LANGUAGES = [
  {
    lang: 'fr',
    start: '/fr/videos',
    home: '/fr/accueil',
    homeTitle: 'Pariez sur vos sports préférés',
    homeLink: 'Accueil',
    settings: 'Paramètres des témoins',
    cmp: 'Vos choix de confidentialité',
    video: 'Plateforme vidéo',
    save: 'Enregistrer mes choix',
  },
  {
    lang: 'en',
    start: '/en/videos',
    home: '/en/home',
    homeTitle: 'Bet on your favourite sports',
    homeLink: 'Home',
    settings: 'Cookie settings',
    cmp: 'Your privacy choices',
    video: 'Video platform',
    save: 'Save my choices',
  },
] as const;

for (const l of LANGUAGES) {
  test(`consent given in the CMP unlocks the embed, withdrawn there locks it, across a client-side navigation (${l.lang})`, async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(l.start);
    await waitForHydration(page);
    const playlist = page.locator('[data-consent="video"]').first();
    await blockReady(page, playlist);
    await expect(playlist.getByTestId('consent-overlay-video')).toBeVisible();

    // The footer's link opens the CMP's own preferences, not the site's dialog.
    const footer = page.locator('#mount-footer');
    await footer.getByRole('button', { name: l.settings }).click();
    const cmp = page.getByRole('dialog', { name: l.cmp });
    await expect(cmp).toBeVisible();
    await expect(page.getByRole('dialog', { name: l.settings })).toHaveCount(0);
    await expectNoAxeViolations(page, '[data-stand-in-cmp]');
    await cmp.getByRole('switch', { name: l.video }).check();
    await cmp.getByRole('button', { name: l.save }).click();
    await expect(cmp).toHaveCount(0);
    await expect(playlist.locator('iframe')).toHaveCount(1);

    // Another page, drawn in the browser: its video plays at once, its podcast still asks.
    await footer.getByRole('link', { name: l.homeLink, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${l.home}$`));
    // The address may change before the new view is drawn: the old page's player is not the one.
    await expect(page.locator('#mount-main h1')).toHaveText(l.homeTitle);
    const video = page.locator('[data-consent="video"]').first();
    await blockReady(page, video);
    await expect(video.locator('iframe')).toHaveCount(1);
    // A block further down shows a placeholder until it nears the screen (decision 0055).
    const podcast = page.locator('[data-lazy-block="balado"]');
    await blockReady(page, podcast);
    await expect(podcast.getByTestId('consent-overlay-podcast')).toBeVisible();

    // Withdrawn in the CMP: the player goes at once, the overlay asks again.
    await footer.getByRole('button', { name: l.settings }).click();
    const videoSwitch = cmp.getByRole('switch', { name: l.video });
    await expect(videoSwitch).toBeChecked();
    await videoSwitch.uncheck();
    await cmp.getByRole('button', { name: l.save }).click();
    await expect(cmp).toHaveCount(0);
    await expect(video.locator('iframe')).toHaveCount(0);
    await expect(video.getByTestId('consent-overlay-video')).toBeAttached();
    // One document all along: the consent manager followed the client-side move.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(consoleErrors).toEqual([]);
  });
}
