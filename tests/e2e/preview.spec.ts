/**
 * The editors' preview in the browser (issue 14, docs/preview.md): a scheduled promotion seen at
 * its date and a page outside its window, both absent from the public site; moves inside the
 * preview stay in it, token and date kept; no token, no page; the token handed to no one (no
 * referrer, no third party's script); framed by the author instance only.
 */
import { createServer, type Server } from 'node:http';
import type { Request } from '@playwright/test';
import type { AddressInfo } from 'node:net';
import {
  E2E_ORIGIN,
  E2E_PORT,
  E2E_PREVIEW_FRAMER,
  E2E_PREVIEW_TOKEN,
} from '../../playwright.config';
import { expect, expectNoAxeViolations, pageStateText, test, waitForHydration } from './fixtures';
import { TEST_LOGICAL_DATE } from '../../testing/today';

const SCHEDULED = 'Hors fenêtre : ne doit pas paraître.';
const LATER = '2026-11-29 12:00';
const preview = (path: string, date?: string) => {
  const params = new URLSearchParams({ token: E2E_PREVIEW_TOKEN });
  if (date) params.set('date', date);
  return `/_preview${path}${path.includes('?') ? '&' : '?'}${params.toString()}`;
};

test.describe('the preview', () => {
  test('shows a promotion scheduled for a later date, which the public page does not', async ({
    page,
    consoleErrors,
  }) => {
    const response = await page.goto(preview('/fr/promotions', LATER));
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await waitForHydration(page);
    await expect(page.getByText(SCHEDULED)).toBeVisible();
    // Hydrated, the page stays the preview at its date: no move to the public page.
    await expect(page).toHaveURL(/\/_preview\/fr\/promotions\?token=.*&date=2026-11-29/);
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);

    await page.goto('/fr/promotions');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(SCHEDULED)).toHaveCount(0);
  });

  test('shows a page outside its display window, which the public site answers as not found', async ({
    page,
  }) => {
    await page.goto(preview('/fr/promo-a-venir'));
    await waitForHydration(page);
    await expect(page).toHaveURL(/\/_preview\/fr\/promo-a-venir\?token=/);
    await expect(page.getByRole('heading', { name: 'Promotion à venir', level: 1 })).toBeVisible();
    await page.goto('/fr/promo-a-venir');
    await expect(page).toHaveURL(/\/fr\/404\.html$/);
  });

  test('shows a page that exists only as a draft, and its promotion at its date', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(preview('/fr/tirage-hiver'));
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Le tirage d’hiver' }).first()).toBeVisible();
    await expect(page.getByText('Brouillon : cette page n’est pas publiée.')).toBeVisible();
    const main = page.locator('#mount-main');
    await expect(main.getByText('Tirage d’hiver : mise doublée')).toHaveCount(0);
    // The bar says what the date hides.
    await expect(
      page.getByTestId('preview-bar').getByText(/Pas affiché à cette date : hors de sa fenêtre/),
    ).toBeVisible();
    await page.goto(preview('/fr/tirage-hiver', '2026-12-22 12:00'));
    await waitForHydration(page);
    await expect(main.getByText('Tirage d’hiver : mise doublée')).toBeVisible();
    expect(consoleErrors).toEqual([]);

    await page.goto('/fr/tirage-hiver');
    await expect(page).toHaveURL(/\/fr\/404\.html$/);
  });

  test('shows a winner scheduled for next month on the changed winners page', async ({ page }) => {
    await page.goto(preview('/en/winners', '2026-12-22 12:00'));
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Our winter winners' })).toBeVisible();
    await expect(page.getByText('Gagnant du tirage d’hiver')).toBeVisible();
    await page.goto('/en/winners');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Our winners', exact: true })).toBeVisible();
    await expect(page.getByText('Gagnant du tirage d’hiver')).toHaveCount(0);
  });

  test('keeps a move inside the site in the preview, token and date kept', async ({ page }) => {
    await page.goto(preview('/fr/accueil', LATER));
    await waitForHydration(page);
    const link = page.locator('#mount-main a[href^="/fr/"]:visible').first();
    const href = (await link.getAttribute('href')) ?? '';
    await link.click();
    await expect(page).toHaveURL(
      new RegExp(`/_preview${href.split(/[?#]/)[0]}\\?(?:.*&)?token=.*&date=2026-11-29`),
    );
    await waitForHydration(page);
    await expect(page.locator('#mount-main')).not.toBeEmpty();
  });

  test('the bar changes the date with its form, from the keyboard', async ({ page }) => {
    await page.goto(preview('/fr/promotions'));
    await waitForHydration(page);
    const bar = page.getByRole('complementary', { name: 'Aperçu' });
    await expect(bar).toBeVisible();
    await expect(page.getByText(SCHEDULED)).toHaveCount(0);
    const date = bar.getByLabel('Date logique');
    await expect(date).toHaveValue(TEST_LOGICAL_DATE.replace(' ', 'T'));
    await date.fill('2026-11-29T12:00');
    await date.press('Enter');
    await expect(page).toHaveURL(/\/_preview\/fr\/promotions\?token=.*&date=2026-11-29T12%3A00/);
    await expect(page.getByText(SCHEDULED)).toBeVisible();
    await expect(bar.getByLabel('Date logique')).toHaveValue('2026-11-29T12:00');
    await expect(bar.getByRole('link', { name: 'Page publiée' })).toHaveAttribute(
      'href',
      '/fr/promotions',
    );
    await expectNoAxeViolations(page);
  });

  test('lists the diagnostics of the robustness page, in the page’s language', async ({ page }) => {
    await page.goto(preview('/en/demo/robustness'));
    await waitForHydration(page);
    const bar = page.getByRole('complementary', { name: 'Preview' });
    await expect(bar.getByText(/content problems on this page/)).toBeVisible();
    await expect(
      bar
        .getByText(
          'The site does not know "composante-inconnue" components: this one is not shown.',
        )
        .first(),
    ).toBeVisible();
    await expect(
      bar.getByText(/The "image" component is not shown: the "image" field is empty/),
    ).toBeVisible();
    // What the renderer made safe: the field's first unsafe address (the image's relative
    // source, ahead of the booby-trapped link) and the script, told, not shown.
    await expect(bar.getByText(/the link "x" is not safe: it is removed/)).toBeVisible();
    await expect(
      bar.getByText(/active markup was removed \(".*<script>.*onerror/).first(),
    ).toBeVisible();
    await expect(bar.locator('li code').first()).toContainText(
      '/pari-boreal/demo/robustesse/main/',
    );
    await expectNoAxeViolations(page);
  });

  test('answers 401 without the token, and renders nothing', async ({ page }) => {
    for (const path of ['/_preview/fr/accueil', '/_preview/fr/accueil?token=wrong']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(401);
      expect(response?.headers()['content-type']).toMatch(/^text\/plain/);
      await expect(page.locator('#mount-main')).toHaveCount(0);
    }
  });
});

test.describe('the token stays in the preview', () => {
  test('no request of the page names it as referrer, and no link hands it on', async ({
    page,
    consoleErrors,
  }) => {
    // Each request of the page once it has gone out, with the headers it went with (Chromium's
    // provisional headers show an empty Referer where none is sent).
    const sameOrigin: Request[] = [];
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).origin === E2E_ORIGIN) sameOrigin.push(request);
    });
    const response = await page.goto(preview('/fr/accueil'));
    expect(response?.status()).toBe(200);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await waitForHydration(page);
    // The site's code, its style sheets and messages: the page's own requests, none with a Referer.
    const subRequests = sameOrigin.filter((request) => request !== response?.request());
    expect(subRequests.length).toBeGreaterThan(5);
    for (const request of subRequests) {
      expect((await request.allHeaders())['referer'], request.url()).toBeUndefined();
    }
    // Every link that leaves the preview says so too, the site's links and editors' rich text.
    const leaving = await page
      .locator('a[href]')
      .evaluateAll((links) =>
        links
          .map((link) => ({ href: link.getAttribute('href') ?? '', rel: link.getAttribute('rel') }))
          .filter(({ href }) => !href.startsWith('#') && !href.startsWith('/_preview')),
      );
    expect(leaving.length).toBeGreaterThan(10);
    for (const { href, rel } of leaving) expect(rel?.split(' '), href).toContain('noreferrer');
    expect(consoleErrors).toEqual([]);
  });

  test('the bar’s link to the published page leaves no referrer there', async ({
    page,
    context,
  }) => {
    await page.goto(preview('/fr/promotions', LATER));
    const link = page.getByTestId('preview-bar').getByRole('link', { name: 'Page publiée' });
    expect((await link.getAttribute('rel'))?.split(' ')).toContain('noreferrer');
    const [published] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await published.waitForLoadState('domcontentloaded');
    expect(new URL(published.url()).pathname).toBe('/fr/promotions');
    expect(await published.evaluate(() => document.referrer)).toBe('');
    await published.close();
  });

  test('the sports area runs no betting widget, says so in the bar, and its policy refuses it', async ({
    page,
    consoleErrors,
  }) => {
    // The widget the public area loads, and its origin.
    await page.goto('/sports/fr');
    const state = JSON.parse(await pageStateText(page)) as {
      config?: { bettingWidgetUrl?: string };
    };
    const widgetUrl = state.config?.bettingWidgetUrl ?? '';
    expect(widgetUrl).toMatch(/\/betting-widget\/widget\.js$/);
    const widgetOrigin = new URL(widgetUrl).origin;

    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(widgetUrl)) asked.push(request.url());
    });
    const response = await page.goto(preview('/sports/fr'));
    expect(response?.status()).toBe(200);
    // A preview's state is in its page, never at an address a cache could keep (decision 0081).
    await expect(page.locator('#app-state')).not.toHaveAttribute('data-src');
    expect(await page.locator('#app-state').textContent()).toContain('"preview"');
    const scripts = /script-src ([^;]*)/.exec(response?.headers()['content-security-policy'] ?? '');
    expect(scripts?.[1]).toBeDefined();
    expect(scripts?.[1]).not.toContain(widgetOrigin);
    await waitForHydration(page);
    await expect(
      page
        .getByTestId('preview-bar')
        .getByText('L’offre de paris, script d’un tiers, n’est pas chargée dans l’aperçu', {
          exact: false,
        }),
    ).toBeVisible();
    await expect(page.locator('#sports-widget')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Matchs à venir' })).toHaveCount(0);
    expect(await page.evaluate(() => 'SportsWidget' in window)).toBe(false);
    expect(asked).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('framing', () => {
  /** A page at `origin` that frames `src`. */
  let framers: Server[] = [];
  async function framer(port: number): Promise<string> {
    const server = createServer((req, res) => {
      const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '';
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><title>framer</title><iframe src="${E2E_ORIGIN}${src.replace(/"/g, '')}" width="800" height="600"></iframe>`,
        );
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    framers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  test.afterEach(async () => {
    await Promise.all(framers.map((s) => new Promise((resolve) => s.close(resolve))));
    framers = [];
  });

  // One framer at a time: both projects would want the same allowed port.
  test.describe.configure({ mode: 'serial' });

  test('the author instance frames a preview, another origin cannot, nor a public page', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'framing is the same on every screen');
    const allowed = await framer(Number(new URL(E2E_PREVIEW_FRAMER).port));
    const other = await framer(E2E_PORT + 7);
    // Chromium says why it refuses a frame: the refusal is seen, not inferred from an empty frame.
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
    });
    const frameOf = async (origin: string, src: string) => {
      await page.goto(`${origin}/?src=${encodeURIComponent(src)}`, { waitUntil: 'load' });
      return page.frameLocator('iframe');
    };
    const framed = await frameOf(allowed, preview('/fr/promotions', LATER));
    await expect(framed.getByText(SCHEDULED)).toBeVisible();
    expect(refusals).toEqual([]);

    const refused = await frameOf(other, preview('/fr/promotions', LATER));
    await expect.poll(() => refusals.length).toBe(1);
    await expect(refused.locator('#mount-main')).toHaveCount(0);
    const publicPage = await frameOf(allowed, '/fr/promotions');
    await expect.poll(() => refusals.length).toBe(2);
    await expect(publicPage.locator('#mount-main')).toHaveCount(0);
  });
});
