/**
 * Client-side navigation in Chromium: the bench opens the home page once (a phone-sized context,
 * empty cache), then clicks through in-site links from page type to page type, each link taken
 * from the page the visitor is on. For each click: the time from the click to the new page's
 * content painted (the URL and the title are the destination's, the loading bar is gone, then
 * two animation frames), every byte fetched meanwhile (transfer sizes, headers included) and the
 * JavaScript among them (the scripts' bodies as sent, as the bench's other JavaScript figures).
 * A link below the first screen is scrolled to first, as a visitor would. Run unthrottled, then
 * with the CPU slowed 4× (Chromium's own throttling, as Lighthouse's mobile preset does).
 */
import type { Browser, Page } from '@playwright/test';
import { PHONE } from './bytes';

/** The pages clicked through, in order; each is linked from the one before it. */
export const NAVIGATION_ROUTE = [
  '/fr/promotions',
  '/fr/gagnants',
  '/fr/billets-gagnants',
  '/fr/accueil',
  '/fr/chroniques/series-hockey',
  '/fr/promotions',
  '/fr/accueil',
  '/fr/gagnants',
  '/fr/promotions',
  '/fr/billets-gagnants',
  '/fr/accueil',
  '/fr/chroniques/series-hockey',
  '/fr/gagnants',
  '/fr/accueil',
  '/fr/promotions',
  '/fr/billets-gagnants',
  '/fr/gagnants',
  '/fr/accueil',
  '/fr/promotions',
  '/fr/accueil',
];
const START = '/fr/accueil';

export interface NavigationStep {
  from: string;
  to: string;
  /** Click to the new content painted, in ms. */
  ms: number;
  /** Bytes fetched during the navigation (transfer sizes). */
  bytes: number;
  /** The JavaScript among them: the scripts' bodies as sent, without their HTTP headers. */
  jsBytes: number;
  /** The destination's document as a first visit fetches it (brotli, as the browser asked). */
  documentBytes: number;
}

export interface NavigationRun {
  cpuSlowdown: number;
  steps: NavigationStep[];
  medianMs: number;
  p95Ms: number;
  medianBytes: number;
  /** Bytes per navigation over the destination's document, median. */
  medianShareOfDocument: number;
  /** Largest JavaScript fetched by one navigation to a page type already visited or not. */
  maxNewJsBytes: number;
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/**
 * The click, measured in the page itself. A string, not a function: the bench runs under tsx,
 * whose name-keeping helper (`__name`) does not exist in the page.
 */
const CLICK_IN_PAGE = `async (target) => {
  const find = () =>
    [...document.querySelectorAll('a[href]')].find((a) => a.getAttribute('href') === target);
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  let link = find();
  // A block below the first screen of a page reached by navigation comes as it nears the screen
  // (docs/decisions/0055): the visitor scrolls to its link first, as here, a screen at a time.
  // What that scrolling loads is asked for before the click, so it is not the click's.
  while (!link && window.scrollY + window.innerHeight < document.documentElement.scrollHeight) {
    window.scrollBy(0, window.innerHeight);
    for (let waited = 0; !link && waited < 2000; waited += 50) {
      await pause(50);
      link = find();
    }
  }
  if (!link) return { error: 'no link to ' + target + ' on ' + location.pathname };
  const titleBefore = document.title;
  const started = performance.now();
  link.click();
  await new Promise((resolve, reject) => {
    const deadline = started + 15000;
    (function check() {
      const shown =
        location.pathname === target &&
        document.title !== titleBefore &&
        !document.querySelector('.page-loading');
      if (shown) resolve();
      else if (performance.now() > deadline) reject(new Error(target + ': not shown in 15 s'));
      else requestAnimationFrame(check);
    })();
  });
  // Painted: the frame after the one that drew the new content.
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const ms = performance.now() - started;
  const fetched = performance.getEntriesByType('resource').filter((e) => e.startTime >= started);
  return {
    ms,
    bytes: fetched.reduce((sum, e) => sum + e.transferSize, 0),
    // The scripts themselves as sent (compressed bodies), as every JavaScript figure of the bench
    // counts them; their HTTP headers are counted in bytes.
    jsBytes: fetched
      .filter((e) => /\\.js(?:$|\\?)/.test(e.name))
      .reduce((sum, e) => sum + e.encodedBodySize, 0),
  };
}`;

/** What the first visit of a page transfers for its document alone. */
const DOCUMENT_BYTES_IN_PAGE = `async (target) => {
  const response = await fetch(target, { headers: { accept: 'text/html' }, cache: 'no-store' });
  await response.arrayBuffer();
  const entry = performance
    .getEntriesByType('resource')
    .filter((e) => e.name.endsWith(target))
    .at(-1);
  return entry ? entry.encodedBodySize : 0;
}`;

type Measured = Pick<NavigationStep, 'ms' | 'bytes' | 'jsBytes'>;

async function documentBytes(page: Page, path: string): Promise<number> {
  return page.evaluate<number>(`(${DOCUMENT_BYTES_IN_PAGE})(${JSON.stringify(path)})`);
}

/** One click on the link to `to` in the current page. */
async function click(page: Page, to: string): Promise<Measured> {
  const result = await page.evaluate<Measured | { error: string }>(
    `(${CLICK_IN_PAGE})(${JSON.stringify(to)})`,
  );
  if ('error' in result) throw new Error(result.error);
  return result;
}

async function run(browser: Browser, origin: string, cpuSlowdown: number): Promise<NavigationRun> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.goto(origin + START, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.waitForLoadState('networkidle');
    if (cpuSlowdown > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    }
    const documents = new Map<string, number>();
    const steps: NavigationStep[] = [];
    let from = START;
    for (const to of NAVIGATION_ROUTE) {
      const step = await click(page, to);
      // The resource list is bounded (250 by default): emptied, it never stops recording.
      await page.evaluate(() => performance.clearResourceTimings());
      let document = documents.get(to);
      if (document === undefined) {
        document = await documentBytes(page, to);
        documents.set(to, document);
        await page.evaluate(() => performance.clearResourceTimings());
      }
      steps.push({ ...step, from, to, ms: Number(step.ms.toFixed(1)), documentBytes: document });
      from = to;
    }
    const shares = steps.map((s) => (s.documentBytes > 0 ? s.bytes / s.documentBytes : 0));
    return {
      cpuSlowdown,
      steps,
      medianMs: percentile(
        steps.map((s) => s.ms),
        50,
      ),
      p95Ms: percentile(
        steps.map((s) => s.ms),
        95,
      ),
      medianBytes: percentile(
        steps.map((s) => s.bytes),
        50,
      ),
      medianShareOfDocument: Number(percentile(shares, 50).toFixed(3)),
      maxNewJsBytes: Math.max(0, ...steps.map((s) => s.jsBytes)),
    };
  } finally {
    await context.close();
  }
}

/** The route unthrottled, then with the CPU 4× slower. */
export async function measureNavigation(
  browser: Browser,
  origin: string,
): Promise<NavigationRun[]> {
  return [await run(browser, origin, 1), await run(browser, origin, 4)];
}
