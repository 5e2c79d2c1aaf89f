/**
 * The server's HTML alone, script off (issue 33, item 1): the menus, the phone menu, an accordion
 * (clicked, or opened by the fragment in the address), the lists' "show more", and the close
 * of the message bar and of the services alert work with the platform's own elements
 * (`<details>`, a `method="dialog"` form, links), before the site's code or without it.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startProxiedSite, type ProxiedSite } from './support/proxied-site';

test.use({ javaScriptEnabled: false });

const pages = {
  fr: {
    home: '/fr/accueil',
    winners: '/fr/gagnants',
    columns: '/fr/chroniques',
    nav: 'Navigation principale',
    closeMessages: 'Fermer les messages',
    closeAlert: 'Fermer l’alerte',
    alertText: 'Désolés, certaines parties du site',
    accordion: 'Comment placer un pari ?',
    accordionText: 'Choisissez un match.',
    moreWinners: /^Voir \d+ gagnants? de plus$/,
    moreColumns: 'Voir plus de chroniques',
    tickets: '/fr/billets-gagnants',
    ticketAmounts: /^MISE 100\s\$ \/ GAIN 250\s000\s\$$/u,
    ticketSports: 'Hockey',
    story: 'Lire l’histoire de Julie B.',
    quote: 'Je n’y croyais pas, j’ai vérifié le billet trois fois.',
    tabs: [
      ['Hockey', 'Ligne d’argent, total de buts'],
      ['Soccer', 'Résultat final, double chance'],
      ['Bientôt', 'Aucun contenu dans cet onglet pour le moment.'],
    ],
  },
  en: {
    home: '/en/home',
    winners: '/en/winners',
    columns: '/en/columns',
    nav: 'Main navigation',
    closeMessages: 'Close the messages',
    closeAlert: 'Close the alert',
    alertText: 'Sorry, some parts of the site',
    accordion: 'How do I place a bet?',
    accordionText: 'Pick a game.',
    moreWinners: /^Show \d+ more winners?$/,
    moreColumns: 'See more columns',
    tickets: '/en/winning-tickets',
    ticketAmounts: /^BET \$100 \/ WON \$250,000$/u,
    ticketSports: 'Hockey',
    story: 'Read the story of Julie B.',
    quote: 'I could not believe it, I checked the ticket three times.',
    tabs: [
      ['Hockey', 'Moneyline, total goals'],
      ['Soccer', 'Full-time result, double chance'],
      ['Coming soon', 'No content in this tab yet.'],
    ],
  },
} as const;

/** A group's disclosure in the menu: its `<details>`, its summary and its links. */
function groups(nav: Locator): Locator {
  return nav.locator('li details');
}

/** Opens each group in turn: its links show, the one opened before closes. */
async function openEveryGroup(nav: Locator): Promise<void> {
  const all = groups(nav);
  const count = await all.count();
  expect(count).toBeGreaterThan(1);
  for (let index = 0; index < count; index += 1) {
    const group = all.nth(index);
    await expect(group.getByRole('link').first()).toBeHidden();
    await group.locator('summary').click();
    await expect(group).toHaveAttribute('open');
    await expect(group.getByRole('link').first()).toBeVisible();
    if (index > 0) await expect(all.nth(index - 1)).not.toHaveAttribute('open');
  }
}

async function menuOf(page: Page, name: string): Promise<Locator> {
  const nav = page.getByRole('navigation', { name });
  await expect(nav).toBeVisible();
  return nav;
}

for (const [lang, p] of Object.entries(pages)) {
  test.describe(`without script (${lang})`, () => {
    test('every menu group opens; on phones, in the menu panel', async ({ page, isMobile }) => {
      await page.goto(p.home);
      const nav = await menuOf(page, p.nav);
      const toggle = nav.locator('summary').first();
      if (isMobile) {
        await expect(groups(nav).first()).toBeHidden();
        await toggle.click();
        await expect(groups(nav).first()).toBeVisible();
      } else {
        await expect(toggle).toBeHidden();
      }
      await openEveryGroup(nav);
      // A link of the menu is a link: it leads to its page.
      const link = groups(nav).last().getByRole('link').first();
      const href = await link.getAttribute('href');
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${href ?? ''}$`));
      if (isMobile) {
        const again = await menuOf(page, p.nav);
        await again.locator('summary').first().click();
        await expect(groups(again).first()).toBeVisible();
        await again.locator('summary').first().click();
        await expect(groups(again).first()).toBeHidden();
      }
    });

    test('an accordion opens and closes', async ({ page }) => {
      await page.goto(p.home);
      const summary = page.locator('summary', { hasText: p.accordion });
      const text = page.getByText(p.accordionText);
      await expect(text).toBeHidden();
      await summary.click();
      await expect(text).toBeVisible();
      await summary.click();
      await expect(text).toBeHidden();
    });

    test('an accordion opens from the fragment in the address', async ({ page }) => {
      // The browser itself opens a closed `<details>` holding the fragment's target.
      await page.goto(`${p.home}#comment-parier`);
      const summary = page.locator('summary', { hasText: p.accordion });
      await expect(summary.locator('..')).toHaveAttribute('open');
      await expect(page.getByText(p.accordionText)).toBeVisible();
      await expect(summary).toBeInViewport();
      await expect(page.getByText(p.accordionText)).toBeInViewport();
    });

    test('every tab panel can be read, each under its title', async ({ page }) => {
      // Issue 45: the tabs did nothing without script, and only the first panel could be read.
      await page.goto(p.home);
      const panels = page.getByRole('tabpanel');
      await expect(panels).toHaveCount(p.tabs.length);
      for (const [index, [title, text]] of p.tabs.entries()) {
        const panel = panels.nth(index);
        await expect(panel).toBeVisible();
        // Its title just before it, in the place of its tab.
        const heading = panel.locator('xpath=preceding-sibling::*[1]');
        await expect(heading).toHaveText(title);
        await expect(heading).toBeVisible();
        await expect(panel.getByText(text)).toBeVisible();
      }
      // The tab list, which could switch nothing, is not offered.
      await expect(page.getByRole('tablist')).toBeHidden();
    });

    test('every lot’s details can be read: a ticket’s, a winner’s', async ({ page }) => {
      // Issue 45: the cards' buttons open the modal with script only; without it, no lot's
      // details could be read. Each card the modal would open has a disclosure instead.
      await page.goto(p.tickets);
      const cards = page.locator('#mount-main li[data-lot-index]').filter({ visible: true });
      const disclosures = cards.locator('details');
      await expect(disclosures).toHaveCount(await cards.count());
      const first = cards.first();
      await expect(first.getByRole('button')).toHaveCount(0);
      const details = first.getByTestId('lot-details');
      await expect(details).toBeHidden();
      await first.locator('summary').click();
      await expect(details).toBeVisible();
      await expect(details.locator('p').filter({ hasText: '/' })).toHaveText(p.ticketAmounts);
      await expect(details).toContainText(p.ticketSports);

      await page.goto(p.winners);
      const story = page.getByText(p.story, { exact: true });
      await story.click();
      const card = page.locator('#mount-main li[data-lot-index]').filter({ has: story });
      await expect(card.getByTestId('lot-details')).toContainText(p.quote);
      await expect(card.getByRole('button')).toHaveCount(0);
    });

    test('the message bar closes', async ({ page }) => {
      await page.goto(p.home);
      const bar = page.getByTestId('message-bar');
      await expect(bar).toBeVisible();
      await bar.getByRole('button', { name: p.closeMessages }).click();
      await expect(bar).toBeHidden();
    });

    test('"show more" is a link: each shows the next lots, then the next chroniques, until all', async ({
      page,
      isMobile,
    }) => {
      // docs/decisions/0078: the server renders the count the link asks for, and it lands on the
      // first new item. Demo content: 20 winners, 10 chroniques.
      await page.goto(p.winners);
      const items = page.locator('#mount-main li[data-lot-index]');
      const more = page.getByRole('link', { name: p.moreWinners });
      await expect(page.getByRole('button', { name: p.moreWinners })).toHaveCount(0);
      const size = isMobile ? 3 : 6;
      let shown = size;
      await expect(items.filter({ visible: true })).toHaveCount(shown);
      while (shown < 20) {
        const next = Math.min(20, shown + size);
        await more.click();
        await expect(page).toHaveURL(new RegExp(`${p.winners}\\?gagnants=${next}#`));
        await expect(items.filter({ visible: true })).toHaveCount(next);
        await expect(items.nth(shown)).toBeInViewport();
        shown = next;
      }
      await expect(more).toHaveCount(0);

      await page.goto(p.columns);
      const cards = page.locator('#mount-main ol > li article');
      const moreColumns = page.getByRole('link', { name: p.moreColumns });
      await expect(cards).toHaveCount(4);
      for (const next of [8, 10]) {
        await moreColumns.click();
        await expect(page).toHaveURL(new RegExp(`${p.columns}\\?chroniques=${next}#`));
        await expect(cards).toHaveCount(next);
        await expect(cards.nth(next === 8 ? 4 : 8)).toBeInViewport();
      }
      await expect(moreColumns).toHaveCount(0);
    });
  });
}

test.describe('without script, the site node failing', () => {
  let proxied: ProxiedSite;
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    // The embedded service behind a proxy that fails the site node alone: the services alert.
    proxied = await startProxiedSite(
      (req, res) => {
        if (!req.url?.includes('/listerTout/')) return false;
        res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
        return true;
      },
      () => ({ LOG_LEVEL: 'warn' }),
    );
  });

  test.afterAll(async () => {
    await proxied.close();
  });

  for (const [lang, p] of Object.entries(pages)) {
    test(`the services alert closes (${lang})`, async ({ page }) => {
      await page.goto(`${proxied.origin}${p.home}`);
      const alert = page.getByRole('alert').filter({ hasText: p.alertText });
      await expect(alert).toBeVisible();
      await alert.getByRole('button', { name: p.closeAlert }).click();
      await expect(alert).toBeHidden();
      await expect(page.locator('#mount-main h1').first()).toBeVisible();
    });
  }
});
