/** The carousel and gallery slider blocks: rules of docs/requirements.md §4, §5 and §9, in both languages. */
import type { Locator, Page } from '@playwright/test';
import { blockReady, expect, expectNoAxeViolations, test, waitForHydration } from './fixtures';

const DEMO = { fr: '/fr/demo/carrousel', en: '/en/demo/carousel' } as const;
const ROLE = { fr: 'carrousel', en: 'carousel' } as const;
const SLIDE = { fr: 'diapositive', en: 'slide' } as const;
const PAUSE = { fr: 'Mettre le défilement en pause', en: 'Pause the slide show' } as const;
const PLAY = { fr: 'Lancer le défilement', en: 'Play the slide show' } as const;
const NEXT = { fr: 'Diapositive suivante', en: 'Next slide' } as const;
const DOTS = { fr: 'Choisir une diapositive', en: 'Choose a slide' } as const;
type Lang = keyof typeof DEMO;

function carousels(page: Page, lang: Lang): Locator {
  return page.locator(`[aria-roledescription="${ROLE[lang]}"]`);
}

/** The slide in view, once Embla runs (the others are inert). */
function current(carousel: Locator, lang: Lang): Locator {
  return carousel.locator(`[aria-roledescription="${SLIDE[lang]}"]:not([inert])`);
}

async function ready(carousel: Locator, lang: Lang): Promise<string> {
  // Its code comes when it is near the screen (src/blocks/LazyBlock.tsx); until it works, the
  // first slide is the one not inert.
  await blockReady(carousel.page(), carousel);
  await expect(carousel).toHaveAttribute('data-started');
  await expect(current(carousel, lang)).toHaveCount(1);
  return (await current(carousel, lang).getAttribute('data-slide')) ?? '';
}

/** Hovering suspends the rotation: after a click, the pointer leaves the carousel. */
async function pointerAway(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
}

for (const lang of ['fr', 'en'] as const) {
  test.describe(`carousel (${lang})`, () => {
    test('starts on a random slide', async ({ page }) => {
      // Three slides: eight loads all on one slide is a 1 in 2,187 chance, unless the start is
      // not random. The list read says which slides were seen, should it ever fail.
      const starts: string[] = [];
      for (let load = 0; load < 8 && new Set(starts).size < 2; load++) {
        await page.goto(DEMO[lang]);
        await waitForHydration(page);
        starts.push(await ready(carousels(page, lang).first(), lang));
      }
      expect(new Set(starts).size, `slides seen first: ${starts.join(', ')}`).toBeGreaterThan(1);
    });

    test('hydrates, in its language, when its texts arrive after its code', async ({
      page,
      consoleErrors,
    }) => {
      // The late messages (src/i18n/late-keys.ts) held back until the carousel's code is in:
      // its gate waits for both (src/blocks/LazyBlock.tsx), so no key shows and no hydration fails.
      let releaseTexts: () => void = () => undefined;
      const textsHeld = new Promise<void>((resolve) => {
        releaseTexts = resolve;
      });
      let codeArrived: () => void = () => undefined;
      const code = new Promise<void>((resolve) => {
        codeArrived = resolve;
      });
      await page.route(/\/assets\/[a-z]{2}-late-[\w-]+\.js$/, async (route) => {
        await textsHeld;
        await route.continue();
      });
      page.on('requestfinished', (request) => {
        if (/\/assets\/Carousel-[\w-]+\.js$/.test(request.url())) codeArrived();
      });
      await page.goto(DEMO[lang]);
      await waitForHydration(page);
      const carousel = carousels(page, lang).first();
      await carousel.scrollIntoViewIfNeeded();
      await code;
      releaseTexts();
      await ready(carousel, lang);
      await expect(carousel.locator('[data-paused]')).toHaveAccessibleName(PAUSE[lang]);
      expect(consoleErrors).toEqual([]);
    });

    test('plays on its own, pauses and plays again with the button, whose name flips', async ({
      page,
      consoleErrors,
    }) => {
      await page.goto(DEMO[lang]);
      await waitForHydration(page);
      const carousel = carousels(page, lang).first();
      const first = await ready(carousel, lang);
      // One button whose accessible name says what a press does: "pause", then "play".
      const button = carousel.locator('[data-paused]');
      await expect(button).toHaveAccessibleName(PAUSE[lang]);
      await expect(button).not.toHaveAttribute('aria-pressed');
      await expect(carousel.locator('[aria-live]')).toHaveAttribute('aria-live', 'off');
      // autoplayTimeout is 2 s on this carousel.
      await expect(current(carousel, lang)).not.toHaveAttribute('data-slide', first, {
        timeout: 5_000,
      });

      await carousel.getByRole('button', { name: PAUSE[lang] }).click();
      await pointerAway(page);
      await expect(button).toHaveAccessibleName(PLAY[lang]);
      await expect(carousel.locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
      const paused = await ready(carousel, lang);
      await page.waitForTimeout(3_000);
      await expect(current(carousel, lang)).toHaveAttribute('data-slide', paused);

      await carousel.getByRole('button', { name: PLAY[lang] }).click();
      await pointerAway(page);
      await expect(button).toHaveAccessibleName(PAUSE[lang]);
      await expect(current(carousel, lang)).not.toHaveAttribute('data-slide', paused, {
        timeout: 5_000,
      });
      expect(consoleErrors).toEqual([]);
    });

    test('an arrow moves it and pauses it', async ({ page }) => {
      await page.goto(DEMO[lang]);
      await waitForHydration(page);
      const carousel = carousels(page, lang).first();
      const before = await ready(carousel, lang);
      await carousel.getByRole('button', { name: NEXT[lang] }).click();
      await pointerAway(page);
      await expect(carousel.getByRole('button', { name: PLAY[lang] })).toBeVisible();
      await expect(current(carousel, lang)).not.toHaveAttribute('data-slide', before);
      const moved = await ready(carousel, lang);
      await page.waitForTimeout(3_000);
      await expect(current(carousel, lang)).toHaveAttribute('data-slide', moved);
    });

    test('keeps still when the visitor asks for reduced motion', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(DEMO[lang]);
      await waitForHydration(page);
      const carousel = carousels(page, lang).first();
      const start = await ready(carousel, lang);
      await expect(carousel.getByRole('button', { name: PLAY[lang] })).toBeVisible();
      await page.waitForTimeout(3_000);
      await expect(current(carousel, lang)).toHaveAttribute('data-slide', start);
    });

    test('a single slide has no arrows, indicators or pause button', async ({ page }) => {
      await page.goto(DEMO[lang]);
      await waitForHydration(page);
      const single = carousels(page, lang).nth(1);
      await expect(single.locator(`[aria-roledescription="${SLIDE[lang]}"]`)).toHaveCount(1);
      await expect(single.getByRole('button')).toHaveCount(0);
      await expect(single.getByRole('link')).toBeVisible();
    });

    test('hides the indicators on phones, and slides without an image for the size', async ({
      page,
      isMobile,
    }) => {
      await page.goto(DEMO[lang]);
      await waitForHydration(page);
      const first = carousels(page, lang).first();
      const dots = first.getByRole('group', { name: DOTS[lang] });
      if (isMobile) await expect(dots).toBeHidden();
      else await expect(dots.getByRole('button')).toHaveCount(3);
      // The third carousel's second slide has no phone image.
      const bySize = carousels(page, lang).nth(2);
      // Below the first screen: the browser judges its slides once its code has come.
      await blockReady(page, bySize);
      const slides = bySize.locator(`[aria-roledescription="${SLIDE[lang]}"]`);
      await expect(slides).toHaveCount(isMobile ? 1 : 2);
      await expect(bySize.getByRole('button', { name: PAUSE[lang] })).toHaveCount(isMobile ? 0 : 1);
    });

    test('has no accessibility violation', async ({ page, consoleErrors }) => {
      await page.goto(DEMO[lang]);
      await waitForHydration(page);
      await ready(carousels(page, lang).first(), lang);
      await expectNoAxeViolations(page);
      expect(consoleErrors).toEqual([]);
    });
  });
}

test.describe('carousel of the home page', () => {
  for (const [lang, path, absent] of [
    ['fr', '/fr/accueil', ['Nouvelle saison', 'Sans image']],
    ['en', '/en/home', ['New season', 'No image']],
  ] as const) {
    test(`shows only slides in their window with an image (${lang})`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      const carousel = carousels(page, lang).first();
      await ready(carousel, lang);
      const slides = carousel.locator(`[aria-roledescription="${SLIDE[lang]}"]`);
      await expect(slides).toHaveCount(3);
      for (const title of absent) await expect(carousel.getByText(title)).toHaveCount(0);
      await expect(
        carousel.getByRole('button', { name: lang === 'fr' ? 'Suivant' : 'Next' }),
      ).toHaveCount(1);
    });
  }

  test('has no accessibility violation in the carousel and the gallery', async ({ page }) => {
    await page.goto('/en/home');
    await waitForHydration(page);
    await ready(carousels(page, 'en').first(), 'en');
    // The home page holds every block; these two are checked here, the whole page elsewhere.
    await expectNoAxeViolations(page, '[aria-roledescription="carousel"]', '[data-gallery]');
  });
});

test.describe('gallery slider', () => {
  const widths = [
    [320, 1],
    [768, 3],
    [1024, 4],
    [1200, 5],
  ] as const;

  for (const [width, count] of widths) {
    test(`shows ${count} image(s) at ${width} px, the next one peeking`, async ({
      page,
      isMobile,
    }) => {
      test.skip(isMobile, 'one width per check, set here; the desktop project is enough');
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/fr/accueil');
      await waitForHydration(page);
      const gallery = page.getByRole('region', { name: 'La saison en images' });
      await gallery.scrollIntoViewIfNeeded();
      const list = gallery.getByRole('list');
      const box = await list.evaluate((ul) => {
        const view = (ul.parentElement ?? ul).getBoundingClientRect();
        const items = [...ul.querySelectorAll('li img')].map((img) => img.getBoundingClientRect());
        const inside = items.filter((r) => r.left >= view.left - 1 && r.right <= view.right + 1);
        const peek = items.find((r) => r.left < view.right && r.right > view.right);
        return {
          total: items.length,
          visible: inside.length,
          peek: peek ? view.right - peek.left : 0,
          gap: items.length > 1 && items[0] && items[1] ? items[1].left - items[0].right : 0,
        };
      });
      expect(box.total).toBe(7);
      expect(box.visible).toBe(count);
      expect(Math.round(box.peek)).toBe(40);
      expect(Math.round(box.gap)).toBe(5);
    });
  }

  test('moves by buttons and keyboard, without looping or dots', async ({ page }) => {
    await page.goto('/en/home');
    await waitForHydration(page);
    const gallery = page.getByRole('region', { name: 'The season in pictures' });
    await gallery.scrollIntoViewIfNeeded();
    const previous = gallery.getByRole('button', { name: 'Previous images' });
    const next = gallery.getByRole('button', { name: 'Next images' });
    await expect(gallery.getByRole('button')).toHaveCount(2);
    await expect(previous).toBeDisabled();
    // Embla places the track with a transform once it runs.
    await expect(gallery.getByRole('list')).toHaveAttribute('style', /translate/);
    const first = gallery.getByRole('listitem').first();
    const startX = (await first.boundingBox())?.x ?? 0;
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(previous).toBeEnabled();
    await expect.poll(async () => (await first.boundingBox())?.x ?? 0).toBeLessThan(startX - 100);
    // To the end: the next button turns off there, nothing wraps round.
    for (let i = 0; i < 8 && (await next.isEnabled()); i++) await page.keyboard.press('ArrowRight');
    await expect(next).toBeDisabled();
    await previous.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(next).toBeEnabled();
  });
});
