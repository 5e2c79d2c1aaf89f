/**
 * A click or a block key on a block whose code has not arrived is played again once it works,
 * and no listener it needed for that stays behind (docs/decisions/0066-early-actions-on-waiting-blocks.md).
 * Mechanical: one language is enough; it runs on the phone and desktop projects.
 */
import type { Page } from '@playwright/test';
import { blockReady, expect, holdRequests, test, waitForHydration } from './fixtures';

/**
 * Keeps, from the page's start, the click and keydown listeners on the document's capture phase,
 * where a waiting block listens. (The carousels' engine listens for keys in the bubble phase for
 * as long as a carousel lives.)
 */
function countDocumentListeners(): void {
  type Entry = { type: string; listener: EventListenerOrEventListenerObject; capture: boolean };
  const entries: Entry[] = [];
  const capture = (options?: boolean | EventListenerOptions) =>
    typeof options === 'boolean' ? options : Boolean(options?.capture);
  const same = (a: Entry, b: Entry) =>
    a.type === b.type && a.listener === b.listener && a.capture === b.capture;
  const add = document.addEventListener.bind(document);
  const remove = document.removeEventListener.bind(document);
  document.addEventListener = (
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ) => {
    const entry = { type, listener, capture: capture(options) };
    if (/^(?:click|keydown)$/.test(type) && entry.capture && !entries.some((e) => same(e, entry)))
      entries.push(entry);
    add(type, listener, options);
  };
  document.removeEventListener = (
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ) => {
    const entry = { type, listener, capture: capture(options) };
    const index = entries.findIndex((e) => same(e, entry));
    if (index >= 0) entries.splice(index, 1);
    remove(type, listener, options);
  };
  Object.assign(window, { documentListeners: () => entries.length });
}

const documentListeners = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { documentListeners: () => number }).documentListeners(),
  );

test('a click before the block’s code arrives takes effect once it does', async ({
  page,
  consoleErrors,
}) => {
  const release = await holdRequests(page, /\/assets\/Accordion-[\w-]+\.js$/);
  const asked = page.waitForRequest(/\/assets\/Accordion-[\w-]+\.js$/);
  await page.goto('/en/home');
  await waitForHydration(page);
  const faq = page.locator('summary', { hasText: 'How do I place a bet?' });
  await faq.click();
  await asked;
  await expect(faq.locator('..')).not.toHaveAttribute('open');
  release();
  await expect(faq.locator('..')).toHaveAttribute('open');
  expect(consoleErrors).toEqual([]);
});

test('a block key pressed before the block’s code arrives takes effect once it does', async ({
  page,
  consoleErrors,
}) => {
  const release = await holdRequests(page, /\/assets\/Tabs-[\w-]+\.js$/);
  const asked = page.waitForRequest(/\/assets\/Tabs-[\w-]+\.js$/);
  await page.goto('/en/home');
  await waitForHydration(page);
  const hockey = page.getByRole('tab', { name: 'Hockey' });
  await hockey.scrollIntoViewIfNeeded();
  await hockey.focus();
  await page.keyboard.press('ArrowRight');
  await asked;
  release();
  const soccer = page.getByRole('tab', { name: 'Soccer' });
  await expect(soccer).toHaveAttribute('aria-selected', 'true');
  await expect(soccer).toBeFocused();
  expect(consoleErrors).toEqual([]);
});

test('no click or key listener stays on the document once the blocks work', async ({ page }) => {
  await page.addInitScript(countDocumentListeners);
  await page.goto('/en/home');
  await waitForHydration(page);
  // While blocks wait for their code, they listen.
  expect(await documentListeners(page)).toBeGreaterThan(0);
  // Those in static trees (offers, promotions: docs/decisions/0054) keep the server's markup and
  // never hydrate, nor wait.
  const waiting = ':not(.static-block [data-lazy-block])[data-lazy-block]';
  const blocks = page.locator(`${waiting} > *`);
  const count = await blocks.count();
  expect(count).toBeGreaterThan(3);
  for (let index = 0; index < count; index += 1) await blockReady(page, blocks.nth(index));
  await expect(page.locator(`${waiting}:not([data-block-ready])`)).toHaveCount(0);
  expect(await documentListeners(page)).toBe(0);
});
