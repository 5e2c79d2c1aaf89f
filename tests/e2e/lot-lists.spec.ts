/**
 * Ticket and winner lists (docs/requirements.md §2, §4, §5, §9): first screen in the server's HTML, 3/6 items
 * and show-more blocks (its link shown in place, no navigation: docs/decisions/0078), decorative tiles on large screens only, the winner grid's columns, the
 * "new" badge, video buttons, the modal's open event, no layout shift, accessibility.
 * Demo content at the e2e logical date: 18 listable tickets, 20 winners of which 10 have a video.
 */
import type { Page } from '@playwright/test';
import { startProxiedSite, type ProxiedSite } from './support/proxied-site';
import {
  blockReady,
  expect,
  expectNoAxeViolations,
  pageStateText,
  showAll,
  test,
  waitForHydration,
} from './fixtures';

const TICKETS = 18;
const WINNERS = 20;
const WINNERS_WITH_VIDEO = 10;

const pages = {
  fr: {
    tickets: '/fr/billets-gagnants',
    winners: '/fr/gagnants',
    moreTickets: /^Voir \d+ billets? de plus$/,
    moreWinners: /^Voir \d+ gagnants? de plus$/,
    ticketButton: /^Voir le billet/,
    video: /^Voir la vidéo de /,
    newBadge: 'Nouveau',
  },
  en: {
    tickets: '/en/winning-tickets',
    winners: '/en/winners',
    moreTickets: /^Show \d+ more tickets?$/,
    moreWinners: /^Show \d+ more winners?$/,
    ticketButton: /^View the ticket/,
    video: /^Watch the video of /,
    newBadge: 'New',
  },
} as const;

const ticketItems = (page: Page) => page.locator('#mount-main li[data-lot-index]');
const tileItems = (page: Page) => page.locator('#mount-main li[aria-hidden="true"]:has(img)');

/** Sum of the layout shifts recorded since the page started loading. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            total += (entry as PerformanceEntry & { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

/** Records the modal's open events in the page. */
async function recordOpenEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: unknown[] = [];
    (window as unknown as { __lotEvents: unknown[] }).__lotEvents = seen;
    window.addEventListener('site:open-lots', (event) => {
      const detail = (
        event as CustomEvent<{ lots: { name: string }[]; index: number; caller: string }>
      ).detail;
      seen.push({
        names: detail.lots.map((l) => l.name),
        index: detail.index,
        caller: detail.caller,
      });
    });
  });
}

const openEvents = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __lotEvents: { names: string[]; index: number; caller: string }[] })
        .__lotEvents,
  );

test.describe('first screen in the server HTML', () => {
  test(
    'both lists render their first 6 lots on the server, without inline style',
    { tag: '@any-viewport' },
    async ({ request }) => {
      for (const path of [pages.fr.tickets, pages.en.tickets, pages.fr.winners, pages.en.winners]) {
        const html = await (await request.get(path)).text();
        const main = /<main[^>]*id="mount-main"[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';
        expect(main.match(/data-lot-index="/g), path).toHaveLength(6);
        expect(main, path).not.toMatch(/\sstyle="/);
      }
    },
  );
});

for (const [lang, p] of Object.entries(pages)) {
  test.describe(`ticket list (${lang})`, () => {
    test('3 on phones, 6 otherwise; show more adds a block, focuses and shows its first ticket', async ({
      page,
      consoleErrors,
    }, testInfo) => {
      const phone = testInfo.project.name === 'phone';
      const size = phone ? 3 : 6;
      await page.goto(p.tickets);
      await waitForHydration(page);
      await expect(ticketItems(page)).toHaveCount(size);
      await expect(ticketItems(page).locator('visible=true')).toHaveCount(size);
      await expect(tileItems(page)).toHaveCount(0);

      // A link that works without script (docs/decisions/0078); with it, shown in place.
      const more = page.getByRole('link', { name: p.moreTickets });
      await expect(more).toHaveAttribute('href', new RegExp(`^\\?billets=${2 * size}#`));
      await more.click();
      await expect(ticketItems(page)).toHaveCount(2 * size);
      const firstNew = page.locator(`#mount-main li[data-lot-index="${size}"]`);
      await expect(firstNew.getByRole('button', { name: p.ticketButton })).toBeFocused();
      await expect(firstNew).toBeInViewport();
      expect(new URL(page.url()).search).toBe('');

      // Decorative tiles on large screens only, counted apart from the tickets.
      if (phone) await expect(tileItems(page)).toHaveCount(0);
      else await expect(tileItems(page)).not.toHaveCount(0);

      await showAll(more);
      await expect(ticketItems(page)).toHaveCount(TICKETS);
      if (phone) await expect(tileItems(page)).toHaveCount(0);
      else expect(await tileItems(page).count()).toBeGreaterThanOrEqual(2);
      expect(consoleErrors).toEqual([]);
    });
  });

  test.describe(`winner list (${lang})`, () => {
    test('3 on phones, 6 otherwise; show more adds a block and focuses its first winner', async ({
      page,
    }, testInfo) => {
      const size = testInfo.project.name === 'phone' ? 3 : 6;
      await page.goto(p.winners);
      await waitForHydration(page);
      const items = page.locator('#mount-main li[data-lot-index]');
      await expect(items).toHaveCount(size);
      await expect(items.locator('visible=true')).toHaveCount(size);
      const more = page.getByRole('link', { name: p.moreWinners });
      await more.click();
      await expect(items).toHaveCount(2 * size);
      await expect(items.nth(size).getByRole('article')).toBeFocused();
      await expect(items.nth(size)).toBeInViewport();
      await showAll(more);
      await expect(items).toHaveCount(WINNERS);
      // A video button only on winners with a video.
      await expect(page.getByRole('button', { name: p.video })).toHaveCount(WINNERS_WITH_VIDEO);
    });
  });

  test(`no layout shift while the lists load (${lang})`, async ({ page }) => {
    for (const path of [p.tickets, p.winners]) {
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      expect(await layoutShift(page), path).toBeLessThan(0.01);
    }
  });

  test(`both lists pass axe, tiles shown too (${lang})`, async ({ page }) => {
    await page.goto(p.tickets);
    await waitForHydration(page);
    await page.getByRole('link', { name: p.moreTickets }).click();
    await expect(page.locator('#mount-main li[data-lot-index] button:focus')).toHaveCount(1);
    await expectNoAxeViolations(page);
    await page.goto(p.winners);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  });
}

test.describe('cards', () => {
  test('"new" on a ticket shown for less than 7 days, not on an older one', async ({ page }) => {
    await page.goto(pages.fr.tickets);
    await waitForHydration(page);
    // lot-2026-012 (Montréal, shown since yesterday) and lot-2026-011 (Rimouski, 9 days).
    const fresh = page.locator('#mount-main li[data-lot-index="0"]');
    await expect(fresh.getByRole('heading')).toHaveText('Montréal');
    await expect(fresh.getByText('Nouveau', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: pages.fr.moreTickets }).click();
    const old = page.locator('#mount-main li[data-lot-index]', {
      has: page.getByRole('heading', { name: 'Rimouski' }),
    });
    await expect(old).toHaveCount(1);
    await expect(old.getByText('Nouveau', { exact: true })).toHaveCount(0);
  });

  test('a ticket card shows city, bet, win, month and year, logo', async ({ page }) => {
    await page.goto(pages.en.tickets);
    await waitForHydration(page);
    const first = page.locator('#mount-main li[data-lot-index="0"]');
    // A whole stake has no decimals (issue 45); the winnings keep their cents on a card.
    await expect(first.locator('dd').first()).toHaveText('$100');
    await expect(first).toContainText('Won$250,000.00');
    await expect(first.locator('time')).toHaveText('November 2026');
    await expect(first.getByRole('img')).toHaveAttribute('alt', /\w/);
  });

  test('French amounts on a ticket card: a space, a comma and 2 decimals', async ({ page }) => {
    await page.goto(pages.fr.tickets);
    const first = page.locator('#mount-main li[data-lot-index="0"]');
    // Intl's French spaces are non-breaking; a whole stake has no decimals (issue 45).
    await expect(first.locator('dd').first()).toHaveText('100\u00a0$');
    await expect(first).toContainText('Gain250\u00a0000,00\u00a0$');
  });

  for (const [lang, stake, modalStake] of [
    ['fr', '100\u00a0$', /^MISE 100\s\$ \/ /u],
    ['en', '$100', /^BET \$100 \/ /u],
  ] as const) {
    test(`a whole stake reads the same on its card and in its modal, without decimals (${lang})`, async ({
      page,
    }) => {
      // Issue 45: the card read "100,00 $" where the modal read "100 $" (SPEC-NOTES: no decimals).
      await page.goto(pages[lang].tickets);
      await waitForHydration(page);
      const first = page.locator('#mount-main li[data-lot-index="0"]');
      await expect(first.locator('dd').first()).toHaveText(stake);
      const open = first.getByRole('button');
      await blockReady(page, open);
      await open.click();
      const amounts = page.getByTestId('lot-modal').getByTestId('lot-amounts');
      await expect(amounts).toHaveText(modalStake);
      await expectNoAxeViolations(page, '[data-testid="lot-modal"]');
    });
  }

  test('"new" on a winner shown for less than 7 days, not at 7 days', async ({ page }) => {
    await page.goto(pages.en.winners);
    await waitForHydration(page);
    const card = (names: string) =>
      page.locator('#mount-main li[data-lot-index]', {
        has: page.getByRole('heading', { name: names }),
      });
    await page.getByRole('link', { name: pages.en.moreWinners }).click();
    // lot-2026-004 (Karim D., 2 days), lot-2026-007 (Sylvie M., 7 days).
    await expect(card('Karim D.').getByText('New', { exact: true })).toBeVisible();
    await expect(card('Sylvie M.')).toHaveCount(1);
    await expect(card('Sylvie M.').getByText('New', { exact: true })).toHaveCount(0);
    // No video, no button.
    await expect(card('Karim D.').getByRole('button')).toHaveCount(0);
    await expect(
      card('Julie B.').getByRole('button', { name: 'Watch the video of Julie B.' }),
    ).toHaveCount(1);
  });

  test('a ticket card opens the modal on the whole ticket list, asked for first', async ({
    page,
  }) => {
    // The page's state holds no tickets: the list asks for them all before it hydrates, and the
    // modal browses all (docs/decisions/0041, 0044). Watched from the start: it may come early.
    const asked = page.waitForRequest((r) => r.url().includes('/_data/lots?lang=fr&lists=billet'));
    await page.goto(pages.fr.tickets);
    await waitForHydration(page);
    await recordOpenEvents(page);
    await page
      .locator('#mount-main li[data-lot-index="2"]')
      .getByRole('button', { name: pages.fr.ticketButton })
      .click();
    await asked;
    await expect.poll(() => openEvents(page)).toHaveLength(1);
    const events = await openEvents(page);
    expect(events[0]?.caller).toBe('billet');
    expect(events[0]?.index).toBe(2);
    expect(events[0]?.names).toHaveLength(TICKETS);
    expect(events[0]?.names.slice(0, 3)).toEqual(['lot-2026-012', 'lot-2026-001', 'lot-2026-002']);
  });

  test('a video button opens the modal on the winners with a video', async ({ page }) => {
    await page.goto(pages.en.winners);
    await waitForHydration(page);
    await recordOpenEvents(page);
    await page.getByRole('button', { name: 'Watch the video of Julie B.' }).click();
    await expect.poll(() => openEvents(page)).toHaveLength(1);
    const events = await openEvents(page);
    expect(events[0]?.caller).toBe('gagnant');
    expect(events[0]?.index).toBe(1);
    expect(events[0]?.names.slice(0, 2)).toEqual(['lot-2026-012', 'lot-2026-001']);
    expect(events[0]?.names).toHaveLength(WINNERS_WITH_VIDEO);
    expect(events[0]?.names).not.toContain('lot-2026-004');
  });
});

test.describe('lists below the first component (docs/decisions/0044)', () => {
  for (const [lang, p] of Object.entries(pages)) {
    test(`the state holds no lots; the lists ask once, hydrate, and show more (${lang})`, async ({
      page,
      consoleErrors,
    }) => {
      const lotRequests: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/_data/lots')) lotRequests.push(r.url());
      });
      await page.goto(lang === 'fr' ? '/fr/accueil' : '/en/home');
      await waitForHydration(page);
      const state = await pageStateText(page);
      expect(state).toContain('"lotsLater":true');
      expect(state).not.toContain('lot-2026-');
      const winners = page.locator('[data-lazy-block="liste-gagnants"]');
      await winners.locator('li[data-lot-index]').first().scrollIntoViewIfNeeded();
      await blockReady(page, winners.locator('li[data-lot-index]').first());
      const more = winners.getByRole('link', { name: p.moreWinners });
      const before = await winners.locator('li[data-lot-index]').count();
      await more.click();
      await expect(winners.locator('li[data-lot-index]')).toHaveCount(before * 2);
      expect(lotRequests).toHaveLength(1);
      expect(lotRequests[0]).toContain(`lang=${lang}&lists=billet%2Cgagnant`);
      expect(consoleErrors).toEqual([]);
    });
  }
});

test.describe('reached by a client-side navigation', () => {
  for (const [lang, p] of Object.entries(pages)) {
    test(`the winner list still shows every winner, the rest asked for once (${lang})`, async ({
      page,
      consoleErrors,
    }) => {
      await page.goto(lang === 'fr' ? '/fr/accueil' : '/en/home');
      await waitForHydration(page);
      const lotRequests: string[] = [];
      // The winners page's own requests, for its winners' list alone. The home page's lists
      // (tickets and winners) may ask for their lots as the scroll to the link brings them near,
      // and on a busy machine that can come at any time before the new view replaces the home
      // page's, even after the address changed: those ask for both lists.
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname === '/_data/lots' && url.searchParams.get('lists') === 'gagnant')
          lotRequests.push(r.url());
      });
      // The page's own link to the list, followed by the site's router; the marker set on this
      // document stays only if no other document loads.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      const link = page.locator(`#mount-main a[href="${p.winners}"]`).first();
      await link.scrollIntoViewIfNeeded();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${p.winners}$`));
      const items = page.locator('#mount-main li[data-lot-index]');
      const more = page.getByRole('link', { name: p.moreWinners });
      await expect(more).toBeVisible();
      await showAll(more);
      await expect(items).toHaveCount(WINNERS);
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
      // The view's answer carries each list's first block; the rest comes once (decision 0041).
      expect(lotRequests).toHaveLength(1);
      expect(lotRequests[0]).toContain(`lang=${lang}&lists=gagnant`);
      expect(consoleErrors).toEqual([]);
    });
  }
});

test.describe('winner grid', () => {
  test('3 columns at 1280 px, 2 at 900 px, 1 at 600 px', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'widths are set here; one project is enough');
    const columns = async () => {
      const boxes = await page
        .locator('#mount-main li[data-lot-index]')
        .evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().left)));
      return new Set(boxes).size;
    };
    await page.goto(pages.fr.winners);
    await waitForHydration(page);
    for (const [width, expected] of [
      [1280, 3],
      [900, 2],
      [600, 1],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(columns, { message: `${width} px` }).toBe(expected);
    }
  });
});

test.describe('empty states', () => {
  // The demo content always has lots: a proxy in front of the embedded service makes the lots
  // call fail, or answer an empty list, while every other call works.
  let lotsMode: 'fail' | 'empty' = 'fail';
  let proxied: ProxiedSite;
  let origin = '';

  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    proxied = await startProxiedSite((req, res) => {
      if (!req.url?.includes('/listerLots')) return false;
      if (lotsMode === 'fail') res.writeHead(500).end('{"error":"boom"}');
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"results":[]}');
      return true;
    });
    origin = proxied.origin;
  });

  test.afterAll(async () => {
    await proxied.close();
  });

  test('a failed lots call: "no tickets" and "no winners", a console warning', async ({
    page,
    consoleWarnings: warnings,
  }) => {
    lotsMode = 'fail';
    await page.goto(`${origin}/fr/billets-gagnants`);
    await waitForHydration(page);
    await expect(page.locator('#mount-main')).toContainText(
      'Aucun billet à afficher pour le moment.',
    );
    await expect(page.locator('#mount-main li[data-lot-index]')).toHaveCount(0);
    // The list says so once its code has run (src/blocks/LazyBlock.tsx).
    await blockReady(page, page.getByText('Aucun billet à afficher pour le moment.'));
    expect(warnings.filter((w) => w.includes('Lots could not be loaded'))).toHaveLength(1);
    await page.goto(`${origin}/en/winners`);
    await waitForHydration(page);
    await expect(page.locator('#mount-main')).toContainText('No winners at the moment.');
  });

  test('no listable lot: "no winning tickets" and "no winners"', async ({ page }) => {
    lotsMode = 'empty';
    await page.goto(`${origin}/en/winning-tickets`);
    await waitForHydration(page);
    await expect(page.locator('#mount-main')).toContainText('No winning tickets at the moment.');
    await expectNoAxeViolations(page);
    await page.goto(`${origin}/fr/gagnants`);
    await waitForHydration(page);
    await expect(page.locator('#mount-main')).toContainText('Aucun gagnant pour le moment.');
  });
});
