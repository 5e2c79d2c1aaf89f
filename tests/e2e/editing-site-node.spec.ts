/**
 * Editing the header and the footer (issue 42 item 5, docs/editing.md "The header and the
 * footer"), in Chromium against the real server and the embedded stand-ins: the stand-in Pages
 * app opens the site node `/pari-boreal` by its node path, the site answers the language's home
 * with the header's and footer's areas and components annotated and the page's own content not,
 * and the stand-in page editor pairs them all; hydration keeps every comment.
 */
import { E2E_ORIGIN } from '../../playwright.config';
import { expect, test } from './fixtures';
import { authorOrigin, editorComments } from './support/editing';

const SITE = '/pari-boreal';

test.describe('editing the header and the footer in the Pages app', () => {
  for (const lang of ['fr', 'en'] as const) {
    test(`the stand-in Pages app edits the site node: its areas and components paired (${lang})`, async ({
      page,
      request,
      consoleErrors,
    }) => {
      const author = await authorOrigin(request);
      await page.goto(`${author}/author/pages-app`);
      await page.getByRole('link', { name: `Header and footer (${lang})` }).click();
      const body = page.locator('body');
      await expect(body).toHaveAttribute('data-handshake', 'outlined');
      await expect(body).toHaveAttribute('data-node-path', SITE);
      const areas = Number(await body.getAttribute('data-areas'));
      const components = Number(await body.getAttribute('data-components'));
      // Header: itself, menu, messages, buy in store, the links of each of 5 groups; footer:
      // itself, its menu, phone, 3 logo lists, ad zone, the links of each of 3 columns.
      expect(areas).toBe(19);
      expect(components).toBeGreaterThan(30);

      const frame = page.frameLocator('#page-frame');
      await expect(frame.locator('html')).toHaveAttribute('data-hydrated', 'true');
      const site = page.frames().find((f) => f.url().startsWith(`${E2E_ORIGIN}/_preview`));
      if (!site) throw new Error('no site frame');
      expect(site.url()).toContain(`/_preview/sports/${lang}?`);
      expect(site.url()).toContain('edit=site');
      const outlines = frame.locator('.mgnl-standin-outline');
      for (const dialog of ['groupe-menu', 'lien-menu', 'message', 'colonne-pied', 'logo'])
        expect(
          await outlines
            .and(frame.locator(`[data-dialog="pari-boreal:components/${dialog}"]`))
            .count(),
          dialog,
        ).toBeGreaterThan(0);
      for (const area of ['header', 'achatEnMagasin', 'footer', 'telephone', 'partenaires', 'pub'])
        await expect(outlines.and(frame.locator(`[data-name="${area}"]`)), area).toHaveCount(1);
      // The footer's links show on every width: the editor's box is over them.
      await expect(
        outlines.and(frame.locator('[data-dialog="pari-boreal:components/lien-pied"]')).first(),
      ).toBeVisible();

      // Hydrated in the editor, the page keeps every comment the server wrote: the site node's.
      const comments = await editorComments(site);
      expect(comments[0]).toBe(
        `cms:page content="website:${SITE}" dialog="pari-boreal:pages/site"`,
      );
      expect(comments.filter((c) => c.startsWith('cms:component'))).toHaveLength(components);
      expect(comments.filter((c) => c.startsWith('cms:area'))).toHaveLength(areas);
      const named = comments.flatMap((c) => /content="website:([^"]+)"/.exec(c)?.[1] ?? []);
      expect(
        named.every(
          (path) =>
            path === SITE || path.startsWith(`${SITE}/header`) || path.startsWith(`${SITE}/footer`),
        ),
      ).toBe(true);
      expect(consoleErrors).toEqual([]);
    });
  }
});
