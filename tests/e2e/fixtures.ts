/** Shared helpers: console-error and warning capture, hydration wait, axe. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { leftToTheOtherWidth } from './support/viewports';

export const test = base.extend<{
  consoleErrors: string[];
  consoleWarnings: string[];
  widthAndLanguage: undefined;
}>({
  // A behaviour written once per language runs in one of them per width (support/viewports.ts).
  widthAndLanguage: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from it
    async ({}, use, testInfo) => {
      testInfo.skip(
        leftToTheOtherWidth({
          project: testInfo.project.name,
          file: testInfo.file,
          titlePath: testInfo.titlePath,
        }),
        'run in the other language at the other width',
      );
      await use(undefined);
    },
    { auto: true },
  ],
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      // A document answered with its error status (the error pages) is reported by Chromium as
      // a failed resource: that is the status doing its job, not a fault of the page.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        errors.push(message.text());
      }
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // Hostile content must never run script: any dialog is a failure.
    page.on('dialog', (dialog) => {
      errors.push(`dialog opened: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await use(errors);
  },
  // What the page says it could not do (a failed call, a block that did not load).
  consoleWarnings: async ({ page }, use) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await use(warnings);
  },
});

export { expect };

/**
 * The page's hydration state as the browser's code reads it: the state element's text, or the
 * answer at the address it names (a shared page's, docs/decisions/0081-state-beside-the-document.md).
 */
export async function pageStateText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const element = document.getElementById('app-state');
    const src = element?.getAttribute('data-src');
    return src ? (await fetch(src)).text() : (element?.textContent ?? '');
  });
}

export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/**
 * Brings a block whose code comes in its own chunk near the screen and waits until it works
 * (src/blocks/LazyBlock.tsx: its code is asked for only then).
 */
export async function blockReady(page: Page, inside: Locator): Promise<void> {
  const target = inside.first();
  await target.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      target.evaluate(
        (element) => element.closest('[data-lazy-block]:not([data-block-ready])') === null,
      ),
    )
    .toBe(true);
}

/**
 * Holds the browser's requests for URLs matching `pattern` (a slow network for them) until the
 * returned function is called; they then go on as usual.
 */
export async function holdRequests(page: Page, pattern: RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * axe on the page, or on parts of it (`include`, selectors) where the rest is checked by other
 * tests: the whole home page takes a second or more to analyse.
 */
export async function expectNoAxeViolations(page: Page, ...include: string[]): Promise<void> {
  // Colours are judged as they settle: a fade under way (the lot modal's, 150 ms) would read as
  // low contrast. Endless animations (a loading bar) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode runs axe in the page itself instead of opening a blank page to merge the frames'
  // results, and only violations come back: a third of the time (4.3 s -> 1.5 s on the
  // robustness page), which a loaded machine needs. It skips cross-origin frames, which are the
  // third parties' own pages; their <iframe> elements are still checked (titles).
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  for (const selector of include) builder = builder.include(selector);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact ?? ''}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

/**
 * Presses "show more" until it is gone. The button leaves with the last batch, which may still
 * be arriving from an earlier press: a press begun just then ends when the button leaves,
 * instead of waiting for a button that will not come back.
 */
export async function showAll(more: Locator): Promise<void> {
  while ((await more.count()) > 0) {
    const pressed = more.click().then(
      () => true,
      () => false,
    );
    const gone = more.waitFor({ state: 'detached' }).then(
      () => true,
      () => false,
    );
    await Promise.race([pressed, gone]);
  }
}
