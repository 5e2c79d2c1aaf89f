/**
 * The footer's cookie-settings link (`javascript:Didomi.preferences.show()`) with the built-in
 * consent store: the site's own preferences dialog (docs/decisions/0031-cookie-settings-dialog.md).
 * The suite's site loads the stand-in consent manager (consent-cmp.spec.ts); here its SDK does not
 * come, as behind a blocker, and the site falls back on its own store
 * (docs/decisions/0075-operator-cmp.md).
 */
import type { Page } from '@playwright/test';
import { blockReady, expect, expectNoAxeViolations, test, waitForHydration } from './fixtures';

const LANGUAGES = [
  {
    path: '/fr/accueil',
    link: 'Paramètres des témoins',
    dialog: 'Paramètres des témoins',
    video: 'Plateforme vidéo',
    save: 'Enregistrer',
  },
  {
    path: '/en/home',
    link: 'Cookie settings',
    dialog: 'Cookie settings',
    video: 'Video platform',
    save: 'Save',
  },
];

const link = (page: Page, name: string) =>
  page.locator('#mount-footer').getByRole('button', { name });

test.beforeEach(async ({ page }) => {
  await page.route(/\/loader\.js(?:\?|$)/, (route) => route.abort('blockedbyclient'));
});

for (const l of LANGUAGES) {
  test.describe(`cookie settings, ${l.path} (${l.path.slice(1, 3)})`, () => {
    test('grant a vendor in the dialog: the waiting embed loads; withdraw it: that persists', async ({
      page,
      consoleErrors,
    }) => {
      await page.goto(l.path);
      await waitForHydration(page);
      const gate = page.locator('[data-consent="video"]').first();
      await blockReady(page, gate);
      await expect(gate.locator('iframe')).toHaveCount(0);

      await link(page, l.link).click();
      const dialog = page.getByRole('dialog', { name: l.dialog });
      await expect(dialog).toBeVisible();
      const video = dialog.getByRole('switch', { name: l.video });
      await expect(video).not.toBeChecked();
      await expectNoAxeViolations(page);
      await video.check();
      await dialog.getByRole('button', { name: l.save }).click();
      await expect(dialog).toHaveCount(0);
      await expect(link(page, l.link)).toBeFocused();
      await expect(gate.locator('iframe')).toHaveCount(1);

      // Withdrawn: the overlay asks again, after a reload too.
      await link(page, l.link).click();
      await expect(video).toBeChecked();
      await video.uncheck();
      await dialog.getByRole('button', { name: l.save }).click();
      await expect(dialog).toHaveCount(0);
      await page.reload();
      await waitForHydration(page);
      await blockReady(page, gate);
      await expect(gate.getByTestId('consent-overlay-video')).toBeVisible();
      await expect(gate.locator('iframe')).toHaveCount(0);
      await link(page, l.link).click();
      await expect(video).not.toBeChecked();
      expect(consoleErrors).toEqual([]);
    });

    test('keyboard: focus moves in, stays in, Escape closes without saving', async ({ page }) => {
      await page.goto(l.path);
      await waitForHydration(page);
      await link(page, l.link).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: l.dialog });
      await expect(dialog).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null))
        .toBe(true);
      for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab']) {
        await page.keyboard.press(key);
        expect(
          await page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null),
          key,
        ).toBe(true);
      }
      await dialog.getByRole('switch', { name: l.video }).focus();
      await page.keyboard.press('Space');
      await expect(dialog.getByRole('switch', { name: l.video })).toBeChecked();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(link(page, l.link)).toBeFocused();
      expect(await page.evaluate(() => localStorage.getItem('consentements'))).toBeNull();
    });
  });
}
