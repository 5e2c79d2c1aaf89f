/**
 * One logical date drives both the server's display windows and the browser's `now` (docs/requirements.md §4,
 * §5; docs/architecture.md, "Skipped content"), even years away from the wall clock. A site of its
 * own runs at LOGICAL_DATE 2031-03-15 10:00; the embedded content service dates the demo content
 * from that day, so a side that read the wall clock instead would see every lot as not yet shown
 * (its window starts in 2031) and the footer's year as the wall clock's.
 */
import type { Browser, Page } from '@playwright/test';
import { blockReady, expect, showAll, test, waitForHydration } from './fixtures';
import { startSiteProcess, type SiteProcess } from './support/site-process';

const LOGICAL_DATE = '2031-03-15 10:00';
const YEAR = '2031';

let site: SiteProcess;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  site = await startSiteProcess({ LOGICAL_DATE, LOG_LEVEL: 'warn' });
});

test.afterAll(() => {
  site.kill();
});

const LISTS = {
  fr: {
    tickets: '/fr/billets-gagnants',
    winners: '/fr/gagnants',
    newBadge: 'Nouveau',
    more: /^Voir \d+ (billets?|gagnants?) de plus$/,
    newestTicket: { city: 'Montréal', month: 'mars 2031' },
  },
  en: {
    tickets: '/en/winning-tickets',
    winners: '/en/winners',
    newBadge: 'New',
    more: /^Show \d+ more (tickets?|winners?)$/,
    newestTicket: { city: 'Montreal', month: 'March 2031' },
  },
} as const;

/** Listable at the logical date (as at any anchor: the demo's dates are relative). */
const COUNTS = { tickets: 18, winners: 20 };

interface Card {
  heading: string;
  isNew: boolean;
}

/** The lot cards of the main region, each with its heading and whether it says "new". */
function cards(page: Page, badge: string): Promise<Card[]> {
  return page.locator('#mount-main li[data-lot-index]').evaluateAll(
    (items, label) =>
      items.map((item) => ({
        heading: item.querySelector('h1, h2, h3, h4, h5, h6')?.textContent.trim() ?? '',
        isNew: [...item.querySelectorAll('span')].some((s) => s.textContent.trim() === label),
      })),
    badge,
  );
}

/** The page as the server rendered it: no script runs, so nothing of the browser's `now`. */
async function serverRendered(browser: Browser, url: string, badge: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(url);
    return {
      cards: await cards(page, badge),
      footer: (await page.locator('#mount-footer').textContent()) ?? '',
    };
  } finally {
    await context.close();
  }
}

test(
  'the server windows by the logical date: pages, lots and the footer year',
  { tag: '@any-viewport' },
  async ({ request }) => {
    expect((await (await request.get(`${site.origin}/date`)).text()).trim()).toBe(LOGICAL_DATE);
    // Pages out of their window (ended yesterday, starting in 30 days) go to the 404 page.
    for (const [path, location] of [
      ['/fr/promo-terminee', '/fr/404.html'],
      ['/en/upcoming-promo', '/en/404.html'],
    ]) {
      const answer = await request.get(`${site.origin}${path}`, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(302);
      expect(answer.headers().location, path).toBe(location);
    }
    const html = await (await request.get(`${site.origin}/fr/billets-gagnants`)).text();
    const main = /<main[^>]*id="mount-main"[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';
    // The newest win, yesterday at the logical date, heads the list; the first 6 are rendered.
    expect(main.match(/data-lot-index="/g)).toHaveLength(6);
    expect(main).toContain('mars 2031');
    expect(html).toContain(`© ${YEAR} `);
  },
);

for (const [lang, p] of Object.entries(LISTS)) {
  for (const list of ['tickets', 'winners'] as const) {
    test(`the browser's now is the logical date: ${list} (${lang}) as the server rendered them`, async ({
      page,
      browser,
      consoleErrors,
    }, testInfo) => {
      const url = `${site.origin}${p[list]}`;
      const server = await serverRendered(browser, url, p.newBadge);
      // What the server shows at the logical date: lots, some new and some not.
      expect(server.cards).toHaveLength(6);
      expect(server.cards.some((c) => c.isNew)).toBe(true);
      expect(server.cards.some((c) => !c.isNew)).toBe(true);
      expect(server.footer).toContain(`© ${YEAR} `);
      if (list === 'tickets') {
        expect(server.cards[0]).toEqual({ heading: p.newestTicket.city, isNew: true });
      }

      const dateAnswered = page.waitForResponse((r) => new URL(r.url()).pathname === '/date');
      await page.goto(url);
      await waitForHydration(page);
      // The browser reads the logical date again after hydrating: it must stay the same.
      expect((await (await dateAnswered).text()).trim()).toBe(LOGICAL_DATE);
      // The guard of this test: the browser's own clock is far from the logical date.
      expect(await page.evaluate(() => new Date().getFullYear())).not.toBe(Number(YEAR));

      const size = testInfo.project.name === 'phone' ? 3 : 6;
      const items = page.locator('#mount-main li[data-lot-index]');
      // The list's own code judges its lots, once it has come (it hydrates near the screen).
      await blockReady(page, items);
      await expect(items).toHaveCount(size);
      // Same lots, same "new" badges: the browser's lists filtered and judged at the logical date.
      expect(await cards(page, p.newBadge)).toEqual(server.cards.slice(0, size));
      await expect(page.locator('#mount-footer')).toContainText(`© ${YEAR} `);

      // Every lot listable at the logical date, the 51-week limit included, reaches the page.
      const more = page.getByRole('link', { name: p.more });
      await showAll(more);
      await expect(items).toHaveCount(COUNTS[list]);
      const all = await cards(page, p.newBadge);
      expect(all.slice(0, 6)).toEqual(server.cards);
      expect(consoleErrors).toEqual([]);
    });
  }
}
