/** The sports area with the embedded stand-in widget, its language link and the navigation rules. */
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, pageStateText, test, waitForHydration } from './fixtures';

const widget = (page: Page) => page.locator('#sports-widget');

/** Marks the document and the widget container, to tell later whether either was replaced. */
async function mark(page: Page): Promise<number> {
  return page.evaluate(() => {
    Object.assign(window, { sportsTestMarker: 'same-document' });
    const container = document.getElementById('sports-widget');
    if (container) Object.assign(container, { sportsTestMarker: 'same-container' });
    return performance.timeOrigin;
  });
}

async function marks(page: Page) {
  const read = () =>
    page.evaluate(() => {
      const of = (target: object | null) =>
        target ? (target as Record<string, unknown>).sportsTestMarker : undefined;
      return {
        document: of(window),
        container: of(document.getElementById('sports-widget')),
        timeOrigin: performance.timeOrigin,
      };
    });
  // A reload under way (the navigation code may arrive first) destroys the page being read:
  // that reads as "not yet" for the polls below.
  return read().catch(() => ({ document: 'reloading', container: undefined, timeOrigin: 0 }));
}

/** Records the widget's `widget:route` events on its container. */
async function recordRoutes(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { widgetRoutes: seen });
    document.getElementById('sports-widget')?.addEventListener('widget:route', (event) => {
      seen.push((event as CustomEvent<{ route: string }>).detail.route);
    });
  });
}

const recordedRoutes = (page: Page) =>
  page.evaluate(() => (window as unknown as { widgetRoutes: string[] }).widgetRoutes);

test.describe('the stand-in widget', () => {
  const cases = [
    {
      locale: 'fr',
      path: '/sports/fr',
      lang: 'fr-CA',
      heading: 'Matchs à venir',
      inPlay: 'En jeu',
      note: /Widget de démonstration/,
    },
    {
      locale: 'en',
      path: '/sports/en',
      lang: 'en-CA',
      heading: 'Upcoming games',
      inPlay: 'In play',
      note: /Demonstration widget/,
    },
  ] as const;

  for (const c of cases) {
    test(`shows in ${c.path}, in its language, with no axe violation (${c.path.slice(-2)})`, async ({
      page,
      consoleErrors,
    }) => {
      await page.goto(c.path);
      await waitForHydration(page);
      await expect(widget(page).getByRole('heading', { level: 2 })).toHaveText(c.heading);
      await expect(widget(page).getByRole('link', { name: c.inPlay })).toBeVisible();
      await expect(widget(page)).toContainText(c.note);
      await expect(widget(page).getByRole('heading', { level: 3 })).toHaveText([
        'Hockey',
        'Soccer',
        'Basketball',
      ]);
      await expect(page.getByText(/Chargement des paris|Loading sports betting/)).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('lang', c.lang);
      // The page's own heading stays, for screen readers.
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expectNoAxeViolations(page);
      expect(consoleErrors).toEqual([]);
    });
  }

  test('odds buttons toggle a selection that says betting is off', async ({ page }) => {
    await page.goto('/sports/en');
    await waitForHydration(page);
    const first = widget(page).locator('button[data-selection]').first();
    await first.click();
    await expect(first).toHaveAttribute('aria-pressed', 'true');
    await expect(widget(page).getByRole('status')).toHaveText('1 selection');
    await expect(widget(page)).toContainText('Betting is turned off in this demonstration.');
  });

  for (const c of [
    { path: '/sports/fr', text: 'L’offre de paris n’est pas disponible pour le moment.' },
    { path: '/sports/en', text: 'The betting offer is not available right now.' },
  ]) {
    test(`a widget that cannot load leaves a message in ${c.path} (${c.path.slice(-2)})`, async ({
      page,
      consoleErrors,
      consoleWarnings: warnings,
    }) => {
      await page.route('**/betting-widget/widget.js', (route) => route.abort());
      await page.goto(c.path);
      await waitForHydration(page);
      await expect(page.locator('.sports-area > [role="status"]')).toContainText(c.text);
      await expect(widget(page)).toBeHidden();
      expect(warnings.some((w) => w.includes('/betting-widget/widget.js'))).toBe(true);
      await expectNoAxeViolations(page);
      expect(consoleErrors).toEqual([]);
    });
  }

  test('is served as cacheable JavaScript from its own origin', async ({ page, request }) => {
    await page.goto('/sports/fr');
    const state = JSON.parse(await pageStateText(page)) as {
      config?: { bettingWidgetUrl?: string };
    };
    const url = state.config?.bettingWidgetUrl ?? '';
    expect(url).toMatch(/\/betting-widget\/widget\.js$/);
    await expect(page.locator(`script[src="${url}"]`)).toHaveCount(1);
    const response = await request.get(url);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers()['cache-control']).toMatch(/max-age=\d+/);
  });
});

test.describe('an early start', () => {
  test('the widget shows without waiting for the site’s code', async ({ page }) => {
    // The site's code never arrives: the widget is started by the page's entry alone.
    await page.route(/\/assets\/app-/, (route) => route.abort());
    await page.goto('/sports/fr');
    await expect(widget(page).getByRole('heading', { name: 'Matchs à venir' })).toBeVisible();
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(0);
  });

  test('the widget is mounted before the site’s code or the consent manager is asked for', async ({
    page,
  }) => {
    // docs/decisions/0080-first-screen-first.md: the starter runs at once, the rest waits for it.
    await page.addInitScript(() => {
      document.addEventListener('widget:ready', () => performance.mark('widget-ready'), {
        capture: true,
        once: true,
      });
    });
    await page.goto('/sports/fr');
    await waitForHydration(page);
    const timing = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource');
      const start = (pattern: RegExp) => entries.find((e) => pattern.test(e.name))?.startTime;
      return {
        ready: performance.getEntriesByName('widget-ready')[0]?.startTime,
        app: start(/\/assets\/(?:start-client|app)-/),
        cmp: start(/\/loader\.js(?:\?|$)/),
      };
    });
    expect(timing.ready).toBeDefined();
    expect(timing.app ?? 0).toBeGreaterThan(timing.ready ?? Infinity);
    expect(timing.cmp ?? 0).toBeGreaterThan(timing.ready ?? Infinity);
  });

  test('the site adopts the widget it finds running: one mount, one container', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/sports/en');
    await waitForHydration(page);
    await expect(widget(page).getByRole('heading', { name: 'Upcoming games' })).toBeVisible();
    // The area's loading message is gone: the status the widget reached early was handed over.
    await expect(page.locator('.sports-area > p[role="status"]')).toHaveCount(0);
    await expect(widget(page)).toHaveAttribute('aria-busy', 'false');
    await expect(widget(page).locator(':scope > *')).toHaveCount(1);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('moving inside /sports/', () => {
  test('the in-play view is a client-side move that keeps the container (fr)', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/sports/fr');
    await waitForHydration(page);
    await expect(widget(page).getByRole('heading', { level: 2 })).toHaveText('Matchs à venir');
    const timeOrigin = await mark(page);
    await recordRoutes(page);

    await widget(page).getByRole('link', { name: 'En jeu' }).click();
    await expect(page).toHaveURL(/\/sports\/fr\/en-jeux$/);
    await expect(widget(page).getByRole('heading', { level: 2 })).toHaveText('Matchs en jeu');
    await expect(widget(page).getByRole('link', { name: 'En jeu' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await marks(page)).toEqual({
      document: 'same-document',
      container: 'same-container',
      timeOrigin,
    });
    expect(await recordedRoutes(page)).toEqual(['/sports/fr/en-jeux']);

    // Back in history: the widget is told the route and shows the upcoming games again.
    await page.goBack();
    await expect(page).toHaveURL(/\/sports\/fr$/);
    await expect(widget(page).getByRole('heading', { level: 2 })).toHaveText('Matchs à venir');
    expect((await marks(page)).container).toBe('same-container');
    expect(consoleErrors).toEqual([]);
  });

  test('the in-play view (en)', async ({ page }) => {
    await page.goto('/sports/en');
    await waitForHydration(page);
    await expect(widget(page).getByRole('heading', { level: 2 })).toBeVisible();
    const timeOrigin = await mark(page);
    await widget(page).getByRole('link', { name: 'In play' }).click();
    await expect(page).toHaveURL(/\/sports\/en\/in-play$/);
    await expect(widget(page).getByRole('heading', { level: 2 })).toHaveText('Games in play');
    await expect(widget(page)).toContainText('No live data');
    expect(await marks(page)).toEqual({
      document: 'same-document',
      container: 'same-container',
      timeOrigin,
    });
  });

  test('a quick Back is followed even before any navigation code has arrived', async ({
    page,
    consoleErrors,
  }) => {
    // A slow network: the code of client-side navigation never comes. Moves inside the area in
    // one language must not wait for it, or Back would leave the widget on the in-play view.
    await page.route(/\/client-navigation-[\w-]+\.js$/, () => undefined);
    await page.goto('/sports/fr');
    await waitForHydration(page);
    await widget(page).getByRole('link', { name: 'En jeu' }).click();
    await expect(widget(page).getByRole('heading', { level: 2 })).toHaveText('Matchs en jeu');
    await expect(page.getByTestId('language-link')).toHaveAttribute('href', '/sports/en/in-play');
    await page.goBack();
    await expect(page).toHaveURL(/\/sports\/fr$/);
    await expect(widget(page).getByRole('heading', { level: 2 })).toHaveText('Matchs à venir');
    await expect(page.getByTestId('language-link')).toHaveAttribute('href', '/sports/en');
    expect(consoleErrors).toEqual([]);
  });

  test('the language link maps en-jeux to in-play and switches the widget', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/sports/fr/en-jeux');
    await waitForHydration(page);
    await expect(widget(page).getByRole('heading', { level: 2 })).toHaveText('Matchs en jeu');
    const language = page.getByTestId('language-link');
    await expect(language).toHaveAttribute('href', '/sports/en/in-play');
    const timeOrigin = await mark(page);

    await language.click();
    await expect(page).toHaveURL(/\/sports\/en\/in-play$/);
    await expect(widget(page).getByRole('heading', { level: 2 })).toHaveText('Games in play');
    await expect(widget(page).getByRole('link', { name: 'Upcoming' })).toHaveAttribute(
      'href',
      '/sports/en',
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
    await expect(page.getByTestId('language-link')).toHaveAttribute('href', '/sports/fr/en-jeux');
    expect(await marks(page)).toEqual({
      document: 'same-document',
      container: 'same-container',
      timeOrigin,
    });

    // And back to French.
    await page.getByTestId('language-link').click();
    await expect(page).toHaveURL(/\/sports\/fr\/en-jeux$/);
    await expect(widget(page).getByRole('heading', { level: 2 })).toHaveText('Matchs en jeu');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('navigation rules (docs/requirements.md §2)', () => {
  test('a content page to /sports/ is a client-side navigation', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    const timeOrigin = await mark(page);

    // The brand logo leads to /sports/<locale>.
    await page.locator('#mount-header a[href="/sports/fr"]').first().click();
    await expect(page).toHaveURL(/\/sports\/fr$/);
    await expect(widget(page).getByRole('heading', { level: 2 })).toHaveText('Matchs à venir');
    const after = await marks(page);
    expect(after.document).toBe('same-document');
    expect(after.timeOrigin).toBe(timeOrigin);
    expect(consoleErrors).toEqual([]);
  });

  test('a content page reached from /sports/ reloads the document', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/sports/fr');
    await waitForHydration(page);
    await expect(widget(page).getByRole('heading', { level: 2 })).toBeVisible();
    const timeOrigin = await mark(page);

    await page.evaluate(() => {
      history.pushState(null, '', '/fr/accueil');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/fr\/accueil$/);
    await expect.poll(async () => (await marks(page)).document).toBeUndefined();
    await waitForHydration(page);
    expect((await marks(page)).timeOrigin).not.toBe(timeOrigin);
    await expect(page.locator('#mount-main')).toContainText('À la une');
    await expect(widget(page)).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('going back from /sports/ to the content page it came from reloads it', async ({ page }) => {
    await page.goto('/en/home');
    await waitForHydration(page);
    await page.locator('#mount-header a[href="/sports/en"]').first().click();
    await expect(widget(page).getByRole('heading', { level: 2 })).toHaveText('Upcoming games');
    const timeOrigin = await mark(page);

    await page.goBack();
    await expect(page).toHaveURL(/\/en\/home$/);
    await expect.poll(async () => (await marks(page)).document).toBeUndefined();
    expect((await marks(page)).timeOrigin).not.toBe(timeOrigin);
    await expect(page.locator('#mount-main')).toContainText('Bet on your favourite sports');
  });

  test('moves inside /sports/ load no view data (the widget handles them)', async ({ page }) => {
    await page.goto('/sports/fr');
    await waitForHydration(page);
    await expect(widget(page).getByRole('heading', { level: 2 })).toBeVisible();
    const viewRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/_data/view')) viewRequests.push(request.url());
    });
    await widget(page).getByRole('link', { name: 'En jeu' }).click();
    await expect(page).toHaveURL(/\/sports\/fr\/en-jeux$/);
    await widget(page).getByRole('link', { name: 'À venir' }).click();
    await expect(page).toHaveURL(/\/sports\/fr$/);
    expect(viewRequests).toEqual([]);
  });
});
