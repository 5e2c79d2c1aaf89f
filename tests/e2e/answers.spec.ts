/**
 * Answers of /_data/* that are not ours (a proxy's error page) or come from another release of
 * the site (a page open across a deploy) end on the specified fallback, never on a broken page
 * (src/app/answers.ts).
 */
import { ANSWER_FORMAT } from '../../src/app/state';
import { expect, test, waitForHydration } from './fixtures';

const PROXY_PAGE = '<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>';

for (const lang of ['fr', 'en'] as const) {
  const home = lang === 'fr' ? '/fr/accueil' : '/en/home';

  test(`a proxy's error page instead of a page answer ends on the 503 page (${lang})`, async ({
    page,
  }) => {
    await page.goto(home);
    await waitForHydration(page);
    await page.route('**/_data/view?*', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: PROXY_PAGE }),
    );
    await page.locator(`#mount-main a[href="/${lang}/promotions"]`).first().click();
    // In the language of the address that failed (issue 45), and the address says which.
    await expect(page).toHaveURL(new RegExp(`/headless/err/503\\.html\\?lang=${lang}$`));
    await expect(page.locator('#mount-main h1')).toHaveText(
      lang === 'fr' ? 'Oups... Erreur 503' : 'Oops... Error 503',
    );
  });

  test(`an answer of another release loads the page's document instead (${lang})`, async ({
    page,
  }) => {
    await page.goto(home);
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { before?: boolean }).before = true;
    });
    // Only the first answer is stale: the document that comes next is the server's own. The route
    // stays for the whole test: removed after one use (`times: 1`), its removal raced the document
    // request that follows at once, which then stayed paused (about one run in twenty).
    let stale = true;
    await page.route('**/_data/view?*', (route) => {
      if (!stale) return route.fallback();
      stale = false;
      return route.fulfill({
        json: { format: ANSWER_FORMAT + 1, type: 'view', status: 200, state: { moved: true } },
      });
    });
    const link = page.locator(`#mount-main a[href="/${lang}/promotions"]`).first();
    await Promise.all([page.waitForEvent('load'), link.click()]);
    await expect(page).toHaveURL(new RegExp(`/${lang}/promotions$`));
    await expect(page).toHaveTitle('Promotions | Pari Boréal');
    // A new document: the old page's window is gone.
    expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBe(
      undefined,
    );
    await waitForHydration(page);
  });
}

test('a language switch answered by a proxy page keeps the page and says so in the log', async ({
  page,
  consoleWarnings: warnings,
}) => {
  await page.goto('/sports/fr');
  await waitForHydration(page);
  await page.route('**/_data/site?*', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: PROXY_PAGE }),
  );
  await page.getByTestId('language-link').click();
  await expect(page).toHaveURL(/\/sports\/en$/);
  await expect.poll(() => warnings.join('\n')).toMatch(/\(en\) could not be loaded/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
});
