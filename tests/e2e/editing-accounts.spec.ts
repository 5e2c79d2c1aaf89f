/**
 * Editing with the account Magnolia requires (issue 42 items 1 and 7, docs/editing.md), in
 * Chromium against the real server and the stand-in author instance, which answers as Magnolia's
 * does: the suite's site uses the stand-in's editor account (the embedded default) and gets its
 * green bars; a site given the read-only account shows the page with an edit-mode diagnostic in
 * its language, and logs the cause once; a link click inside the editor is prevented yet reaches
 * a listener at the window (the page editor's); the edit-mode policy allows what the page editor
 * needs and no more. French on the phone, English on the desktop (support/viewports.ts).
 */
import type { Frame, Page } from '@playwright/test';
import { E2E_ORIGIN, E2E_PREVIEW_TOKEN } from '../../playwright.config';
import { credentialsOf, STAND_IN_AUTHOR_ACCOUNTS } from '../../embedded/cms/accounts';
import { expect, test } from './fixtures';
import { authorOrigin, edit } from './support/editing';
import { startSiteProcess, type SiteProcess } from './support/site-process';

const PAGES = {
  fr: { path: '/fr/accueil', link: 'voyez nos promotions', diagnostic: 'aucune barre verte' },
  en: { path: '/en/home', link: 'see our promotions', diagnostic: 'no green bars' },
} as const;

/** The site's page framed by the stand-in Pages app, in edit mode, once the editor outlined it. */
async function editedInPagesApp(page: Page, author: string, path: string): Promise<Frame> {
  await page.goto(`${author}/author/pages-app?page=${encodeURIComponent(path)}`);
  await expect(page.locator('body')).toHaveAttribute('data-handshake', 'outlined');
  const site = page.frames().find((f) => f.url().startsWith(`${E2E_ORIGIN}/_preview`));
  if (!site) throw new Error('no site frame');
  return site;
}

for (const lang of ['fr', 'en'] as const) {
  const { path, link } = PAGES[lang];

  test.describe(`the editor account (${lang})`, () => {
    test(`the embedded default account gets the page editor's bars, no diagnostic (${lang})`, async ({
      page,
      request,
      consoleErrors,
    }) => {
      const author = await authorOrigin(request);
      const site = await editedInPagesApp(page, author, path);
      const components = Number(await page.locator('body').getAttribute('data-components'));
      expect(components).toBeGreaterThan(10);
      await expect(
        page.frameLocator('#page-frame').locator('.mgnl-standin-outline').first(),
      ).toBeVisible();
      expect(await site.locator('.edit-diagnostic').count()).toBe(0);
      expect(consoleErrors).toEqual([]);
    });

    test(`a link click in the editor is prevented, yet a listener at the window sees it (${lang})`, async ({
      page,
      request,
    }) => {
      const author = await authorOrigin(request);
      const site = await editedInPagesApp(page, author, path);
      const before = site.url();
      // Where Magnolia's page editor listens: the window, after the bridge (bubble phase).
      await site.evaluate(() => {
        const seen: boolean[] = [];
        Object.assign(window, { seenClicks: seen });
        window.addEventListener('click', (event) => seen.push(event.defaultPrevented));
      });
      await page.frameLocator('#page-frame').getByRole('link', { name: link }).first().click();
      await expect
        .poll(() =>
          site.evaluate(() => (window as unknown as { seenClicks: boolean[] }).seenClicks),
        )
        .toEqual([true]);
      // Still the same page: neither the browser nor the site's own navigation moved.
      await page.waitForTimeout(300);
      expect(site.url()).toBe(before);
    });
  });
}

test.describe('the edit-mode policy', () => {
  for (const lang of ['fr', 'en'] as const) {
    test(`allows the author's page editor what it needs, and no more (${lang})`, async ({
      request,
    }) => {
      const { path } = PAGES[lang];
      const author = await authorOrigin(request);
      const csp = (await request.get(edit(path))).headers()['content-security-policy'] ?? '';
      const directive = (name: string) =>
        csp
          .split('; ')
          .find((d) => d.startsWith(`${name} `))
          ?.split(' ')
          .slice(1) ?? [];
      expect(directive('script-src')).toEqual(expect.arrayContaining(["'unsafe-eval'", author]));
      expect(directive('script-src')).not.toContain("'unsafe-inline'");
      expect(directive('style-src')).toEqual(expect.arrayContaining(["'unsafe-inline'", author]));
      expect(directive('frame-ancestors')).toEqual([author]);
      // Neither the ordinary preview nor the public page has any of it.
      for (const url of [`/_preview${path}?token=${E2E_PREVIEW_TOKEN}`, path]) {
        const other = (await request.get(url)).headers()['content-security-policy'] ?? '';
        expect(other, url).not.toMatch(/unsafe-eval|unsafe-inline/);
      }
    });
  }
});

test.describe('a site given the read-only account', () => {
  test.describe.configure({ mode: 'serial' });
  let site: SiteProcess;
  test.beforeAll(async () => {
    site = await startSiteProcess({
      PREVIEW_TOKEN: E2E_PREVIEW_TOKEN,
      CMS_PREVIEW_CREDENTIALS: credentialsOf(STAND_IN_AUTHOR_ACCOUNTS.reader),
      LOG_LEVEL: 'warn',
    });
  });
  test.afterAll(() => site.kill());

  for (const lang of ['fr', 'en'] as const) {
    const { path, diagnostic } = PAGES[lang];
    test(`shows the page with a diagnostic in its language, and logs the cause once (${lang})`, async ({
      page,
    }) => {
      const logged = site.log().split('Pages 6.3.5').length;
      await page.goto(`${site.origin}${edit(path)}`);
      const alert = page.getByRole('alert').filter({ hasText: diagnostic });
      await expect(alert).toBeVisible();
      await expect(alert).toHaveAttribute('lang', lang);
      await expect(alert).toContainText('CMS_PREVIEW_CREDENTIALS');
      await expect(alert).toContainText('docs/editing.md');
      // The page itself is there, without the editor's comments.
      await expect(page.locator('#mount-main h1, #mount-main h2').first()).toBeVisible();
      const comments = await page.evaluate(() =>
        document.documentElement.outerHTML.includes('<!--cms:'),
      );
      expect(comments).toBe(false);
      await expect.poll(() => site.log().split('Pages 6.3.5').length - logged).toBe(1);
    });
  }
});
