/**
 * The embedded players' stand-ins (issue 33): they speak the page's language, which the embed
 * passes (the video platform's `hl`, the podcast player's `lang`), and none of their text is cut
 * off, on a phone or a desktop.
 */
import type { FrameLocator } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

const LANGUAGES = [
  {
    lang: 'fr',
    path: '/fr/accueil',
    accept: 'Accepter et afficher',
    heading: 'Lecteur vidéo',
    podcast: 'Lecteur de balados de démonstration',
  },
  {
    lang: 'en',
    path: '/en/home',
    accept: 'Accept and show',
    heading: 'Demo video player',
    podcast: 'Demo podcast player',
  },
] as const;

/** What of the player's page passes its frame's edges, or is cut in its own box. */
async function overflowOf(frame: FrameLocator): Promise<string[]> {
  return frame.locator('html').evaluate((root) => {
    const out: string[] = [];
    if (root.scrollWidth > root.clientWidth) out.push(`page ${root.scrollWidth} wide`);
    if (root.scrollHeight > root.clientHeight) out.push(`page ${root.scrollHeight} high`);
    for (const line of root.querySelectorAll('p')) {
      const box = line.getBoundingClientRect();
      if (line.scrollWidth > line.clientWidth) out.push(`${line.className} too wide`);
      const inside =
        box.left >= 0 &&
        box.top >= 0 &&
        box.right <= root.clientWidth &&
        box.bottom <= root.clientHeight;
      if (!inside) out.push(`${line.className} outside the frame`);
    }
    return out;
  });
}

for (const { lang, path, accept, heading, podcast } of LANGUAGES) {
  test(`the stand-in player speaks the page's language, its text within its frame (${lang})`, async ({
    page,
  }) => {
    await page.goto(path);
    await waitForHydration(page);
    const overlay = page.getByTestId('consent-overlay-video').first();
    await overlay.scrollIntoViewIfNeeded();
    await overlay.getByRole('button', { name: accept }).click();
    const players = page.locator('iframe[src*="/video-player/embed/"]');
    await expect(players.first()).toHaveAttribute('src', new RegExp(`[?&]hl=${lang}(?:&|$)`));
    for (const player of await players.all()) {
      await player.scrollIntoViewIfNeeded();
      const frame = player.contentFrame();
      await expect(frame.locator('html')).toHaveAttribute('lang', lang);
      await expect(frame.getByText(heading)).toBeVisible();
      if (lang === 'fr')
        await expect(frame.locator('body')).not.toContainText(/video player|query/i);
      expect(await overflowOf(frame)).toEqual([]);
    }
  });

  test(`the stand-in podcast player speaks the page's language, its text within its frame (${lang})`, async ({
    page,
  }) => {
    await page.goto(path);
    await waitForHydration(page);
    const overlay = page.getByTestId('consent-overlay-podcast');
    await overlay.scrollIntoViewIfNeeded();
    await overlay.getByRole('button', { name: accept }).click();
    const player = page.locator('iframe[src*="/podcast-player/"]');
    await expect(player).toHaveAttribute('src', new RegExp(`[?&]lang=${lang}(?:&|$)`));
    await player.scrollIntoViewIfNeeded();
    const frame = player.contentFrame();
    await expect(frame.locator('html')).toHaveAttribute('lang', lang);
    await expect(frame.getByText(podcast)).toBeVisible();
    if (lang === 'fr')
      await expect(frame.locator('body')).not.toContainText(/podcast player|query|user_id/i);
    expect(await overflowOf(frame)).toEqual([]);
  });
}
