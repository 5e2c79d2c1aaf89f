/**
 * The embedded video player's stand-in (issue 33): it speaks the page's language, which the
 * embed passes as the platform's `hl`, and none of its text is cut off, on a phone or a desktop.
 */
import { expect, test, waitForHydration } from './fixtures';

const LANGUAGES = [
  { lang: 'fr', path: '/fr/accueil', accept: 'Accepter et afficher', heading: 'Lecteur vidéo' },
  { lang: 'en', path: '/en/home', accept: 'Accept and show', heading: 'Demo video player' },
] as const;

for (const { lang, path, accept, heading } of LANGUAGES) {
  test(`${lang}: the stand-in player speaks the page's language, its text within its frame`, async ({
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
      const overflow = await frame.locator('html').evaluate((root) => {
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
      expect(overflow).toEqual([]);
    }
  });
}
