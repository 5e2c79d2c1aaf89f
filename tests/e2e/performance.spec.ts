/**
 * The browser side of performance (docs/decisions/0014-javascript-budget.md): blocks' code only
 * on pages that use them, the JavaScript budget before interaction, image priorities, no layout
 * shift on load.
 */
import { createHash } from 'node:crypto';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { JS_BEFORE_INTERACTION, STATIC_JS_BEFORE_INTERACTION } from '../../bench/lib/budgets';
import { E2E_ORIGIN } from '../../playwright.config';
import { blockReady, expect, test, waitForHydration } from './fixtures';

// Ceilings from bench/lib/budgets.ts: 91,740 and 88,674 B gzip measured 2026-11-29, plus 1 KiB
// each; the exact figures against them: bench/results/latest.md (`npm run bench -- --only=bytes`).
const BUDGET_BYTES = JS_BEFORE_INTERACTION.ceiling;
const STATIC_BUDGET_BYTES = STATIC_JS_BEFORE_INTERACTION.ceiling;

/** Every script the page requested, by URL, with its body once it has arrived. */
function recordScripts(page: Page): Map<string, Promise<Buffer>> {
  const bodies = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' || /\.js(?:$|\?)/.test(response.url())) {
      // A page closed before the body arrived: nothing to count.
      bodies.set(
        response.url(),
        response.body().catch(() => Buffer.alloc(0)),
      );
    }
  });
  return bodies;
}

test.describe('block chunks', () => {
  test('a page loads the chunks of the blocks it uses, and no other', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/fr/chroniques/bilan-hiver');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const names = [...scripts.keys()].map((url) => new URL(url).pathname);
    expect(names.some((n) => /\/assets\/(?:Carousel|EmblaEngine|Gallery)-/.test(n))).toBe(false);
    // Served whole as static trees, the structure and the chronique's header keep their markup
    // (docs/decisions/0050-structure-blocks-in-their-own-chunk.md).
    expect(names.filter((n) => /\/assets\/(?:structural|ChronicleHeader)-/.test(n))).toEqual([]);

    scripts.clear();
    await page.goto('/fr/promotions');
    await waitForHydration(page);
    // The block on the first screen asks for its code once the page is interactive, which may be
    // after the network was first idle on a loaded machine: waited for, then the rest settles.
    const asked = () => [...scripts.keys()].map((url) => new URL(url).pathname);
    await expect.poll(() => asked().some((n) => /\/assets\/Promotions-/.test(n))).toBe(true);
    await expect
      .poll(() => asked().filter((n) => /\/assets\/[a-z]{2}-late-/.test(n)))
      .toHaveLength(1);
    await page.waitForLoadState('networkidle');
    const promotions = asked();
    expect(promotions.some((n) => /\/assets\/(?:TicketList|WinnerList|lot-list)-/.test(n))).toBe(
      false,
    );
    // On-demand features (the site map, a chronique's header, technical help, cookie settings)
    // come only with them; the late texts (src/i18n/late-keys.ts) with the first block, once the
    // page is interactive.
    expect(
      promotions.filter((n) => /\/assets\/(?:SiteMapPage|ChronicleHeader|TechHelp|mount)-/.test(n)),
    ).toEqual([]);
    const late = await page.evaluate(() => ({
      hydrated: performance.getEntriesByName('hydrated')[0]?.startTime ?? Infinity,
      late: performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/[a-z]{2}-late-[^/]+\.js$/.test(e.name))
        .map((e) => e.startTime),
    }));
    expect(late.late).toHaveLength(1);
    expect(late.late[0]).toBeGreaterThanOrEqual(late.hydrated);
  });

  test('a block on the first screen gets its code once the page is interactive', async ({
    page,
    request,
  }) => {
    // docs/decisions/0047-blocks-after-the-frame.md: the frame hydrates first.
    const html = await (await request.get('/fr/demo/carrousel')).text();
    const entry = /<script type="module"[^>]*data-after-paint="([^"]*)"[^>]*>/.exec(html);
    expect(entry?.[1]).toBeDefined();
    expect(entry?.[1]).not.toMatch(/\/assets\/Carousel-/);
    // Nothing the site runs is asked for by the head itself.
    expect(html).not.toMatch(/<link rel="modulepreload"/);

    await page.goto('/fr/demo/carrousel');
    await waitForHydration(page);
    const carousel = page.locator('[data-lazy-block="carrousel"]').first();
    await expect(carousel).toHaveAttribute('data-block-ready', '');
    const timing = await page.evaluate(() => {
      const hydrated = performance.getEntriesByName('hydrated')[0]?.startTime;
      const chunk = performance
        .getEntriesByType('resource')
        .find((e) => /\/assets\/Carousel-[^/]+\.js$/.test(e.name));
      return { hydrated, chunk: chunk?.startTime };
    });
    expect(timing.hydrated).toBeDefined();
    expect(timing.chunk).toBeGreaterThan(timing.hydrated ?? Infinity);
  });
});

test.describe('blocks near the screen', () => {
  test('a block’s code comes when it nears the screen, not before', async ({
    page,
    consoleErrors,
  }) => {
    const scripts = recordScripts(page);
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const loaded = () => [...scripts.keys()].map((url) => new URL(url).pathname);
    // The home page's first screen holds no block in its own chunk: none is loaded yet.
    expect(
      loaded().filter((n) => /\/assets\/(?:Carousel|Gallery|Accordion|Tabs)-/.test(n)),
    ).toEqual([]);
    const faq = page.locator('summary', { hasText: 'Comment placer un pari ?' });
    await blockReady(page, faq);
    expect(loaded().some((n) => /\/assets\/Accordion-/.test(n))).toBe(true);
    await faq.click();
    await expect(faq.locator('..')).toHaveAttribute('open');
    expect(consoleErrors).toEqual([]);
  });

  test('a block whose code does not arrive goes, and the page carries on', async ({
    page,
    consoleWarnings: warnings,
  }) => {
    await page.route(/\/assets\/Accordion-/, (route) => route.abort());
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    const faq = page.locator('summary', { hasText: 'Comment placer un pari ?' });
    await faq.scrollIntoViewIfNeeded();
    await expect.poll(() => warnings.some((w) => w.includes('Block accordeon'))).toBe(true);
    // Its boundary shows nothing (docs/decisions/0066); the blocks around it still work.
    await expect(faq).toHaveCount(0);
    const tabs = page.getByRole('tab', { name: 'Soccer' });
    await blockReady(page, tabs);
    await tabs.click();
    await expect(tabs).toHaveAttribute('aria-selected', 'true');
  });

  test('a click that comes before the block’s code is played again once it works', async ({
    page,
  }) => {
    await page.goto('/en/home');
    await waitForHydration(page);
    // Playwright scrolls the button into view and clicks at once: the code is not there yet.
    const faq = page.locator('summary', { hasText: 'How do I place a bet?' });
    await faq.click();
    await expect(faq.locator('..')).toHaveAttribute('open');
  });
});

test.describe('a page reached by a client-side navigation (docs/decisions/0055)', () => {
  for (const [lang, from, to, gallery] of [
    ['fr', '/fr/gagnants', '/fr/accueil', 'La saison en images'],
    ['en', '/en/winners', '/en/home', 'The season in pictures'],
  ] as const) {
    test(`renders with its first screen's code, the rest as it nears the screen (${lang})`, async ({
      page,
      consoleErrors,
    }) => {
      const scripts = recordScripts(page);
      await page.setViewportSize({ width: 412, height: 823 });
      await page.goto(from);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      const loaded = () => [...scripts.keys()].map((url) => new URL(url).pathname);
      const below = /\/assets\/(?:Gallery|Carousel|ChronicleList|Podcast|VideoList)-/;
      const documents = () =>
        page.evaluate(() => performance.getEntriesByType('navigation')[0]?.name);
      const first = await documents();
      // The header menu's link, followed by the site's router (no document load).
      await page.evaluate((href) => {
        const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')];
        links.find((link) => link.getAttribute('href') === href)?.click();
      }, to);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
      expect(await documents()).toBe(first);
      // The first screen is drawn; the gallery, far below, waits as a placeholder, its code unasked.
      await expect(page.locator('#mount-main [data-lazy-block="video"]')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(loaded().filter((n) => below.test(n))).toEqual([]);
      const placeholder = page.locator('[data-lazy-block="galerie"] > div').first();
      await expect(page.getByRole('heading', { name: gallery })).toHaveCount(0);
      await placeholder.scrollIntoViewIfNeeded();
      await expect(page.getByRole('heading', { name: gallery })).toBeVisible();
      expect(loaded().some((n) => /\/assets\/Gallery-/.test(n))).toBe(true);
      expect(await documents()).toBe(first);
      expect(consoleErrors).toEqual([]);
    });
  }
});

test.describe('first paint before scripts', () => {
  test(
    'one style sheet, the entry written into the page, and no block chunk in the head',
    { tag: '@any-viewport' },
    async ({ request }) => {
      for (const path of ['/fr/accueil', '/fr/chroniques/bilan-hiver', '/sports/fr']) {
        const answer = await request.get(path);
        const html = await answer.text();
        const head = html.slice(0, html.indexOf('</head>'));
        expect(head.match(/<link rel="stylesheet"/g), path).toHaveLength(1);
        // The site's one script; the consent manager's loader is named, for the entry to add
        // after the first screen (docs/decisions/0080-first-screen-first.md).
        expect(head.match(/<script\b/g), path).toHaveLength(1);
        expect(
          head.match(/<template id="app-cmp" data-loader="[^"]+loader\.js/g),
          path,
        ).toHaveLength(1);
        // No request of its own before the first paint (docs/decisions/0056-entry-in-the-page.md);
        // its hash, and no 'unsafe-inline', lets it run.
        const entry =
          /<script type="module" data-start="\/assets\/start-client-[^"]+"[^>]*>([^<]+)<\/script>/.exec(
            head,
          );
        expect(entry?.[1], path).toContain('modulepreload');
        const hash = createHash('sha256')
          .update(entry?.[1] ?? '')
          .digest('base64');
        const csp = answer.headers()['content-security-policy'] ?? '';
        expect(csp, path).toContain(`'sha256-${hash}'`);
        expect(csp, path).not.toContain('unsafe-inline');
        expect(head, path).not.toContain('entry-client');
      }
    },
  );

  test('the site’s code, the page’s state and the consent manager are asked for once the first screen’s image has arrived', async ({
    page,
  }) => {
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    // The consent manager is ready (its stand-in's preferences link works) after the loader ran.
    await page.waitForFunction(() => 'Didomi' in window);
    const timing = await page.evaluate(() => {
      const hero = document.querySelector<HTMLImageElement>('main img[fetchpriority="high"]');
      const entries = performance.getEntriesByType('resource');
      const image = entries.find((e) => e.name === hero?.currentSrc);
      const app = entries.find((e) => /\/assets\/(?:start-client|app)-/.test(e.name));
      const cmp = entries.find((e) => /\/loader\.js(?:\?|$)/.test(e.name));
      const state = entries.find((e) => new URL(e.name).pathname.startsWith('/_state/'));
      return {
        imageEnd: image?.responseEnd,
        appStart: app?.startTime,
        cmpStart: cmp?.startTime,
        stateStart: state?.startTime,
      };
    });
    expect(timing.imageEnd).toBeDefined();
    expect(timing.appStart).toBeDefined();
    expect(timing.appStart ?? 0).toBeGreaterThanOrEqual(timing.imageEnd ?? Infinity);
    // docs/decisions/0080-first-screen-first.md
    expect(timing.cmpStart).toBeDefined();
    expect(timing.cmpStart ?? 0).toBeGreaterThanOrEqual(timing.imageEnd ?? Infinity);
    // docs/decisions/0081-state-beside-the-document.md
    expect(timing.stateStart).toBeDefined();
    expect(timing.stateStart ?? 0).toBeGreaterThanOrEqual(timing.imageEnd ?? Infinity);
  });
});

// Pages with an interactive block, and pages without one (a chronique, the error pages).
const BUDGETS: [string, number][] = [
  ['/fr/promotions', BUDGET_BYTES],
  ['/fr/gagnants', BUDGET_BYTES],
  ['/fr/demo/carrousel', BUDGET_BYTES],
  ['/sports/fr', BUDGET_BYTES],
  ['/fr/chroniques/bilan-hiver', STATIC_BUDGET_BYTES],
  ['/fr/404.html', STATIC_BUDGET_BYTES],
];

for (const [path, budget] of BUDGETS) {
  test(`the JavaScript before interaction on ${path} stays within ${budget} B gzip`, async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    await page.goto(path);
    await waitForHydration(page);
    // What the page had asked for by the time it hydrated; later loads (its blocks' code, the
    // sanitizer in idle time) are after interaction is possible.
    const early = await page.evaluate(() => {
      const hydrated = performance.getEntriesByName('hydrated')[0]?.startTime ?? Infinity;
      return (
        performance
          .getEntriesByType('resource')
          // The site's own: the sports area's betting widget is the operator's supplier's.
          .filter(
            (e) =>
              e.startTime <= hydrated &&
              /\.js(?:$|\?)/.test(e.name) &&
              new URL(e.name).origin === location.origin,
          )
          .map((e) => e.name)
      );
    });
    expect(early.length).toBeGreaterThan(0);
    // The entry is written into the page (docs/decisions/0056-entry-in-the-page.md): its code
    // counts as the scripts do.
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script[type="module"]:not([src])')].map(
        (script) => script.textContent,
      ),
    );
    expect(inline).toHaveLength(1);
    // Level 9, as the bench counts them: the same figure on both sides of the budget.
    let total = gzipSync(inline.join(''), { level: 9 }).length;
    for (const url of early) {
      const body = await scripts.get(url);
      expect(body, url).toBeDefined();
      total += gzipSync(body ?? Buffer.alloc(0), { level: 9 }).length;
    }
    expect(total, `${early.length} scripts, ${total} bytes gzip`).toBeLessThanOrEqual(budget);
  });
}

test('on a list page the modal’s code is asked for once the page is interactive, not before', async ({
  page,
}) => {
  await page.goto('/fr/gagnants');
  await waitForHydration(page);
  // The host asks for it right after the entry marks the page interactive.
  const timing = await page.waitForFunction(() => {
    const hydrated = performance.getEntriesByName('hydrated')[0]?.startTime;
    const modal = performance
      .getEntriesByType('resource')
      .find((e) => /\/assets\/LotModal-[^/]+\.js$/.test(e.name));
    return hydrated !== undefined && modal ? { hydrated, modal: modal.startTime } : null;
  });
  const found = await timing.jsonValue();
  expect(found).not.toBeNull();
  expect(found?.modal).toBeGreaterThan(found?.hydrated ?? Infinity);
});

test.describe('the navigation kit (docs/decisions/0046-navigation-code-when-idle.md)', () => {
  const KIT = /\/assets\/(?:sanitize|client-navigation|head)-[^/]+\.js$/;

  /** The pathnames of the scripts the page asks for, in order, with a marker where we clicked. */
  function scriptOrder(page: Page): string[] {
    const order: string[] = [];
    page.on('request', (request) => {
      if (/\.js(?:$|\?)/.test(request.url())) order.push(new URL(request.url()).pathname);
    });
    return order;
  }

  async function clickToPromotions(page: Page, order: string[]): Promise<string[]> {
    const link = page.locator('main a[href="/fr/promotions"]:visible').first();
    await link.scrollIntoViewIfNeeded();
    const before = order.length;
    await link.click();
    await expect(page).toHaveURL(/\/fr\/promotions$/);
    // The address changes at once; the new view (its head written with it) comes after its code.
    await expect(page).toHaveTitle(/^Promotions \|/);
    return order.slice(before);
  }

  test('comes once the page is interactive and idle; the first click then asks only for the destination’s blocks', async ({
    page,
  }) => {
    const order = scriptOrder(page);
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    const kit = ((await page.locator('script[data-kit]').getAttribute('data-kit')) ?? '').split(
      ' ',
    );
    expect(kit.some((path) => /\/assets\/sanitize-/.test(path))).toBe(true);
    expect(kit.some((path) => /\/assets\/client-navigation-/.test(path))).toBe(true);
    // Every file of the kit arrives, each asked for after the page became interactive.
    const started = await page.waitForFunction((kit) => {
      const hydrated = performance.getEntriesByName('hydrated')[0]?.startTime;
      const entries = performance
        .getEntriesByType('resource')
        .filter((e) => kit.includes(new URL(e.name).pathname));
      return hydrated !== undefined && entries.length === kit.length
        ? { hydrated, first: Math.min(...entries.map((e) => e.startTime)) }
        : null;
    }, kit);
    const { hydrated, first } = (await started.jsonValue()) ?? { hydrated: 0, first: -1 };
    expect(first).toBeGreaterThan(hydrated);
    const afterClick = await clickToPromotions(page, order);
    // The promotions block's own chunk may come before the click or with it: the home page has
    // promotions too, loaded as they neared the screen.
    expect(afterClick.filter((path) => kit.includes(path) || KIT.test(path))).toEqual([]);
  });

  test('a visitor saving data gets it on the first click instead', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'connection', {
        configurable: true,
        get: () => ({ saveData: true, effectiveType: '4g' }),
      });
    });
    const order = scriptOrder(page);
    await page.goto('/fr/accueil');
    await waitForHydration(page);
    // An idle period after the one the kit would have used.
    await page.evaluate(
      () => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 200))),
    );
    expect(order.filter((path) => KIT.test(path))).toEqual([]);
    const afterClick = await clickToPromotions(page, order);
    // The navigation code comes with the click. The sanitizer may come a moment before it: a block
    // near the link, hydrated as the page scrolled to it, may render rich text itself (0004).
    expect(afterClick.some((path) => /\/assets\/client-navigation-/.test(path))).toBe(true);
    expect(afterClick.some((path) => /\/assets\/head-/.test(path))).toBe(true);
  });
});

test.describe('image priorities', () => {
  test('the header image opens the page: high priority; the first image after it not lazy; the rest lazy', async ({
    page,
  }) => {
    await page.goto('/fr/accueil');
    const images = page.locator('main img');
    const first = images.first();
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).not.toHaveAttribute('loading', 'lazy');
    const later = await images.evaluateAll((all) =>
      all.slice(1).map((img) => ({
        alt: img.getAttribute('alt'),
        lazy: img.getAttribute('loading') === 'lazy',
        high: img.getAttribute('fetchpriority') === 'high',
      })),
    );
    expect(later.length).toBeGreaterThan(5);
    expect(later.filter((i) => i.high)).toEqual([]);
    // The card below the header, most of the first screen on a phone (its LCP).
    expect(later[0]).toEqual({ alt: 'Joueur de hockey', lazy: false, high: false });
    expect(later.slice(1).every((i) => i.lazy)).toBe(true);
  });

  test('a list right after the header loads its first card’s image at once', async ({ page }) => {
    for (const path of ['/fr/gagnants', '/en/winning-tickets']) {
      await page.goto(path);
      const cards = page.locator('main [data-lot-index] article img');
      await expect(cards.first(), path).toHaveAttribute('loading', 'eager');
      await expect(cards.first(), path).not.toHaveAttribute('fetchpriority', 'high');
      await expect(page.locator('main [data-lot-index="1"] img').first(), path).toHaveAttribute(
        'loading',
        'lazy',
      );
    }
  });

  test('on the not-found page, a few lines long, the footer’s images are not lazy', async ({
    page,
  }) => {
    await page.goto('/fr/404.html');
    const ads = page.getByTestId('ad-zone').locator('img');
    await expect(ads.first()).toBeVisible();
    const loading = await ads.evaluateAll((all) => all.map((img) => img.getAttribute('loading')));
    expect(loading.length).toBeGreaterThan(0);
    expect(loading.every((value) => value === 'eager')).toBe(true);
    // Elsewhere the footer is below the first screen: its images wait.
    await page.goto('/fr/accueil');
    await expect(page.getByTestId('ad-zone').locator('img').first()).toHaveAttribute(
      'loading',
      'lazy',
    );
  });

  test('a carousel that opens the page gives its first slide the priority', async ({ page }) => {
    await page.goto('/fr/demo/carrousel');
    const first = page.locator('main [data-slide] img').first();
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).not.toHaveAttribute('loading', 'lazy');
    const others = page.locator('main img[fetchpriority="high"]');
    await expect(others).toHaveCount(1);
  });
});

interface Shift {
  value: number;
  hadRecentInput: boolean;
  /** The class (or node name) of each element that moved. */
  moved: string[];
}

/** Records the page's layout shifts from its first paint on; the returned function reads them. */
async function recordLayoutShifts(page: Page): Promise<() => Promise<Shift[]>> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        const moved = (entry.sources ?? []).map((source) =>
          source.node instanceof Element ? source.node.className : (source.node?.nodeName ?? '?'),
        );
        shifts.push({ value: entry.value, hadRecentInput: entry.hadRecentInput, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () =>
    page.evaluate(() => (window as Window & { layoutShifts?: Shift[] }).layoutShifts ?? []);
}

test('the home page does not shift while it loads', async ({ page }) => {
  const shifts = await recordLayoutShifts(page);
  await page.goto('/fr/accueil');
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  const total = (await shifts())
    .filter((shift) => !shift.hadRecentInput)
    .reduce((sum, shift) => sum + shift.value, 0);
  expect(total).toBeLessThan(0.001);
});

/**
 * A document that arrives in pieces (a slow network, a loaded phone): the browser paints what it
 * has parsed. Cut inside the header's bar, a first paint without the language link would move
 * the menu (phone) or the buy button (desktop) when the rest came (docs/decisions/0038-header-painted-whole.md).
 */
test.describe('a header that arrives in two pieces', () => {
  let proxy: Server;
  let proxyOrigin = '';

  test.beforeAll(async () => {
    // Passes everything to the site, except documents: their first piece ends just before the
    // language link, and the rest follows 600 ms later, long enough for frames to be painted.
    proxy = createServer((req, res) => {
      const upstream = forward(
        `${E2E_ORIGIN}${req.url ?? '/'}`,
        {
          method: req.method,
          headers: {
            ...req.headers,
            host: new URL(E2E_ORIGIN).host,
            'accept-encoding': 'identity',
          },
        },
        (answer) => {
          const type = answer.headers['content-type'] ?? '';
          if (!type.startsWith('text/html')) {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            return;
          }
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const html = Buffer.concat(chunks).toString('utf8');
            const link = html.indexOf('data-testid="language-link"');
            const cut = link < 0 ? html.length : html.lastIndexOf('<a ', link);
            const headers = { ...answer.headers };
            delete headers['content-length'];
            res.writeHead(answer.statusCode ?? 502, headers);
            res.write(html.slice(0, cut));
            setTimeout(() => res.end(html.slice(cut)), 600);
          });
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
  });

  for (const path of ['/fr/accueil', '/en/home']) {
    test(`${path}: nothing moves when the rest comes (${path.slice(1, 3)})`, async ({ page }) => {
      const shifts = await recordLayoutShifts(page);
      await page.goto(proxyOrigin + path);
      await waitForHydration(page);
      await expect(page.getByTestId('language-link')).toBeVisible();
      expect(await shifts()).toEqual([]);
    });
  }
});

test.describe('a shared page’s state beside it (docs/decisions/0081)', () => {
  for (const [lang, path, heading] of [
    ['fr', '/fr/accueil', 'Promotions'],
    ['en', '/en/home', 'Promotions'],
  ] as const) {
    test(`is asked for once, by the entry’s preload after the first paint, and the page hydrates from it (${lang})`, async ({
      page,
      consoleErrors,
      consoleWarnings,
    }) => {
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/_state/')) asked.push(request.url());
      });
      await page.goto(path);
      await waitForHydration(page);
      // The preload's request is the one the code reads: no second request, no unused preload.
      expect(asked).toHaveLength(1);
      expect(consoleWarnings.filter((w) => w.includes('preload'))).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });

    test(`a state that does not come leaves the page as the server made it, its links working (${lang})`, async ({
      page,
      consoleErrors,
    }) => {
      await page.route(/\/_state\//, (route) => route.fulfill({ status: 503, body: '' }));
      await page.goto(path);
      await expect
        .poll(() => consoleErrors.some((e) => e.includes('/_state/') && e.includes('503')))
        .toBe(true);
      await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      // A link of the page still leads on (the browser's own navigation).
      const link = page.locator('main a[href^="/"]').first();
      const href = (await link.getAttribute('href')) ?? '';
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${href.split(/[?#]/)[0]}`));
    });
  }
});
