/**
 * Responsible gambling (issue 33): the footer gives the province's help line and a short
 * message, in both languages, with one 18+ badge and one copyright line; the sports area shows
 * the message too. All of it is content (the footer's legal note and ad zone).
 */
import { expect, expectNoAxeViolations, test, waitForHydration } from './fixtures';

const LANGUAGES = [
  {
    lang: 'fr',
    path: '/fr/accueil',
    sports: '/sports/fr',
    service: 'Jeu : aide et référence',
    message: 'Le jeu doit rester un divertissement',
    campaign: 'Le jeu doit rester un jeu',
  },
  {
    lang: 'en',
    path: '/en/home',
    sports: '/sports/en',
    service: 'Gambling: Help and Referral',
    message: 'Gambling should stay entertainment',
    campaign: 'Keep the game a game',
  },
] as const;

// The number never breaks: no-break spaces and a non-breaking hyphen (U+2011).
// The number never breaks across lines: no-break spaces and a non-breaking hyphen (U+2011).
const HELP_LINE = 'a[href="tel:+18004610140"]';

for (const { lang, path, sports, service, message, campaign } of LANGUAGES) {
  test(`the footer has one 18+ badge, one © line, the help line and the message (${lang})`, async ({
    page,
  }) => {
    await page.goto(path);
    await waitForHydration(page);
    const footer = page.getByTestId('site-footer');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByRole('img', { name: /18/ })).toHaveCount(1);
    expect((await footer.innerText()).match(/©/g) ?? []).toHaveLength(1);
    const legal = footer.locator('p', { hasText: service });
    await expect(legal.first()).toBeVisible();
    await expect(legal.locator(HELP_LINE).first()).toHaveText(/^1\s800\s461\u20110140$/);
    await expect(footer).toContainText(message);
    await expectNoAxeViolations(page, '[data-testid="site-footer"]');
  });

  test(`the sports area shows the message and the help line (${lang})`, async ({ page }) => {
    await page.goto(sports);
    await waitForHydration(page);
    const notice = page.getByRole('heading', { name: campaign });
    await notice.scrollIntoViewIfNeeded();
    await expect(notice).toBeVisible();
    const block = page.locator('section', { has: notice });
    await expect(block).toContainText(service);
    await expect(block.locator(HELP_LINE)).toBeVisible();
  });
}

const NOTE = {
  fr: { name: 'Jeu responsable', text: 'Pariez pour le plaisir' },
  en: { name: 'Responsible gambling', text: 'Bet for fun' },
} as const;

// Issue 45: the message was only in the footer, screens down on a phone. No brackets in the
// title: each language runs at both widths (support/viewports.ts).
for (const { lang, sports, service } of LANGUAGES) {
  test(`the sports area's first screen holds the message and the help line, in ${lang}`, async ({
    page,
    isMobile,
  }) => {
    if (isMobile) await page.setViewportSize({ width: 375, height: 740 });
    // The largest paint, as the browser reports it from the start.
    await page.addInitScript(() => {
      const seen: Element[] = [];
      Object.assign(window, { lcpElements: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const element = (entry as PerformanceEntry & { element: Element | null }).element;
          if (element) seen.push(element);
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(sports);
    await waitForHydration(page);
    const note = page.getByRole('region', { name: NOTE[lang].name });
    await expect(note).toContainText(NOTE[lang].text);
    await expect(note).toContainText(service);
    await expect(note.locator(HELP_LINE)).toHaveText(/^1\s800\s461\u20110140$/);
    await expect(note.getByRole('img', { name: /18/ })).toBeVisible();
    const widget = page.locator('#sports-widget');
    await expect(widget.getByRole('heading').first()).toBeVisible();
    const { noteTop, noteBottom, widgetTop, screen } = await note.evaluate((element) => {
      const own = element.getBoundingClientRect();
      const next = document.getElementById('sports-widget')?.getBoundingClientRect();
      return {
        noteTop: own.top,
        noteBottom: own.bottom,
        widgetTop: next?.top ?? 0,
        screen: window.innerHeight,
      };
    });
    // In the first screen, with no scroll, right above the widget and compact.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(noteTop).toBeGreaterThanOrEqual(0);
    expect(noteBottom).toBeLessThanOrEqual(screen);
    expect(widgetTop).toBeGreaterThanOrEqual(noteBottom);
    expect(widgetTop - noteBottom).toBeLessThan(24);
    expect(noteBottom - noteTop).toBeLessThan(isMobile ? 64 : 40);
    // The page's largest paint is still the widget's, not the note's.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const seen = (window as unknown as { lcpElements: Element[] }).lcpElements;
          const last = seen.at(-1);
          return last?.closest('#sports-widget') ? true : `${last?.outerHTML.slice(0, 120)}`;
        }),
      )
      .toBe(true);
    await expectNoAxeViolations(page, '[data-testid="responsible-note"]');
  });
}
