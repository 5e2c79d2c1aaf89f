/**
 * Rows from their layout (issue 42 item 3; docs/editing.md "Areas Magnolia creates"): opening a
 * page in edit mode makes the author instance create every area its templates declare, as
 * Magnolia does, and after a publication the public instance has them too. A `"6 6"` row still
 * shows two columns of the same widths on the public site. Each language on a bed of its own: a
 * copy of the demo content whose home row `rangee-medias` is `"6 6"`, the stand-ins over it and
 * a site process that edits with the stand-in's writing account.
 */
import type { Page } from '@playwright/test';
import { E2E_PREVIEW_TOKEN } from '../../playwright.config';
import { credentialsOf, STAND_IN_AUTHOR_ACCOUNTS } from '../../embedded/cms/accounts';
import {
  AUTHOR_PREFIX,
  startDemoStandIns,
  standInVariables,
  type EmbeddedServices,
} from '../../embedded/server';
import { copyDemoContent, type ContentCopy } from '../../testing/stand-ins';
import { TEST_LOGICAL_DATE } from '../../testing/today';
import { expect, test } from './fixtures';
import { editorComments } from './support/editing';
import { startSiteProcess, type SiteProcess } from './support/site-process';

const NODE = '/pari-boreal/accueil';
const ROW = `${NODE}/main/rangee-medias`;

interface Bed {
  content: ContentCopy;
  embedded: EmbeddedServices;
  site: SiteProcess;
}

async function startBed(): Promise<Bed> {
  const content = copyDemoContent();
  content.edit('pages/accueil.json', (json) => {
    const main = json.main as Record<string, unknown>[];
    const row = main.find((component) => component.name === 'rangee-medias');
    if (!row) throw new Error('no rangee-medias in the demo home page');
    row.disposition = '6 6';
  });
  const embedded = await startDemoStandIns(TEST_LOGICAL_DATE, { contentDir: content.dir });
  try {
    const site = await startSiteProcess({
      ...standInVariables(embedded.origin),
      PREVIEW_TOKEN: E2E_PREVIEW_TOKEN,
      CMS_PREVIEW_ORIGIN: `${embedded.origin}${AUTHOR_PREFIX}`,
      CMS_PREVIEW_CREDENTIALS: credentialsOf(STAND_IN_AUTHOR_ACCOUNTS.editor),
    });
    return { content, embedded, site };
  } catch (error) {
    await embedded.close();
    content.remove();
    throw error;
  }
}

/** The row's area names on an instance of the stand-ins ('' public, AUTHOR_PREFIX author). */
async function rowAreas(embedded: EmbeddedServices, prefix: string): Promise<unknown> {
  const res = await fetch(
    `${embedded.origin}${prefix}/.rest/pari-boreal/listerPages?URLfr=accueil&lang=fr`,
    {
      headers: prefix
        ? {
            authorization: `Basic ${Buffer.from(credentialsOf(STAND_IN_AUTHOR_ACCOUNTS.editor)).toString('base64')}`,
          }
        : {},
    },
  );
  const body = (await res.json()) as {
    results: { main: Record<string, { '@nodes': unknown }> }[];
  };
  return body.results[0]?.main['rangee-medias']?.['@nodes'];
}

/** The widths (`col-md-N`) of the columns of the row that holds the image `alt`. */
async function rowWidths(page: Page, alt: string): Promise<string[]> {
  const classes = await page
    .locator('.grid-row', { has: page.getByRole('img', { name: alt }) })
    .last()
    .locator(':scope > .grid-col')
    .evaluateAll((columns: Element[]) => columns.map((column) => column.getAttribute('class')));
  return classes.map((names) => /\bcol-md-(\d+)\b/.exec(names ?? '')?.[1] ?? '?');
}

const COLUMNS = [0, 1, 2, 3, 4, 5].map((k) => `colonne${k}`);

test.describe('a row opened in the editor, then published', () => {
  for (const [lang, path, alt] of [
    ['fr', '/fr/accueil', 'Un aréna plein un soir de match'],
    ['en', '/en/home', 'A packed arena on game night'],
  ] as const) {
    test(`keeps its two columns of the same widths on the public site (${lang})`, async ({
      page,
    }) => {
      const bed = await startBed();
      try {
        expect(await rowAreas(bed.embedded, AUTHOR_PREFIX)).toEqual(['colonne0', 'colonne1']);

        // Edit mode: the author instance gives the annotations and creates the declared areas.
        await page.goto(
          `${bed.site.origin}/_preview${path}?token=${E2E_PREVIEW_TOKEN}&mgnlPreview=false`,
        );
        const comments = await editorComments(page);
        expect(comments.some((c) => c.startsWith(`cms:component content="website:${ROW}"`))).toBe(
          true,
        );
        expect(comments.some((c) => c.includes(`content="website:${ROW}/colonne1"`))).toBe(true);
        // The empty areas beyond the layout are not offered to the editor.
        expect(comments.some((c) => c.includes(`content="website:${ROW}/colonne2"`))).toBe(false);
        expect(await rowAreas(bed.embedded, AUTHOR_PREFIX)).toEqual(COLUMNS);
        expect(await rowAreas(bed.embedded, '')).toEqual(['colonne0', 'colonne1']);

        // Published as Magnolia publishes a page: the public instance has all six areas now.
        expect(bed.embedded.publish(NODE)).toBe(true);
        expect(await rowAreas(bed.embedded, '')).toEqual(COLUMNS);

        await page.goto(`${bed.site.origin}${path}`);
        await expect(page.getByRole('img', { name: alt }).first()).toBeVisible();
        expect(await rowWidths(page, alt)).toEqual(['6', '6']);
      } finally {
        bed.site.kill();
        await bed.site.exited;
        await bed.embedded.close();
        bed.content.remove();
      }
    });
  }
});
