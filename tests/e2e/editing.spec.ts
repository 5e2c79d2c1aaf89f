/**
 * Editing in Magnolia's Pages app (issue 31, docs/editing.md), in Chromium against the real server
 * and the embedded stand-ins: the stand-in Pages app frames a page in edit mode in both languages,
 * the bridge's handshake happens and the editor outlines every annotated area and component;
 * messages from another origin are ignored; clicks stay in the editor; the public page and the
 * Pages app's preview carry no annotations; each mode's policy and framing headers.
 */
import { E2E_ORIGIN, E2E_PREVIEW_TOKEN } from '../../playwright.config';
import { expect, expectNoAxeViolations, test, waitForHydration } from './fixtures';
import { authorOrigin, edit, editorComments } from './support/editing';

test.describe('editing in the Pages app', () => {
  for (const [lang, path, heading] of [
    ['fr', '/fr/accueil', 'Pariez sur vos sports préférés'],
    ['en', '/en/home', 'Bet on your favourite sports'],
  ] as const) {
    test(`the stand-in Pages app edits ${path}: handshake, outlines, comments kept once hydrated (${lang})`, async ({
      page,
      request,
      consoleErrors,
    }) => {
      const author = await authorOrigin(request);
      await page.goto(`${author}/author/pages-app?page=${encodeURIComponent(path)}`);
      await expect(page.locator('body')).toHaveAttribute('data-handshake', 'outlined');
      const components = Number(await page.locator('body').getAttribute('data-components'));
      expect(components).toBeGreaterThan(10);
      const frame = page.frameLocator('#page-frame');
      await expect(frame.getByRole('heading', { name: heading })).toBeVisible();
      const outlines = frame.locator('.mgnl-standin-outline[data-kind="component"]');
      await expect(outlines.first()).toBeVisible();
      await expect(
        frame
          .locator('.mgnl-standin-outline[data-dialog="pari-boreal:components/section"]')
          .first(),
      ).toBeVisible();
      // Hydrated in the editor, the page keeps every comment the server wrote.
      const site = page.frames().find((f) => f.url().startsWith(`${E2E_ORIGIN}/_preview`)) ?? null;
      await expect(frame.locator('html')).toHaveAttribute('data-hydrated', 'true');
      const comments = await editorComments(site);
      expect(comments[0]).toMatch(/^cms:page content="website:\/pari-boreal\/accueil"/);
      expect(comments.filter((c) => c.startsWith('cms:component'))).toHaveLength(components);
      expect(consoleErrors).toEqual([]);
    });
  }

  test('a click on a link inside the editor selects, it does not leave the page', async ({
    page,
    request,
  }) => {
    const author = await authorOrigin(request);
    await page.goto(`${author}/author/pages-app?page=/fr/accueil`);
    await expect(page.locator('body')).toHaveAttribute('data-handshake', 'outlined');
    const frame = page.frameLocator('#page-frame');
    await frame.getByRole('link', { name: 'voyez nos promotions' }).click();
    await page.waitForTimeout(300);
    const site = page.frames().find((f) => f.url().startsWith(`${E2E_ORIGIN}/_preview`));
    expect(site?.url()).toContain('/_preview/fr/accueil?');
  });

  test('the bridge heeds the author origin only: a message from another origin loads nothing', async ({
    page,
    request,
  }) => {
    const author = await authorOrigin(request);
    // The Pages app without its script: it never answers, the bridge waits for a state.
    await page.route(`${author}/author/pages-app/app.js`, (route) => route.abort());
    await page.goto(`${author}/author/pages-app?page=/fr/accueil`);
    const siteFrame = page.frameLocator('#page-frame');
    await expect(siteFrame.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const site = page.frames().find((f) => f.url().startsWith(`${E2E_ORIGIN}/_preview`));
    const state = JSON.stringify({
      action: 'updateState',
      serverUrl: `${author}/author/.magnolia/admincentral#app:pages:detail;/pari-boreal/accueil:edit`,
    });
    const editorScript = siteFrame.locator('#mgnlPageEditorBridge');
    // From the site's own origin (any script of the page, another of its frames): not the app.
    await site?.evaluate((message) => window.postMessage(message, '*'), state);
    await page.waitForTimeout(300);
    await expect(editorScript).toHaveCount(0);
    // The same state from the author origin's page is taken: the editor comes and outlines.
    await page.evaluate((message) => {
      const frame = document.getElementById('page-frame') as HTMLIFrameElement | null;
      frame?.contentWindow?.postMessage(message, '*');
    }, state);
    await expect(editorScript).toHaveCount(1);
    await expect(siteFrame.locator('.mgnl-standin-outline').first()).toBeVisible();
  });

  test('the Pages app’s preview and the public page carry no annotations and no bridge', async ({
    page,
    request,
  }) => {
    const author = await authorOrigin(request);
    await page.goto(`${author}/author/pages-app?page=/fr/accueil&mode=preview`);
    const frame = page.frameLocator('#page-frame');
    await expect(frame.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const site = page.frames().find((f) => f.url().startsWith(`${E2E_ORIGIN}/_preview`)) ?? null;
    expect(site?.url()).toContain('mgnlPreview=true');
    expect(await editorComments(site)).toEqual([]);
    await expect(frame.locator('script[data-author], #mgnlPageEditorBridge')).toHaveCount(0);
    await expect(page.locator('body')).not.toHaveAttribute('data-handshake', /.+/);

    await page.goto('/fr/accueil');
    await waitForHydration(page);
    expect(await editorComments(page)).toEqual([]);
    await expect(page.locator('script[data-author]')).toHaveCount(0);
  });

  test(
    'each mode’s policy: who may frame it and whose scripts run',
    { tag: '@any-viewport' },
    async ({ request }) => {
      const author = await authorOrigin(request);
      const pub = await request.get('/fr/accueil');
      expect(pub.headers()['content-security-policy']).toContain("frame-ancestors 'self';");
      expect(pub.headers()['x-frame-options']).toBe('SAMEORIGIN');
      const preview = await request.get(`/_preview/fr/accueil?token=${E2E_PREVIEW_TOKEN}`);
      expect(preview.headers()['content-security-policy']).not.toMatch(
        new RegExp(`script-src [^;]*${author}`),
      );
      const edited = await request.get(edit('/fr/accueil'));
      const csp = edited.headers()['content-security-policy'] ?? '';
      for (const directive of ['script-src', 'style-src', 'connect-src']) {
        expect(csp, directive).toMatch(new RegExp(`${directive} 'self'[^;]* ${author}(;|$)`));
      }
      expect(csp).toContain(`frame-ancestors ${author};`);
      expect(edited.headers()['x-frame-options']).toBeUndefined();
      expect(edited.headers()['cache-control']).toBe('private, no-store');
      const wrong = await request.get('/_preview/fr/accueil?token=wrong&mgnlPreview=false');
      expect(wrong.status()).toBe(401);
    },
  );

  for (const [lang, path, hidden] of [
    ['fr', '/fr/demo/robustesse', 'Non affiché sur le site public'],
    ['en', '/en/demo/robustness', 'Not shown on the public site'],
  ] as const) {
    test(`what the public page skips is a placeholder an editor can read (${lang})`, async ({
      page,
    }) => {
      await page.goto(edit(path));
      await waitForHydration(page);
      const placeholders = page.getByRole('note').filter({ hasText: hidden });
      await expect(placeholders.first()).toBeVisible();
      expect(await placeholders.count()).toBeGreaterThan(2);
      await expectNoAxeViolations(page);
    });
  }
});
