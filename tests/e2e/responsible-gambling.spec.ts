/**
 * Responsible gambling (issue 33): the footer gives the province's help line and a short
 * message, in both languages, with one 18+ badge and one copyright line; the sports area shows
 * the message too. All of it is content (the footer's legal note and ad zone).
 */
import { expect, expectNoAxeViolations, test, waitForHydration } from './fixtures';

const LANGUAGES = [
  {
    lang: 'fr',
    path: '/fr/accueil',
    sports: '/sports/fr',
    service: 'Jeu : aide et référence',
    message: 'Le jeu doit rester un divertissement',
    campaign: 'Le jeu doit rester un jeu',
  },
  {
    lang: 'en',
    path: '/en/home',
    sports: '/sports/en',
    service: 'Gambling: Help and Referral',
    message: 'Gambling should stay entertainment',
    campaign: 'Keep the game a game',
  },
] as const;

// The number never breaks: no-break spaces and a non-breaking hyphen (U+2011).
// The number never breaks across lines: no-break spaces and a non-breaking hyphen (U+2011).
const HELP_LINE = 'a[href="tel:+18004610140"]';

for (const { lang, path, sports, service, message, campaign } of LANGUAGES) {
  test(`the footer has one 18+ badge, one © line, the help line and the message (${lang})`, async ({
    page,
  }) => {
    await page.goto(path);
    await waitForHydration(page);
    const footer = page.getByTestId('site-footer');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByRole('img', { name: /18/ })).toHaveCount(1);
    expect((await footer.innerText()).match(/©/g) ?? []).toHaveLength(1);
    const legal = footer.locator('p', { hasText: service });
    await expect(legal.first()).toBeVisible();
    await expect(legal.locator(HELP_LINE).first()).toHaveText(/^1\s800\s461\u20110140$/);
    await expect(footer).toContainText(message);
    await expectNoAxeViolations(page, '[data-testid="site-footer"]');
  });

  test(`the sports area shows the message and the help line (${lang})`, async ({ page }) => {
    await page.goto(sports);
    await waitForHydration(page);
    const notice = page.getByRole('heading', { name: campaign });
    await notice.scrollIntoViewIfNeeded();
    await expect(notice).toBeVisible();
    const block = page.locator('section', { has: notice });
    await expect(block).toContainText(service);
    await expect(block.locator(HELP_LINE)).toBeVisible();
  });
}
