/** The HTML site map (docs/decisions/0032-html-site-map.md), reached from the footer's link. */
import { expect, expectNoAxeViolations, test, waitForHydration } from './fixtures';

const CASES = [
  {
    lang: 'fr',
    start: '/fr/accueil',
    linkName: 'Plan du site',
    path: '/fr/plan-du-site',
    other: '/en/site-map',
    groups: [
      'Accueil et paris sportifs',
      'Promotions',
      'Gagnants et billets gagnants',
      'Chroniques',
      'Demo',
      'Autres pages',
    ],
    page: 'Nos gagnants',
    pagePath: '/fr/gagnants',
  },
  {
    lang: 'en',
    start: '/en/home',
    linkName: 'Site map',
    path: '/en/site-map',
    other: '/fr/plan-du-site',
    groups: [
      'Home and sports betting',
      'Promotions',
      'Winners and winning tickets',
      'Columns',
      'Demo',
      'Other pages',
    ],
    page: 'Our winners',
    pagePath: '/en/winners',
  },
] as const;

for (const c of CASES) {
  test(`the footer's site-map link leads to the site map (${c.lang}), grouped, with its language switch`, async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(c.start);
    await waitForHydration(page);
    await page.locator('#mount-footer').getByRole('link', { name: c.linkName }).click();
    await expect(page).toHaveURL(c.path);
    const main = page.locator('#mount-main');
    await expect(main.getByRole('heading', { level: 1, name: c.linkName })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2 })).toHaveText([...c.groups]);
    await expect(page).toHaveTitle(new RegExp(`^${c.linkName} \\| `));
    await expect(page.getByTestId('language-link')).toHaveAttribute('href', c.other);
    await expectNoAxeViolations(page);

    // A link of the map leads to its page.
    await main.getByRole('link', { name: c.page, exact: true }).click();
    await expect(page).toHaveURL(c.pagePath);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(c.page);
    expect(consoleErrors).toEqual([]);
  });
}

test('the site map, loaded directly, hydrates and switches language', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/en/site-map');
  await waitForHydration(page);
  await page.getByTestId('language-link').click();
  await expect(page).toHaveURL('/fr/plan-du-site');
  await expect(page.locator('#mount-main').getByRole('heading', { level: 1 })).toHaveText(
    'Plan du site',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  expect(consoleErrors).toEqual([]);
});
