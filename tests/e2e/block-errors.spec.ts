/**
 * One broken block never blanks a page, and the browser says so (issue 32,
 * docs/decisions/0064-error-boundaries.md, docs/operations.md "Errors in visitors' browsers"): the
 * carousel's chunk made to fail, or to throw when it renders, on a first visit and after a
 * client-side navigation: the page stays usable, the block shows nothing, and a report reaches
 * `POST /_errors` (a failed chunk since docs/decisions/0066).
 */
import type { Page, Request } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';
import { freePort, startSiteProcess, type SiteProcess } from './support/site-process';

const DEMO = { fr: '/fr/demo/carrousel', en: '/en/demo/carousel' } as const;
/** A page without a carousel, to navigate from. */
const CHRONIQUE = { fr: '/fr/chroniques/bilan-hiver', en: '/en/columns/winter-review' } as const;
const CHUNK = /\/assets\/Carousel-[\w-]+\.js$/;
const CAROUSEL = '#mount-main [data-lazy-block="carrousel"]';

type Mode = 'abort' | 'throw' | 'effect';

/**
 * A block that throws once drawn: a `div` whose ref callback throws, React's commit phase like an
 * effect's (written as React 19's element object, since the module cannot import the site's React).
 */
const THROWS_ONCE_DRAWN = `export const Carousel = () => ({
  $$typeof: Symbol.for('react.transitional.element'), type: 'div', key: null, _owner: null, _store: {},
  props: { ref: () => { throw new Error('broken on purpose'); } },
});`;

/**
 * The carousel's chunk fails to load (`abort`), or loads a block that throws when drawn
 * (`throw`) or once drawn (`effect`).
 */
async function breakCarousel(page: Page, mode: Mode): Promise<void> {
  await page.route(CHUNK, (route) =>
    mode === 'abort'
      ? route.abort()
      : route.fulfill({
          contentType: 'text/javascript',
          body:
            mode === 'throw'
              ? "export const Carousel = () => { throw new Error('broken on purpose'); };"
              : THROWS_ONCE_DRAWN,
        }),
  );
}

const isReport = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/_errors';

async function expectReport(report: Promise<Request>, mode: Mode): Promise<void> {
  const body = (await report).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    kind: { abort: 'chunk', throw: 'render', effect: 'effect' }[mode],
    block: 'carrousel',
    page: 'content',
  });
  expect(String(body.message).length).toBeLessThanOrEqual(300);
  expect(String(body.message)).not.toMatch(/[?#]/);
}

/** The page's sections and header still there and working. */
async function expectPageUsable(page: Page, lang: 'fr' | 'en'): Promise<void> {
  await expect(page.locator('#mount-main h1').first()).toBeVisible();
  // A section left with nothing to show goes with its title: on this page, on a phone, all of
  // them may go; the page's heading, header and footer stay.
  await expect(page.locator('#mount-footer')).not.toBeEmpty();
  await expect(page.locator('#mount-header')).not.toBeEmpty();
  await page.getByTestId('language-link').click();
  await expect(page).toHaveURL(lang === 'fr' ? /\/en\// : /\/fr\//);
}

for (const lang of ['fr', 'en'] as const) {
  for (const mode of ['abort', 'throw', 'effect'] as const) {
    test.describe(`the carousel's chunk made to ${mode === 'abort' ? 'fail' : `throw, ${mode},`} (${lang})`, () => {
      test('on a first visit the page stays and the report is sent', async ({ page }) => {
        await breakCarousel(page, mode);
        const report = page.waitForRequest(isReport);
        // As served: what the carousels were before any code ran.
        const html = await (await page.request.get(DEMO[lang])).text();
        const served = html.split('data-lazy-block="carrousel"').length - 1;
        expect(served).toBeGreaterThan(0);
        await page.goto(DEMO[lang]);
        await waitForHydration(page);
        // The first carousel is near the screen: its code is asked for once the page works.
        await expectReport(report, mode);
        // A carousel that threw, or whose code did not come, is gone; the sections around stay.
        await expect.poll(() => page.locator(CAROUSEL).count()).toBeLessThan(served);
        await expectPageUsable(page, lang);
      });

      test('after a client-side navigation the page stays and the report is sent', async ({
        page,
      }) => {
        await breakCarousel(page, mode);
        await page.goto(CHRONIQUE[lang]);
        await waitForHydration(page);
        const chronique = (await page.locator('#mount-main h1').first().textContent()) ?? '';
        expect(chronique).not.toBe('');
        const report = page.waitForRequest(isReport);
        await page.evaluate((to) => {
          history.pushState(null, '', to);
          dispatchEvent(new PopStateEvent('popstate'));
        }, DEMO[lang]);
        // The carousels' page drawn, not the chronique's still on screen: scrolled any sooner,
        // the old page's end would leave the carousels unseen (no chunk asked, no report).
        await expect(page.locator('#mount-main h1').first()).not.toHaveText(chronique);
        // Down to the page's end, past every carousel (each goes as it fails).
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expectReport(report, mode);
        await expect(page.locator('#mount-main h1').first()).toBeVisible();
        await page.getByTestId('language-link').click();
        await expect(page).toHaveURL(lang === 'fr' ? /\/en\// : /\/fr\//);
      });
    });
  }
}

test.describe('the counter', () => {
  let site: SiteProcess | undefined;
  let metrics = '';

  test.beforeAll(async () => {
    const port = await freePort();
    site = await startSiteProcess({ METRICS_PORT: String(port), LOG_LEVEL: 'warn' });
    metrics = `http://127.0.0.1:${port}/metrics`;
  });

  test.afterAll(() => {
    site?.kill();
  });

  test('client_errors_total moves by the report, and the report is logged', async ({ page }) => {
    const origin = site?.origin ?? '';
    await breakCarousel(page, 'abort');
    const report = page.waitForRequest(isReport);
    const answered = page.waitForResponse((response) => isReport(response.request()));
    await page.goto(`${origin}${DEMO.fr}`);
    await waitForHydration(page);
    // The first carousel is near the screen: its code is asked for once the page works.
    await expectReport(report, 'abort');
    expect((await answered).status()).toBe(204);
    const text = await (await fetch(metrics)).text();
    // One report per carousel of the page that came near the screen.
    expect(text).toMatch(/^client_errors_total\{kind="chunk",block="carrousel"\} [1-9]\d*$/m);
    expect(site?.log()).toContain('browser error (chunk, block carrousel, page content');
  });
});
