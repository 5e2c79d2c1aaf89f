// @vitest-environment node
/**
 * The page loader's rules (docs/requirements.md §2, §5 and §8) over a stand-in content client: every route it
 * answers, in both languages, for a page that is there, missing, or outside its display window,
 * and the one case that must not loop: a 404 page that cannot be shown leads to the 503 page.
 * No HTTP and no embedded service: the stand-in answers from memory, so the matrix runs in
 * milliseconds. The real client and server are covered by `faults.test.ts` and
 * `visibility.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import type { LoadResult, View } from '../app/state';
import type { ContentClient } from '../content/client';
import { describeFailure, failure, type FetchResult } from '../content/http';
import type { BlockFields, Component, Lot, Page } from '../content/models';
import type { DisplayWindow } from '../domain/display-window';
import type { Locale } from '../domain/locale';
import { loadView, type LoaderContext } from './loader';
import { TEST_LOGICAL_DATE, TEST_NOW } from '../../testing/today';

const TIME_ZONE = 'America/Toronto';
const NOW_ISO = new Date(TEST_NOW).toISOString();
/** The 503 page in the language of the address that failed (issue 45). */
const serviceError = (locale: string) => `/headless/err/503.html?lang=${locale}`;

/** The page states of the matrix, each a display window around the logical date (or none). */
const WINDOWS = {
  /** No window at all. */
  open: {},
  /** Opened yesterday, closes tomorrow. */
  current: { start: '2026-11-20T00:00:00.000-05:00', end: '2026-11-22T00:00:00.000-05:00' },
  /** Start inclusive: opens at this very minute. */
  'opening now': { start: NOW_ISO },
  /** Opens tomorrow. */
  'before its start': { start: '2026-11-22T00:00:00.000-05:00' },
  /** Closed yesterday. */
  'after its end': { end: '2026-11-21T00:00:00.000-05:00' },
  /** End exclusive: closes at this very minute. */
  'closing now': { end: NOW_ISO },
} satisfies Record<string, DisplayWindow>;
type WindowName = keyof typeof WINDOWS;

const fields = (extra: Partial<BlockFields> = {}): BlockFields => ({
  fluid: false,
  displayCover: false,
  nouvelleFenetre: false,
  window: {},
  ...extra,
});

const block = (
  kind: 'texte' | 'liste-billets' | 'liste-gagnants' | 'liste-chroniques',
): Component => ({ kind, id: `${kind}-id`, name: kind, fields: fields({ texte: '<p>Texte</p>' }) });

/** The kinds of content page the demo has, each with its path in both languages. */
interface PageKind {
  fr: string;
  en: string;
  type: Page['type'];
  components: Component[];
  /** What the page's blocks must have been given beyond the page itself. */
  data: 'none' | 'lots' | 'chroniques';
}

const KINDS: Record<string, PageKind> = {
  'content page': {
    fr: 'accueil',
    en: 'home',
    type: 'standard',
    components: [block('texte')],
    data: 'none',
  },
  'chronique page': {
    fr: 'chroniques/bilan-hiver',
    en: 'columns/winter-review',
    type: 'chronique',
    components: [block('texte')],
    // It hosts the winners modal without a list (docs/requirements.md §2), whose deep link
    // asks /_data/lots for its lots: none in the page (docs/decisions/0039).
    data: 'none',
  },
  'chroniques list': {
    fr: 'chroniques',
    en: 'columns',
    type: 'standard',
    components: [block('liste-chroniques')],
    data: 'chroniques',
  },
  'winners page': {
    fr: 'gagnants',
    en: 'winners',
    type: 'standard',
    components: [block('liste-gagnants')],
    data: 'lots',
  },
  'winning tickets page': {
    fr: 'billets-gagnants',
    en: 'winning-tickets',
    type: 'standard',
    components: [block('liste-billets')],
    data: 'lots',
  },
};

function pageOf(name: string, kind: PageKind, window: DisplayWindow): Page {
  return {
    id: `page-${name}`,
    path: `/pari-boreal/${kind.fr}`,
    type: kind.type,
    URLfr: kind.fr,
    URLen: kind.en,
    meta: { title: name },
    window,
    nePasAfficherZonePub: false,
    components: kind.components,
    chronicle:
      kind.type === 'chronique'
        ? {
            titreChronique: name,
            chroniqueur: { nomChroniqueur: 'A. Chroniqueur' },
            nouvelleFenetre: false,
          }
        : undefined,
  };
}

const NOT_FOUND_KIND: PageKind = {
  fr: '404.html',
  en: '404.html',
  type: 'standard',
  components: [block('texte')],
  data: 'none',
};

/** A lot won a week ago, with a ticket and a winner: what the lists and the modal are given. */
const LOT: Lot = {
  name: 'lot-1',
  dateGain: '2026-11-14T00:00:00.000-05:00',
  sports: [],
  billet: { ville: 'Québec', window: {} },
  gagnant: { noms: 'Marie', video: 'abc', window: {} },
};

/** What a page call answers: the page, none, or a failed call. */
type Answer = Page | null | 'fails';

interface StandIn {
  content: ContentClient;
  /** The calls made, `kind lang [path]`, in order. */
  calls: string[];
}

/**
 * A content client answering from memory: `pages` by language and page path (the form after the
 * language segment); a path not listed has no page. `listing` is what the page listing answers
 * (the site map's source), or `fails`.
 */
function standIn(
  pages: Partial<Record<Locale, Record<string, Answer>>>,
  listing?: Page[] | 'fails',
): StandIn {
  // Unless a test says otherwise, the listing holds the pages there are, and fails with them.
  const listed = (lang: Locale): Page[] | 'fails' => {
    if (listing) return listing;
    const answers = Object.values(pages[lang] ?? {});
    if (answers.includes('fails')) return 'fails';
    return answers.filter((answer): answer is Page => answer !== null && answer !== 'fails');
  };
  const calls: string[] = [];
  const failed = (url: string) => failure('status', url, 'HTTP 500', 500);
  const ok = <T>(data: T): Promise<FetchResult<T>> => Promise.resolve({ ok: true, data });
  const content: ContentClient = {
    getSite(lang) {
      calls.push(`site ${lang}`);
      return Promise.resolve(failed('site'));
    },
    getPage(lang, path) {
      calls.push(`page ${lang} ${path}`);
      const answer = pages[lang]?.[path] ?? null;
      return answer === 'fails' ? Promise.resolve(failed(`page ${path}`)) : ok(answer);
    },
    getEditPlan(lang, path) {
      calls.push(`edit plan ${lang} ${path}`);
      return ok(null);
    },
    getPageAtNode(lang, nodePath) {
      calls.push(`page at node ${lang} ${nodePath}`);
      return ok(null);
    },
    getSiteEditPlan(lang) {
      calls.push(`site edit plan ${lang}`);
      return ok(null);
    },
    asksPageDirectly: () => false,
    listPages(lang, _limit, offset) {
      calls.push(`pages ${lang}`);
      const answer = listed(lang);
      if (answer === 'fails') return Promise.resolve(failed('pages'));
      return ok(offset === 0 ? answer : []);
    },
    getLots(lang) {
      calls.push(`lots ${lang}`);
      return ok([LOT]);
    },
    getDecorTiles() {
      calls.push('decor-tiles');
      return ok([]);
    },
    getChronicles(lang) {
      calls.push(`chroniques ${lang}`);
      return ok([]);
    },
    getPlaylist() {
      calls.push('playlist');
      return ok([]);
    },
    getSvg(url) {
      calls.push(`svg ${url}`);
      return ok('<svg></svg>');
    },
    getImageSize(url) {
      calls.push(`image size ${url}`);
      return ok({ width: 1600, height: 600 });
    },
    describeFailure,
  };
  return { content, calls };
}

function context(
  content: ContentClient,
  storedLocale?: string,
): LoaderContext & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    content,
    logicalDate: TEST_LOGICAL_DATE,
    timeZone: TIME_ZONE,
    storedLocale,
    videoApiBase: 'http://127.0.0.1:9/video-api',
    log: { warn: (message) => warnings.push(message) },
    warnings,
  };
}

const redirectTo = (location: string): LoadResult => ({ type: 'redirect', location, status: 302 });

function viewOf(result: LoadResult): { status: number; locale: Locale; view: View } {
  if (result.type !== 'view')
    throw new Error(`expected a view, got a redirect to ${result.location}`);
  return { status: result.status, locale: result.state.locale, view: result.state.view };
}

const other = (locale: Locale): Locale => (locale === 'fr' ? 'en' : 'fr');
const SHOWN: WindowName[] = ['open', 'current', 'opening now'];
const HIDDEN: WindowName[] = ['before its start', 'after its end', 'closing now'];

/** Every kind × language × window, as rows of `test.each`. */
function matrix(windows: WindowName[]): [string, Locale, WindowName][] {
  return Object.keys(KINDS).flatMap((kind) =>
    (['fr', 'en'] as const).flatMap((locale) =>
      windows.map((window): [string, Locale, WindowName] => [kind, locale, window]),
    ),
  );
}

describe('a content page in its display window', () => {
  it.each(matrix(SHOWN))('%s in %s, %s: shown with 200', async (name, locale, window) => {
    const kind = KINDS[name] as PageKind;
    const page = pageOf(name, kind, WINDOWS[window]);
    const { content, calls } = standIn({ [locale]: { [kind[locale]]: page } });
    const ctx = context(content);

    const result = viewOf(await loadView(`/${locale}/${kind[locale]}`, ctx));

    expect(result.status).toBe(200);
    expect(result.locale).toBe(locale);
    if (result.view.kind !== 'content') throw new Error(`a ${result.view.kind} view`);
    expect(result.view.page.id).toBe(page.id);
    // The other-language link comes from URLfr / URLen (docs/requirements.md §2).
    expect(result.view.alternate).toBe(`/${other(locale)}/${kind[other(locale)]}`);
    // Each kind is given what its blocks need, in the page's language, and nothing else.
    const lots = kind.data === 'lots' ? [LOT] : undefined;
    expect(result.view.data.lots?.map((l) => l.name)).toEqual(lots?.map((l) => l.name));
    expect(result.view.data.chronicles).toEqual(kind.data === 'chroniques' ? [] : undefined);
    expect(calls).toContain(`page ${locale} ${kind[locale]}`);
    expect(calls.filter((c) => c.startsWith('lots')).length).toBe(kind.data === 'lots' ? 1 : 0);
    expect(calls.every((c) => !/ (fr|en)\b/.test(c) || c.includes(` ${locale}`))).toBe(true);
    expect(ctx.warnings).toEqual([]);
  });
});

describe('a content page that cannot be shown: the 404 page of its language', () => {
  it.each(matrix(HIDDEN))('%s in %s, %s: 302 to its 404 page', async (name, locale, window) => {
    const kind = KINDS[name] as PageKind;
    const { content } = standIn({
      [locale]: { [kind[locale]]: pageOf(name, kind, WINDOWS[window]) },
    });
    expect(await loadView(`/${locale}/${kind[locale]}`, context(content))).toEqual(
      redirectTo(`/${locale}/404.html`),
    );
  });

  it.each(matrix(['open']).map(([name, locale]) => [name, locale] as const))(
    '%s in %s, missing: 302 to its 404 page',
    async (name, locale) => {
      const kind = KINDS[name] as PageKind;
      const { content, calls } = standIn({});
      expect(await loadView(`/${locale}/${kind[locale]}`, context(content))).toEqual(
        redirectTo(`/${locale}/404.html`),
      );
      // The listing (which the content cache holds) says there is no such page: nothing else
      // is asked, so a flood of made-up paths costs the service nothing (docs/decisions/0062).
      expect(calls).toEqual([`pages ${locale}`]);
    },
  );

  it.each(matrix(['open']).map(([name, locale]) => [name, locale] as const))(
    '%s in %s, the service failing: 302 to the 503 page, the cause logged',
    async (name, locale) => {
      const kind = KINDS[name] as PageKind;
      const { content } = standIn({ [locale]: { [kind[locale]]: 'fails' } });
      const ctx = context(content);
      expect(await loadView(`/${locale}/${kind[locale]}`, ctx)).toEqual(
        redirectTo(serviceError(locale)),
      );
      expect(ctx.warnings).toEqual([expect.stringContaining('content service failed')]);
    },
  );
});

describe('the 404 page itself (docs/requirements.md §5, §8: "if the path is already a 404")', () => {
  const paths = (['fr', 'en'] as const).flatMap((locale) => [
    [locale, `/${locale}/404.html`] as const,
    [locale, `/headless/${locale}/404.html`] as const,
  ]);

  it.each(paths)('in %s, %s shown: the page with status 404', async (locale, path) => {
    const page = pageOf('404', NOT_FOUND_KIND, {});
    const { content } = standIn({ [locale]: { '404.html': page } });
    const result = viewOf(await loadView(path, context(content)));
    expect(result.status).toBe(404);
    expect(result.locale).toBe(locale);
    expect(result.view.kind === 'content' && result.view.page.id).toBe(page.id);
  });

  const cannot = paths.flatMap(([locale, path]) =>
    (['missing', 'before its start', 'after its end', 'service failing'] as const).map(
      (state) => [locale, path, state] as const,
    ),
  );

  it.each(cannot)(
    'in %s, %s %s: 302 to the 503 page, never to itself',
    async (locale, path, state) => {
      const answer: Answer =
        state === 'missing'
          ? null
          : state === 'service failing'
            ? 'fails'
            : pageOf('404', NOT_FOUND_KIND, WINDOWS[state]);
      const { content } = standIn({ [locale]: { '404.html': answer } });
      expect(await loadView(path, context(content))).toEqual(redirectTo(serviceError(locale)));
    },
  );

  /** Loads `path` and follows its redirects as the browser would, to the view it ends on. */
  async function follow(
    path: string,
    content: ContentClient,
  ): Promise<{ hops: string[]; status: number }> {
    const hops = [path];
    for (let i = 0; i < 5; i++) {
      const result = await loadView(hops[hops.length - 1] ?? '/', context(content));
      if (result.type === 'view') return { hops, status: result.status };
      hops.push(result.location);
    }
    throw new Error(`redirect loop: ${hops.join(' → ')}`);
  }

  it.each(['fr', 'en'] as const)(
    'in %s, a missing page whose 404 page is missing too ends on the 503 page, status 503',
    async (locale) => {
      const { content } = standIn({});
      expect(await follow(`/${locale}/nulle-part`, content)).toEqual({
        hops: [`/${locale}/nulle-part`, `/${locale}/404.html`, serviceError(locale)],
        status: 503,
      });
    },
  );

  it.each(['fr', 'en'] as const)(
    'in %s, a page out of its window whose 404 page is out of its window too ends on 503',
    async (locale) => {
      const closed = WINDOWS['after its end'];
      const kind = KINDS['content page'] as PageKind;
      const { content } = standIn({
        [locale]: {
          [kind[locale]]: pageOf('home', kind, closed),
          '404.html': pageOf('404', NOT_FOUND_KIND, closed),
        },
      });
      expect(await follow(`/${locale}/${kind[locale]}`, content)).toEqual({
        hops: [`/${locale}/${kind[locale]}`, `/${locale}/404.html`, serviceError(locale)],
        status: 503,
      });
    },
  );

  it('a missing page whose 404 page is shown ends there, with status 404', async () => {
    const { content } = standIn({ en: { '404.html': pageOf('404', NOT_FOUND_KIND, {}) } });
    expect(await follow('/en/nowhere', content)).toEqual({
      hops: ['/en/nowhere', '/en/404.html'],
      status: 404,
    });
  });
});

describe('the other forms of a content path', () => {
  const home = KINDS['content page'] as PageKind;

  it.each([
    ['/headless/fr/accueil', undefined, 'fr', 'accueil'],
    ['/headless/en/home', undefined, 'en', 'home'],
    // No language segment: the stored locale, else French (docs/requirements.md §2).
    ['/accueil', undefined, 'fr', 'accueil'],
    ['/home', 'en-CA', 'en', 'home'],
    // The language segment wins over the stored locale.
    ['/fr/accueil?x=1', 'en', 'fr', 'accueil'],
  ] as const)('%s (stored %s) is the %s page %s', async (path, stored, locale, pagePath) => {
    const page = pageOf('home', home, {});
    const { content, calls } = standIn({ [locale]: { [pagePath]: page } });
    const result = viewOf(await loadView(path, context(content, stored)));
    expect(result).toMatchObject({ status: 200, locale });
    expect(calls.slice(0, 2)).toEqual([`pages ${locale}`, `page ${locale} ${pagePath}`]);
  });

  it.each([
    ['/de/accueil', undefined],
    ['/headless/es/home', undefined],
    ['/xx/404.html', 'en'],
  ] as const)(
    '%s, an unsupported language: 302 to /fr/404.html, nothing asked',
    async (path, stored) => {
      const { content, calls } = standIn({});
      expect(await loadView(path, context(content, stored))).toEqual(redirectTo('/fr/404.html'));
      expect(calls).toEqual([]);
    },
  );
});

describe('the routes that are not content pages', () => {
  it.each([
    ['/', undefined, '/sports/fr'],
    ['/', 'en', '/sports/en'],
    ['/fr', 'en', '/sports/fr'],
    ['/en', undefined, '/sports/en'],
    ['/en/', 'fr', '/sports/en'],
  ] as const)('%s (stored %s): 302 to %s', async (path, stored, location) => {
    const { content, calls } = standIn({});
    expect(await loadView(path, context(content, stored))).toEqual(redirectTo(location));
    expect(calls).toEqual([]);
  });

  it.each([
    ['/sports/fr', 'fr', 200, { kind: 'sports' }],
    ['/sports/en/in-play', 'en', 200, { kind: 'sports' }],
    ['/sports/fr/en-jeux', 'fr', 200, { kind: 'sports' }],
    ['/triggerlink', 'fr', 200, { kind: 'trigger' }],
    ['/headless/err/503.html', 'fr', 503, { kind: 'error', code: 503 }],
    ['/headless/err/410.html', 'fr', 410, { kind: 'error', code: 410 }],
    ['/headless/err/abc.html', 'fr', 404, { kind: 'error', code: 404 }],
  ] as const)('%s: in %s, status %s, no content asked', async (path, locale, status, view) => {
    const { content, calls } = standIn({});
    expect(viewOf(await loadView(path, context(content)))).toEqual({ status, locale, view });
    expect(calls).toEqual([]);
  });

  it.each([
    ['/headless/err/503.html?lang=en', 'fr', 'en'],
    ['/headless/err/503.html?lang=fr', 'en', 'fr'],
    ['/headless/err/503.html?lang=de', 'en', 'en'],
  ] as const)(
    '%s with %s stored: the error page in %s, the address naming it first (issue 45)',
    async (path, stored, locale) => {
      const { content } = standIn({});
      expect(viewOf(await loadView(path, context(content, stored)))).toEqual({
        status: 503,
        locale,
        view: { kind: 'error', code: 503 },
      });
    },
  );

  it.each([
    ['fr', '/fr/plan-du-site', '/en/site-map'],
    ['en', '/en/site-map', '/fr/plan-du-site'],
  ] as const)(
    'the site map in %s lists the pages shown now, not the 404 page',
    async (locale, path, alternate) => {
      const home = KINDS['content page'] as PageKind;
      const winners = KINDS['winners page'] as PageKind;
      const listing = [
        pageOf('home', home, WINDOWS.current),
        pageOf('winners', winners, WINDOWS['after its end']),
        pageOf('404', NOT_FOUND_KIND, {}),
      ];
      const { content, calls } = standIn({}, listing);
      const result = viewOf(await loadView(path, context(content)));
      if (result.view.kind !== 'site-map') throw new Error(`a ${result.view.kind} view`);
      expect(result.status).toBe(200);
      expect(result.view.alternate).toBe(alternate);
      const listed = result.view.groups.flatMap((g) => g.links.map((link) => link.href));
      expect(listed).toEqual([`/${locale}/${home[locale]}`]);
      // Reserved: no page is asked for that path.
      expect(calls.every((c) => c.startsWith('pages'))).toBe(true);
    },
  );

  it.each(['/fr/plan-du-site', '/en/site-map'])(
    '%s with the listing failing: 302 to the 503 page',
    async (path) => {
      const { content } = standIn({}, 'fails');
      expect(await loadView(path, context(content))).toEqual(
        redirectTo(serviceError(path.slice(1, 3))),
      );
    },
  );
});
