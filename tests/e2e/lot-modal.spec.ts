/**
 * The winners / tickets modal (docs/requirements.md §2): the `?lot=` deep link, the lists' event, its content
 * for a ticket and for a winner, navigation, closing, scroll lock and accessibility.
 *
 * At the logical date of the suite the ticket list runs from lot-2026-012 (won yesterday) to
 * lot-2026-010 (50 weeks ago), 18 lots; the winners with video from lot-2026-012 to
 * lot-2026-010, 10 lots.
 */
import type { Locator, Page } from '@playwright/test';
import { checkLotsAnswer } from '../../src/app/answer-format';
import { LOTS_ENDPOINT } from '../../src/app/state';
import { readState } from '../../src/app/wire';
import type { Lot } from '../../src/content/models';
import {
  blockReady,
  expect,
  expectNoAxeViolations,
  holdRequests,
  pageStateText,
  test,
  waitForHydration,
} from './fixtures';

/**
 * Opens a `?lot=` link and waits for the page to hydrate: the modal opens only then, so each
 * stage gets its own wait rather than one wait for both on a loaded machine.
 */
async function openDeepLink(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

const modal = (page: Page) => page.getByTestId('lot-modal');

/** The document was loaded once, with the query: clearing it did not reload the page. */
async function loadedOnceWith(page: Page, query: string): Promise<void> {
  const loads = await page.evaluate(() =>
    performance.getEntriesByType('navigation').map((entry) => entry.name),
  );
  expect(loads).toHaveLength(1);
  expect(loads[0]).toContain(query);
}

/**
 * The modal's host comes after hydration; it takes the lists' event by cancelling it. Until it
 * does, an event without lots (which it ignores) is sent again.
 */
async function hostReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const probe = { lots: [], index: 0, caller: 'billet' };
    return !dispatchEvent(new CustomEvent('site:open-lots', { detail: probe, cancelable: true }));
  });
}

/**
 * The page's lots, unpacked as the browser's code does: from its server state (in the page or beside it),
 * or for a chronique page, which has none, from the answer its deep link asks for.
 */
async function stateLots(page: Page): Promise<Lot[]> {
  const { view, locale } = readState(await pageStateText(page));
  // Left out of the state when no list is in the first component (docs/decisions/0044).
  if (view.kind === 'content' && view.data.lots && !view.data.lotsLater) return view.data.lots;
  const answer = await page.request.get(`${LOTS_ENDPOINT}?lang=${locale}`);
  const checked = checkLotsAnswer(await answer.json());
  return checked.ok ? (checked.value ?? []) : [];
}

/** The page's own lots, as the lists receive them, sent by the lists' event. */
async function dispatchFromState(
  page: Page,
  caller: 'billet' | 'gagnant',
  at: 'first' | 'last',
): Promise<string> {
  await hostReady(page);
  const lots = (await stateLots(page)).filter((lot) =>
    caller === 'billet' ? !!lot.billet : !!lot.gagnant?.video,
  );
  const index = at === 'first' ? 0 : lots.length - 1;
  await page.evaluate((detail) => dispatchEvent(new CustomEvent('site:open-lots', { detail })), {
    lots,
    index,
    caller,
  });
  return lots[index]?.name ?? '';
}

/** A button outside the React roots that opens the modal, to see where focus goes back. */
async function addOpener(page: Page, caller: 'billet' | 'gagnant' = 'billet'): Promise<Locator> {
  await hostReady(page);
  const lots = (await stateLots(page)).filter((lot) => !!lot.billet);
  await page.evaluate(
    (detail) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.id = 'test-opener';
      button.textContent = 'Open the modal';
      button.addEventListener('click', () => {
        dispatchEvent(new CustomEvent('site:open-lots', { detail }));
      });
      document.body.prepend(button);
    },
    { lots, index: 1, caller },
  );
  return page.locator('#test-opener');
}

test.describe('deep link ?lot=', () => {
  test('opens the ticket modal on the ticket page, then the query goes (no reload)', async ({
    page,
    consoleErrors,
  }) => {
    await openDeepLink(page, '/fr/billets-gagnants?lot=lot-2026-001');
    const dialog = page.getByRole('dialog', { name: 'BILLET GAGNANT' });
    await expect(dialog).toBeVisible();
    await expect(modal(page)).toHaveAttribute('data-lot', 'lot-2026-001');
    // The address names the open lot: it can be shared or bookmarked.
    await expect(page).toHaveURL(/\/fr\/billets-gagnants\?lot=lot-2026-001$/);
    await loadedOnceWith(page, '?lot=lot-2026-001');

    await expect(dialog.getByTestId('lot-city')).toHaveText('Montréal');
    // Whole dollars: 1 234,56 $ is shown rounded (Intl's French spaces are non-breaking).
    await expect(dialog.getByTestId('lot-amounts')).toHaveText(/^MISE 20\s\$ \/ GAIN 1\s235\s\$$/u);
    await expect(dialog.getByTestId('lot-date')).toHaveText('novembre 2026');
    await expect(dialog.getByRole('img', { name: 'Pari Boréal Sélection' })).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Hockey' })).toBeVisible();
    await expect(dialog.getByTestId('lot-ticket-image')).toBeVisible();
    await expect(dialog.getByTestId('lot-names')).toHaveCount(0);
    await expect(dialog.getByText('2 sur 18')).toBeVisible();
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);
  });

  test('opens the winner modal on the winners page, the video behind consent', async ({
    page,
    consoleErrors,
  }) => {
    await openDeepLink(page, '/en/winners?lot=lot-2026-001');
    const dialog = page.getByRole('dialog', { name: 'VIDEO OF THE WINNER' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/en\/winners\?lot=lot-2026-001$/);
    await loadedOnceWith(page, '?lot=lot-2026-001');

    await expect(dialog.getByTestId('lot-names')).toHaveText('Julie B.');
    await expect(dialog.getByTestId('lot-region')).toHaveText('Montréal');
    // The editor's « » and " (entities in the content) are gone; the site's own quotes are CSS.
    const quote = dialog.getByTestId('lot-quote');
    await expect(quote).toHaveText(
      'I could not believe it, I checked the ticket three times. Unbelievable',
    );
    expect(await quote.evaluate((q) => q.tagName)).toBe('Q');
    await expect(dialog.getByTestId('lot-amounts')).toHaveText('BET $20 / WON $1,235');
    await expect(dialog.getByTestId('lot-date')).toHaveText('November 2026');
    await expect(dialog.getByTestId('lot-note')).toHaveText(
      'Video recorded with the winner’s consent.',
    );
    await expect(dialog.getByTestId('lot-city')).toHaveCount(0);
    await expect(dialog.getByText('2 of 10')).toBeVisible();

    const overlay = dialog.getByTestId('consent-overlay-video');
    await expect(overlay).toBeVisible();
    await expect(dialog.locator('iframe')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await overlay.getByRole('button').click();
    const player = dialog.locator('iframe');
    await expect(player).toHaveAttribute('src', /\/video-player\/embed\/bRl0009iiii\?/);
    // The player's interface in the page's language (the platform's `hl`).
    await expect(player).toHaveAttribute('src', /[?&]hl=en(?:&|$)/);
    await expect(player).toHaveAttribute('title', 'Video of the winner: Julie B.');
    expect(consoleErrors).toEqual([]);
  });

  test('in English, a ticket shows the English city, else the French one', async ({ page }) => {
    await openDeepLink(page, '/en/winning-tickets?lot=lot-2026-002');
    const dialog = page.getByRole('dialog', { name: 'WINNING TICKET' });
    await expect(dialog.getByTestId('lot-city')).toHaveText('Quebec City');
    await expect(dialog.getByTestId('lot-amounts')).toHaveText('BET $10 / WON $4,581');
    await expect(dialog.locator('[data-sport]')).toHaveCount(3);

    await openDeepLink(page, '/en/winning-tickets?lot=lot-2026-011');
    await expect(modal(page)).toHaveAttribute('data-lot', 'lot-2026-011');
    await expect(modal(page).getByTestId('lot-city')).toHaveText('Rimouski');
  });

  test('gives the multisport logo its wider size', async ({ page }) => {
    await openDeepLink(page, '/fr/billets-gagnants?lot=lot-2026-006');
    const dialog = modal(page);
    await expect(dialog).toHaveAttribute('data-lot', 'lot-2026-006');
    const logo = dialog.locator('[data-sport="multisport"]');
    await expect(logo).toBeVisible();
    const width = await logo.evaluate((img) => img.getBoundingClientRect().width);
    const row = await logo.evaluate((img) => img.parentElement?.getBoundingClientRect().width ?? 0);
    // 20 % of the row, or the phone minimum when that is larger.
    expect(width).toBeGreaterThanOrEqual(Math.min(row * 0.2, 112) - 1);
  });

  test('on a chronique page (no list): tickets first, then the winners', async ({ page }) => {
    await openDeepLink(page, '/fr/chroniques/bilan-hiver?lot=lot-2026-001');
    await expect(page.getByRole('dialog', { name: 'BILLET GAGNANT' })).toBeVisible();
    await expect(page).toHaveURL(/\/fr\/chroniques\/bilan-hiver\?lot=lot-2026-001$/);
    await page.keyboard.press('Escape');
    await expect(modal(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/fr\/chroniques\/bilan-hiver$/);
    // No card on a chronique page: focus goes to its main heading, not to the page's body.
    await expect(page.locator('main h1')).toBeFocused();

    // lot-2026-003 has no ticket: it opens from the winners list.
    await openDeepLink(page, '/fr/chroniques/bilan-hiver?lot=lot-2026-003');
    const dialog = page.getByRole('dialog', { name: 'VIDÉO DU GAGNANT' });
    await expect(dialog.getByTestId('lot-names')).toHaveText('Marc et Louise T.');
    await expect(dialog.getByTestId('lot-region')).toHaveText('Mauricie');
  });

  test('an unknown lot opens nothing, breaks nothing, and the query still goes', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/fr/gagnants?lot=lot-inconnu');
    await waitForHydration(page);
    await expect(page).toHaveURL(/\/fr\/gagnants$/);
    await expect(modal(page)).toHaveCount(0);
    // A winner without video is not in the modal's list either.
    await page.goto('/fr/gagnants?lot=lot-2026-004');
    await waitForHydration(page);
    await expect(page).toHaveURL(/\/fr\/gagnants$/);
    await expect(modal(page)).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('navigation', () => {
  const previous = (page: Page) => modal(page).getByRole('button', { name: 'Précédent' });
  const next = (page: Page) => modal(page).getByRole('button', { name: 'Suivant' });

  test('the arrows are inactive at both ends, without wrapping', async ({ page }) => {
    await openDeepLink(page, '/fr/billets-gagnants?lot=lot-2026-012');
    await expect(modal(page)).toHaveAttribute('data-lot', 'lot-2026-012');
    await expect(modal(page).getByText('1 sur 18')).toBeVisible();
    await expect(previous(page)).toBeDisabled();
    await expect(next(page)).toBeEnabled();
    // Forced: an inactive arrow is not "enabled" for Playwright, but a click must still do nothing.
    await previous(page).click({ force: true });
    await expect(modal(page)).toHaveAttribute('data-lot', 'lot-2026-012');

    await openDeepLink(page, '/fr/billets-gagnants?lot=lot-2026-010');
    await expect(modal(page)).toHaveAttribute('data-lot', 'lot-2026-010');
    await expect(modal(page).getByText('18 sur 18')).toBeVisible();
    await expect(next(page)).toBeDisabled();
    await expect(previous(page)).toBeEnabled();
    await next(page).click({ force: true });
    await expect(modal(page)).toHaveAttribute('data-lot', 'lot-2026-010');
    await previous(page).click();
    await expect(modal(page).getByText('17 sur 18')).toBeVisible();
    await expect(next(page)).toBeEnabled();
  });

  test('the Left and Right keys step too, and each lot starts at its top', async ({ page }) => {
    await openDeepLink(page, '/fr/billets-gagnants?lot=lot-2026-001');
    const dialog = modal(page);
    await expect(dialog).toHaveAttribute('data-lot', 'lot-2026-001');
    const body = dialog.getByTestId('lot-body');
    await body.evaluate((element) => element.scrollTo({ top: 10_000 }));
    await page.keyboard.press('ArrowRight');
    await expect(dialog).toHaveAttribute('data-lot', 'lot-2026-002');
    await expect(dialog.getByText('3 sur 18')).toBeVisible();
    expect(await body.evaluate((element) => element.scrollTop)).toBe(0);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(dialog).toHaveAttribute('data-lot', 'lot-2026-012');
    await page.keyboard.press('ArrowLeft');
    await expect(dialog).toHaveAttribute('data-lot', 'lot-2026-012');
    // Focus stayed in the dialog all along.
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog[open]'))).toBe(true);
  });

  test('the winners: the first and the last, by the event with the page’s own lots', async ({
    page,
  }) => {
    await page.goto('/en/winners');
    await waitForHydration(page);
    const first = await dispatchFromState(page, 'gagnant', 'first');
    await expect(modal(page)).toHaveAttribute('data-lot', first);
    const dialog = page.getByRole('dialog', { name: 'VIDEO OF THE WINNER' });
    await expect(dialog.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(modal(page)).toHaveCount(0);
    const last = await dispatchFromState(page, 'gagnant', 'last');
    await expect(modal(page)).toHaveAttribute('data-lot', last);
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });
});

test.describe('the lists’ event', () => {
  test('a click on a list before the modal’s code has come opens it when it comes', async ({
    page,
    consoleErrors,
  }) => {
    const release = await holdRequests(page, /\/assets\/LotModal-[\w-]+\.js$/);
    await page.goto('/fr/billets-gagnants');
    await waitForHydration(page);
    const first = page.locator('#mount-main li[data-lot-index="0"] button');
    await blockReady(page, first);
    await first.click();
    await expect(modal(page)).toHaveCount(0);
    release();
    await expect(page.getByRole('dialog', { name: 'BILLET GAGNANT' })).toBeVisible();
    await expect(modal(page)).toHaveAttribute('data-caller', 'billet');
    expect(consoleErrors).toEqual([]);
  });

  test('opens the modal, even on a page without a list, loading it only then', async ({
    page,
    consoleErrors,
  }) => {
    const chunks: string[] = [];
    const lotAnswers: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/LotDialog-/.test(request.url())) chunks.push(request.url());
      if (request.url().includes(LOTS_ENDPOINT)) lotAnswers.push(request.url());
    });
    await page.goto('/fr/chroniques/bilan-hiver');
    await waitForHydration(page);
    expect(chunks).toEqual([]);
    // The page carries no lots, and asks for none without a deep link.
    expect(await pageStateText(page)).not.toContain('lot-2026-');
    expect(lotAnswers).toEqual([]);
    const name = await dispatchFromState(page, 'billet', 'first');
    expect(name).not.toBe('');
    await expect(page.getByRole('dialog', { name: 'BILLET GAGNANT' })).toBeVisible();
    await expect(modal(page)).toHaveAttribute('data-lot', name);
    expect(chunks.filter((url) => url.endsWith('.js'))).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('closing, focus and scroll', () => {
  test('Escape closes it and focus returns to the opener', async ({ page }) => {
    await page.goto('/fr/billets-gagnants');
    await waitForHydration(page);
    const opener = await addOpener(page);
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'BILLET GAGNANT' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Fermer' })).toBeFocused();
    for (const key of [
      'Tab',
      'Tab',
      'Tab',
      'Tab',
      'Shift+Tab',
      'Shift+Tab',
      'Shift+Tab',
      'Shift+Tab',
      'Shift+Tab',
    ]) {
      await page.keyboard.press(key);
      expect(
        await page.evaluate(() => !!document.activeElement?.closest('dialog[open]')),
        key,
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(modal(page)).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('the X closes it and focus returns to the opener, in English too', async ({ page }) => {
    await page.goto('/en/winning-tickets');
    await waitForHydration(page);
    const opener = await addOpener(page);
    await opener.click();
    const close = page.getByRole('dialog', { name: 'WINNING TICKET' }).getByRole('button', {
      name: 'Close',
    });
    await expect(close).toHaveText('X');
    await close.click();
    await expect(modal(page)).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('the page behind does not scroll while it is open, and is where it was after', async ({
    page,
  }) => {
    await page.goto('/fr/billets-gagnants');
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(300);
    await dispatchFromState(page, 'billet', 'first');
    await expect(modal(page)).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflowY)).toBe(
      'hidden',
    );
    await page.mouse.move(3, 3);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(300);
    await page.keyboard.press('Escape');
    await expect(modal(page)).toHaveCount(0);
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).overflowY),
    ).not.toBe('hidden');
    expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(300);
  });
});

const languages = {
  fr: {
    tickets: '/fr/billets-gagnants',
    winners: '/fr/gagnants',
    ticket: /^Voir le billet/,
    video: 'Voir la vidéo de Julie B.',
    next: 'Suivant',
    close: 'Fermer',
    stake: /^MISE 7,50\s\$ \/ GAIN 1\s875\s\$$/u,
  },
  en: {
    tickets: '/en/winning-tickets',
    winners: '/en/winners',
    ticket: /^View the ticket/,
    video: 'Watch the video of Julie B.',
    next: 'Next',
    close: 'Close',
    stake: /^BET \$7\.50 \/ WON \$1,875$/u,
  },
} as const;

/**
 * Focus is on `opener`, and it shows (issue 45): its card lies whole inside the viewport, the
 * page having been at its top, and a focus ring is drawn on it or on its card.
 */
async function expectFocusShown(page: Page, opener: Locator): Promise<void> {
  await expect(opener).toBeFocused();
  await expect
    .poll(() =>
      opener.evaluate((element) => {
        const box = (element.closest('article') ?? element).getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
      }),
    )
    .toBe(true);
  const ring = await opener.evaluate((element) =>
    [element, element.closest('article')].some((e) => {
      if (!e) return false;
      const style = getComputedStyle(e);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    }),
  );
  expect(ring).toBe(true);
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON');
}

/** The card of a shown lot: its list item, by the lot's place in the list. */
const card = (page: Page, index: number) =>
  page.locator(`#mount-main li[data-lot-index="${index}"]`);

for (const [lang, p] of Object.entries(languages)) {
  test.describe(`the modal in the history (${lang})`, () => {
    test('the stake is shown as placed, not rounded; only the winnings are', async ({ page }) => {
      // lot-2026-013: a stake of 7.50 $, winnings of 1 875.25 $.
      await openDeepLink(page, `${p.tickets}?lot=lot-2026-013`);
      await expect(modal(page)).toHaveAttribute('data-lot', 'lot-2026-013');
      await expect(modal(page).getByTestId('lot-amounts')).toHaveText(p.stake);
    });

    test('closing a modal that `?lot=` opened gives focus to its card, else the main heading', async ({
      page,
    }) => {
      // lot-2026-001 is the second ticket, below the page's first screen (issue 45: the focus
      // went there, but the page stayed at its top, and no ring showed).
      await openDeepLink(page, `${p.tickets}?lot=lot-2026-001`);
      await expect(modal(page)).toHaveAttribute('data-lot', 'lot-2026-001');
      await page.keyboard.press('Escape');
      await expect(modal(page)).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${p.tickets}$`));
      await expectFocusShown(page, card(page, 1).getByRole('button', { name: p.ticket }));

      // The winner's card has its video button; the X closes it this time: a click, after
      // which the browser's own rule would show no ring.
      await openDeepLink(page, `${p.winners}?lot=lot-2026-001`);
      await modal(page).getByRole('button', { name: p.close }).click();
      await expect(modal(page)).toHaveCount(0);
      await expectFocusShown(page, page.getByRole('button', { name: p.video }));
      // The ring goes with the focus, as any other.
      await page.keyboard.press('Tab');
      const ring = await page
        .getByRole('button', { name: p.video })
        .evaluate((element) => getComputedStyle(element).outlineStyle);
      expect(ring).toBe('none');

      // lot-2026-010 is the last ticket, not shown before "show more": the main heading.
      await openDeepLink(page, `${p.tickets}?lot=lot-2026-010`);
      await expect(modal(page)).toHaveAttribute('data-lot', 'lot-2026-010');
      await page.keyboard.press('Escape');
      await expect(modal(page)).toHaveCount(0);
      await expect(page.locator('main h1')).toBeFocused();
      await expectNoAxeViolations(page, 'main');
    });

    test('Back closes the modal and stays on the page; Forward opens it again', async ({
      page,
    }) => {
      await page.goto(p.tickets);
      await waitForHydration(page);
      const opener = card(page, 2).getByRole('button', { name: p.ticket });
      await blockReady(page, opener);
      await opener.click();
      await expect(modal(page)).toHaveAttribute('data-lot', 'lot-2026-002');
      await expect(page).toHaveURL(new RegExp(`${p.tickets}\\?lot=lot-2026-002$`));
      await page.goBack();
      await expect(modal(page)).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${p.tickets}$`));
      await expect(opener).toBeFocused();
      await page.goForward();
      await expect(modal(page)).toHaveAttribute('data-lot', 'lot-2026-002');
      // Closed by the visitor: its entry goes, Back then leaves nothing open.
      await page.keyboard.press('Escape');
      await expect(modal(page)).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${p.tickets}$`));
      await expect(opener).toBeFocused();
      await loadedOnceWith(page, p.tickets);
    });

    test('Back closes a modal that `?lot=` opened, and stays on the page', async ({ page }) => {
      await page.goto(p.winners);
      await waitForHydration(page);
      await openDeepLink(page, `${p.winners}?lot=lot-2026-001`);
      await expect(modal(page)).toHaveAttribute('data-lot', 'lot-2026-001');
      await page.goBack();
      await expect(modal(page)).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${p.winners}$`));
      await loadedOnceWith(page, `${p.winners}?lot=lot-2026-001`);
      await expect(page.getByRole('button', { name: p.video })).toBeFocused();
    });

    test('the open modal’s address opens the same lot when loaded', async ({ page, context }) => {
      await page.goto(p.winners);
      await waitForHydration(page);
      const opener = page.getByRole('button', { name: p.video });
      await blockReady(page, opener);
      await opener.click();
      await expect(modal(page)).toHaveAttribute('data-lot', 'lot-2026-001');
      await modal(page).getByRole('button', { name: p.next }).click();
      await expect(modal(page)).not.toHaveAttribute('data-lot', 'lot-2026-001');
      const shown = await modal(page).getAttribute('data-lot');
      expect(page.url()).toMatch(new RegExp(`${p.winners}\\?lot=${shown ?? ''}$`));

      const other = await context.newPage();
      await openDeepLink(other, page.url());
      await expect(modal(other)).toHaveAttribute('data-lot', shown ?? '');
      await expect(modal(other).getByText(lang === 'fr' ? '3 sur 10' : '3 of 10')).toBeVisible();
    });

    test('the Next button stays where it is from one winner to the next', async ({ page }) => {
      await openDeepLink(page, `${p.winners}?lot=lot-2026-012`);
      const next = modal(page).getByRole('button', { name: p.next });
      await expect(modal(page)).toHaveAttribute('data-lot', 'lot-2026-012');
      const box = async () => {
        const b = await next.boundingBox();
        return b && [b.x, b.y, b.width, b.height].map(Math.round);
      };
      const first = await box();
      expect(first).not.toBeNull();
      for (let step = 2; step <= 6; step += 1) {
        await next.click();
        await expect(
          modal(page).getByText(lang === 'fr' ? `${step} sur 10` : `${step} of 10`),
        ).toBeVisible();
        expect(await box(), `winner ${step}`).toEqual(first);
      }
    });
  });
}
