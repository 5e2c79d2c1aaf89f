/**
 * The browser side of performance (docs/decisions/0014-javascript-budget.md): blocks' code only
 * on pages that use them, the JavaScript budget before interaction, image priorities, no layout
 * shift on load.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

const BUDGET_BYTES = 90 * 1024;

/** Every script the page requested, by URL, with its body once it has arrived. */
function recordScripts(page: Page): Map<string, Promise<Buffer>> {
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' || /\.js(?:$|\?)/.test(response.url())) {
      // A page closed before the body arrived: nothing to count.
      bodies.set(
        response.url(),
        response.body().catch(() => Buffer.alloc(0)),
      );
    }
  });
  return bodies;
}

test.describe('block chunks', () => {
  test('a page loads the chunks of the blocks it uses, and no other', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/fr/chroniques/bilan-hiver');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const names = [...scripts.keys()].map((url) => new URL(url).pathname);
    expect(names.some((n) => /\/assets\/(?:Carrousel|EmblaEngine|Galerie)-/.test(n))).toBe(false);

    scripts.clear();
    await page.goto('/fr/promotions');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const promotions = [...scripts.keys()].map((url) => new URL(url).pathname);
    expect(promotions.some((n) => /\/assets\/Promotions-/.test(n))).toBe(true);
    expect(
      promotions.some((n) => /\/assets\/(?:ListeBillets|ListeGagnants|lot-list)-/.test(n)),
    ).toBe(false);
  });

  test('the head preloads the chunks of the page’s blocks', async ({ page }) => {
    await page.goto('/fr/demo/carrousel');
    const preloads = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
    expect(preloads.some((href) => /\/assets\/Carrousel-/.test(href))).toBe(true);
  });
});

test('the JavaScript before interaction on a content page stays within 90 KB gzip', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  await page.goto('/fr/promotions');
  await waitForHydration(page);
  // What the page had asked for by the time it hydrated; later loads (the sanitizer, in idle
  // time) are after interaction is possible.
  const early = await page.evaluate(() => {
    const hydrated = performance.getEntriesByName('hydrated')[0]?.startTime ?? Infinity;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= hydrated && /\.js(?:$|\?)/.test(e.name))
      .map((e) => e.name);
  });
  expect(early.length).toBeGreaterThan(0);
  let total = 0;
  for (const url of early) {
    const body = await scripts.get(url);
    expect(body, url).toBeDefined();
    total += gzipSync(body ?? Buffer.alloc(0)).length;
  }
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
});

test.describe('image priorities', () => {
  test('the header image opens the page: high priority, not lazy; the rest lazy', async ({
    page,
  }) => {
    await page.goto('/fr/accueil');
    const images = page.locator('main img');
    const first = images.first();
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).not.toHaveAttribute('loading', 'lazy');
    const later = await images.evaluateAll((all) =>
      all.slice(1).map((img) => ({
        lazy: img.getAttribute('loading') === 'lazy',
        high: img.getAttribute('fetchpriority') === 'high',
      })),
    );
    expect(later.length).toBeGreaterThan(5);
    expect(later.filter((i) => i.high)).toEqual([]);
    expect(later.every((i) => i.lazy)).toBe(true);
  });

  test('a carousel that opens the page gives its first slide the priority', async ({ page }) => {
    await page.goto('/fr/demo/carrousel');
    const first = page.locator('main [data-slide] img').first();
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).not.toHaveAttribute('loading', 'lazy');
    const others = page.locator('main img[fetchpriority="high"]');
    await expect(others).toHaveCount(1);
  });
});

test('the home page does not shift while it loads', async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/fr/accueil');
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  const shifts = await page.evaluate(
    () => (window as Window & { layoutShifts?: number[] }).layoutShifts ?? [],
  );
  expect(shifts.reduce((sum, v) => sum + v, 0)).toBeLessThan(0.001);
});
