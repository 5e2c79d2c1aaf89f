/**
 * The hostile suite, browser half (issue 10): a sample of the XSS payloads of tests/hostile, in
 * every field, served to a real site process with the Content-Security-Policy turned off, so that
 * only the site's own defences stand. Nothing may run: no dialog, no `__xss` flag, in the page or
 * its frames, after hydration and after opening what opens (tabs, accordions, embeds, the modal).
 * The server half, over every payload, is src/server/hostile.test.ts.
 */
import type { Page } from '@playwright/test';
import {
  hostileChroniclePath,
  hostilePath,
  startHostileServices,
} from '../hostile/hostile-content';
import { OFF_SITE_LINKS, XSS_SAMPLE } from '../hostile/xss-payloads';
import { expect, test, waitForHydration } from './fixtures';
import { startSiteProcess, type SiteProcess } from './support/site-process';
import { TEST_LOGICAL_DATE } from '../../testing/today';

let services: Awaited<ReturnType<typeof startHostileServices>>;
let site: SiteProcess;
let origin = '';
/** The XSS sample, then the links that leave the site while looking like paths. */
const PAYLOADS = [...XSS_SAMPLE, ...OFF_SITE_LINKS];

test.describe.configure({ mode: 'serial' });
test.use({ bypassCSP: true });

test.beforeAll(async () => {
  services = await startHostileServices(PAYLOADS);
  site = await startSiteProcess({
    CMS_ORIGIN: services.origin,
    MEDIA_ORIGIN: services.origin,
    VIDEO_API_BASE: `${services.origin}/video-api`,
    LOGICAL_DATE: TEST_LOGICAL_DATE,
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
  const accordion = main.locator('summary', { hasText: /^Accordéon$/ });
  await accordion.click();
  await accordion.click();
  const accept = main.locator('button:visible', { hasText: 'Accepter et afficher' });
  for (let i = 0; i < 3 && (await accept.count()) > 0; i += 1) await accept.first().click();
  await page.mouse.wheel(0, 20_000);
}

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
    await expect(page.locator('summary', { hasText: /^Accordéon$/ }).locator('..')).toHaveAttribute(
      'open',
    );
    const modal = page.getByTestId('lot-modal');
    await expect(modal).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await interact(page);
    expect(ran).toEqual([]);
  });

  test(`nothing runs from payload ${index} on a chronicle: ${label}`, async ({ page }) => {
    const ran = await watchPayloads(page);
    await page.goto(`${origin}/en/${hostileChroniclePath(index)}`);
    await waitForHydration(page);
    await page.mouse.wheel(0, 20_000);
    expect(ran).toEqual([]);
  });
}

/**
 * The page's links to another site's page without being a web address written in full
 * (`http://`, `https://`), each as its `href` says: how the browser reads it (tabs and newlines
 * anywhere, controls and spaces around dropped) decides.
 */
function linksLeavingAsPaths(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('a[href]')].flatMap((a) => {
      const raw = a.getAttribute('href') ?? '';
      // eslint-disable-next-line no-control-regex
      const read = raw.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
      const url = new URL((a as HTMLAnchorElement).href);
      // Mail and phone links open no page; script URLs are the XSS tests' business.
      const web = url.protocol === 'http:' || url.protocol === 'https:';
      return web && url.origin !== location.origin && !/^https?:\/\//i.test(read) ? [raw] : [];
    }),
  );
}

const ogUrl = (page: Page) =>
  page.locator('meta[property="og:url"]').getAttribute('content', { timeout: 1000 });

for (const [offset, payload] of OFF_SITE_LINKS.entries()) {
  const index = XSS_SAMPLE.length + offset;
  const label = JSON.stringify(payload).slice(0, 60);

  test(`no link leaves the site as a path, og:url is the site's: ${label}`, async ({ page }) => {
    const path = `/fr/${hostilePath(index)}`;
    // The server's markup, hydrated: rich text as the server sanitised it, link fields as classified.
    await page.goto(`${origin}${path}`);
    await waitForHydration(page);
    expect(await linksLeavingAsPaths(page)).toEqual([]);
    expect(await ogUrl(page)).toBe(`${origin}${path}`);
    const main = page.locator('#mount-main');
    // The lists' "show more" links (a large screen's and a phone's in the server's HTML, one once
    // the screen is known) are left out: the rest must be the same.
    const anchors = await main.locator('a:not([href^="?"])').count();
    // A hostile link clicked goes nowhere (its href is gone, or it is text).
    const relative = main.getByText('relatif', { exact: true });
    if ((await relative.count()) > 0) {
      await relative.first().click();
      expect(new URL(page.url()).origin).toBe(origin);
    }
    // The same page drawn by the browser itself after a client-side navigation: its rich text
    // goes through the browser's sanitiser.
    await page.goto(`${origin}/fr/${hostilePath(0)}`);
    await waitForHydration(page);
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
      'content',
      `${origin}${path}`,
    );
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 2000);
        return main.locator('a:not([href^="?"])').count();
      })
      .toBe(anchors);
    expect(await linksLeavingAsPaths(page)).toEqual([]);
  });
}
