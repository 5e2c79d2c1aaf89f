/**
 * The hostile suite, browser half (issue 10): a sample of the XSS payloads of tests/hostile, in
 * every field, served to a real site process with the Content-Security-Policy turned off, so that
 * only the site's own defences stand. Nothing may run: no dialog, no `__xss` flag, in the page or
 * its frames, after hydration and after opening what opens (tabs, accordions, embeds, the modal).
 * The server half, over every payload, is src/server/hostile.test.ts.
 */
import type { Page } from '@playwright/test';
import {
  hostileChroniquePath,
  hostilePath,
  startHostileServices,
} from '../hostile/hostile-content';
import { XSS_SAMPLE } from '../hostile/xss-payloads';
import { E2E_LOGICAL_DATE } from '../../playwright.config';
import { expect, test, waitForHydration } from './fixtures';
import { startSiteProcess, type SiteProcess } from './support/site-process';

let services: Awaited<ReturnType<typeof startHostileServices>>;
let site: SiteProcess;
let origin = '';

test.describe.configure({ mode: 'serial' });
test.use({ bypassCSP: true });

test.beforeAll(async () => {
  services = await startHostileServices(XSS_SAMPLE);
  site = await startSiteProcess({
    CMS_ORIGIN: services.origin,
    MEDIA_ORIGIN: services.origin,
    VIDEO_API_BASE: `${services.origin}/video-api`,
    LOGICAL_DATE: E2E_LOGICAL_DATE,
    LOG_LEVEL: 'error',
  });
  origin = site.origin;
});

test.afterAll(async () => {
  site.kill();
  await services.close();
});

/**
 * What ran, reported as it happens: a dialog from any frame, or `__xss` set in any frame (an init
 * script runs in every frame and turns the assignment into a call back to the test). Nothing is
 * asked of the frames afterwards, so a player frame that never finishes loading cannot hold it.
 */
async function watchPayloads(page: Page): Promise<string[]> {
  const ran: string[] = [];
  page.on('dialog', (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.exposeBinding('reportXss', ({ frame }) => {
    ran.push(`__xss set in ${frame.url()}`);
  });
  await page.addInitScript(() => {
    Object.defineProperty(window, '__xss', {
      configurable: true,
      get: () => undefined,
      set: () => (window as unknown as { reportXss?: () => void }).reportXss?.(),
    });
  });
  return ran;
}

/** Opens what a visitor opens: the tabs, the accordions, the consent overlays in sight. */
async function interact(page: Page): Promise<void> {
  const main = page.locator('#mount-main');
  for (const tab of await main.locator('[role="tab"]:visible').all()) await tab.click();
  // The fragment opened the accordion: closed and opened again by hand.
  const accordion = main.getByRole('button', { name: 'Accordéon', exact: true });
  await accordion.click();
  await accordion.click();
  const accept = main.locator('button:visible', { hasText: 'Accepter et afficher' });
  for (let i = 0; i < 3 && (await accept.count()) > 0; i += 1) await accept.first().click();
  await page.mouse.wheel(0, 20_000);
}

// One width is enough: the payloads and the defences do not depend on it.
test.skip(({ isMobile }) => isMobile, 'desktop only');

test('the watch itself sees a payload that runs', async ({ page }) => {
  const ran = await watchPayloads(page);
  await page.goto(`${origin}/date`);
  await page.evaluate(() => {
    (window as unknown as { __xss: number }).__xss = 1;
  });
  await expect.poll(() => ran.length).toBe(1);
});

for (const [index, payload] of XSS_SAMPLE.entries()) {
  const label = JSON.stringify(payload).slice(0, 60);

  test(`nothing runs from payload ${index} on a content page: ${label}`, async ({ page }) => {
    const ran = await watchPayloads(page);
    // `?lot=` opens the modal of that lot; the fragment opens an accordion.
    await page.goto(`${origin}/fr/${hostilePath(index)}?lot=lot-${index}#ouvert`);
    await waitForHydration(page);
    await expect(page.getByRole('button', { name: 'Accordéon' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const modal = page.getByTestId('lot-modal');
    await expect(modal).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await interact(page);
    expect(ran).toEqual([]);
  });

  test(`nothing runs from payload ${index} on a chronique: ${label}`, async ({ page }) => {
    const ran = await watchPayloads(page);
    await page.goto(`${origin}/en/${hostileChroniquePath(index)}`);
    await waitForHydration(page);
    await page.mouse.wheel(0, 20_000);
    expect(ran).toEqual([]);
  });
}
