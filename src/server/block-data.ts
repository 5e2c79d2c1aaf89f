/**
 * Data the page's blocks need beyond their own fields (docs/requirements.md §7): playlists, chroniques. Loaded
 * with the page, in parallel, so the first screen is in the server's HTML; a failed call is
 * logged and handed to the block as `null`.
 */
import type { ContentClient } from '../content/client';
import type { BlockData, ChronicleCard, Component, ImageSize, Lot, Page } from '../content/models';
import { htmlToText, sanitizeSvg } from '../content/sanitize';
import { componentWindowEdges, visibleComponents } from '../content/visible';
import { forEachComponent, mapComponents } from '../content/walk';
import { isInWindow, windowEdges } from '../domain/display-window';
import {
  firstScreenLots,
  lotEdges,
  lotsForList,
  visibleLots,
  type LotCaller,
  type LotTotals,
  type LotUses,
} from '../domain/lots';
import type { Locale } from '../domain/locale';
import { contentPath } from '../domain/routes';
import type { ListCount, MoreTotals } from '../domain/show-more';
import { CHRONICLES_PAGE_SIZE, summarize } from '../domain/text';
import { noteCardNode } from './cdn-tags';

export interface BlockDataContext {
  content: ContentClient;
  locale: Locale;
  now: number;
  videoApiBase: string;
  log: { warn: (message: string) => void };
  /** Collects the instants at which an item read here opens or closes (see `visible.ts`). */
  changes?: number[] | undefined;
  /** How many items of one list the page shows, when its address says so (decision 0078). */
  more?: ListCount | undefined;
}

/** Adds window edges to a collector, one by one (a spread of a long list could overflow the stack). */
export function collectEdges(into: number[] | undefined, edges: readonly number[]): void {
  if (into) for (const edge of edges) into.push(edge);
}

function chronicleCard(page: Page, locale: Locale, now: number): ChronicleCard {
  const info = page.chronicle;
  // The summary comes from text shown now: a scheduled paragraph stays on the server.
  const firstText =
    visibleComponents(page.components, now)
      .map((c) => (c.kind === 'static' ? undefined : c.fields.texte))
      .find(Boolean) ?? '';
  const url = locale === 'fr' ? page.URLfr : page.URLen;
  const card: ChronicleCard = {
    id: page.id,
    title: info?.titreChronique ?? page.meta.title,
    dateChronique: info?.dateChronique,
    nomChroniqueur: info?.chroniqueur.nomChroniqueur,
    imageChroniqueur: info?.chroniqueur.image,
    image: info?.imagePrincipale,
    summary: summarize(htmlToText(firstText)),
    href: info?.lien ?? contentPath(locale, url ?? ''),
    newWindow: info?.nouvelleFenetre ?? false,
  };
  // The pages that show the card are tagged with its page's node (src/server/cdn-tags.ts).
  noteCardNode(card, page.path);
  return card;
}

/** The lots of the context's language the lists in `uses` may show now; `null` if the call failed. */
async function loadLots(ctx: BlockDataContext, uses: LotUses): Promise<Lot[] | null> {
  const result = await ctx.content.getLots(ctx.locale);
  if (result.ok) {
    result.data.forEach((lot) => collectEdges(ctx.changes, lotEdges(lot)));
    return visibleLots(result.data, uses, ctx.now);
  }
  ctx.log.warn(
    `lots (${ctx.locale}): content service failed (${ctx.content.describeFailure(result)})`,
  );
  return null;
}

/**
 * The lots a page without a list may open by its `?lot=` deep link (a chronique page,
 * docs/requirements.md §2): the tickets, then the winners with a video (`resolveDeepLink`). Asked
 * for by the browser only then (`/_data/lots`), so they are not in every chronique page.
 */
export function loadDeepLinkLots(ctx: BlockDataContext): Promise<Lot[] | null> {
  return loadLots(ctx, { tickets: true, winners: false, winnersWithVideo: true });
}

/** The chronique cards of the context's language shown now, newest first; `null` if the call failed. */
export async function loadChronicleCards(ctx: BlockDataContext): Promise<ChronicleCard[] | null> {
  const result = await ctx.content.getChronicles(ctx.locale);
  if (result.ok) {
    result.data.forEach((p) => {
      collectEdges(ctx.changes, windowEdges(p.window));
      collectEdges(ctx.changes, componentWindowEdges(p.components));
    });
    return result.data
      .filter((p) => isInWindow(p.window, ctx.now))
      .map((p) => chronicleCard(p, ctx.locale, ctx.now));
  }
  ctx.log.warn(
    `chroniques (${ctx.locale}): content service failed (${ctx.content.describeFailure(result)})`,
  );
  return null;
}

/**
 * All the lots a page's lists and their modal may show (`/_data/lots?lists=`): what the page
 * left out after each list's first block, asked for on first need
 * (docs/decisions/0041-lots-after-the-first-screen.md).
 */
export function loadListLots(
  ctx: BlockDataContext,
  lists: readonly LotCaller[],
): Promise<Lot[] | null> {
  return loadLots(ctx, {
    tickets: lists.includes('billet'),
    winners: lists.includes('gagnant'),
    winnersWithVideo: false,
  });
}

/** How many lots a list shows when the page's address says so (decision 0078). */
function shownLots(more: ListCount | undefined): LotTotals | undefined {
  if (more?.list === 'billets') return { billet: more.count };
  if (more?.list === 'gagnants') return { gagnant: more.count };
  return undefined;
}

/** The SVG pictures to inline, sanitised, by URL; one that fails is shown as an image. */
async function loadSvgs(
  ctx: BlockDataContext,
  urls: ReadonlySet<string>,
): Promise<Record<string, string>> {
  const answers = await Promise.all(
    [...urls].map(async (url) => {
      const result = await ctx.content.getSvg(url);
      if (!result.ok) {
        ctx.log.warn(
          `SVG ${url} not inlined (${ctx.content.describeFailure(result)}): shown as an image`,
        );
        return null;
      }
      const markup = sanitizeSvg(result.data);
      return markup ? ([url, markup] as const) : null;
    }),
  );
  return Object.fromEntries(answers.filter((entry) => entry !== null));
}

/** The sizes of `urls` the media host gives; an image it does not keeps its block's ratio hint. */
async function loadImageSizes(
  ctx: BlockDataContext,
  urls: string[],
): Promise<Record<string, ImageSize> | undefined> {
  if (urls.length === 0) return undefined;
  const answers = await Promise.all(
    urls.map(async (url) => {
      const result = await ctx.content.getImageSize(url);
      if (result.ok) return [url, result.data] as const;
      ctx.log.warn(
        `image ${url}: size unknown (${ctx.content.describeFailure(result)}), its box may move when it loads`,
      );
      return null;
    }),
  );
  const known = answers.filter((entry) => entry !== null);
  return known.length ? Object.fromEntries(known) : undefined;
}

/**
 * Loads what the blocks of `components` need. The components are those shown at `ctx.now`
 * (`visibleComponents`); lots and chroniques come back as shown at `ctx.now` too, the lots
 * only as far as each list's first block (`lotTotals` then says how many there are).
 */
export async function loadBlockData(
  components: Component[],
  ctx: BlockDataContext,
): Promise<BlockData> {
  const playlists = new Map<string, string>();
  const svgUrls = new Set<string>();
  const sized = new Set<string>();
  const wants = { chronicles: false, lots: false, tiles: false };
  const uses: LotUses = { tickets: false, winners: false, winnersWithVideo: false };
  const svg = (src: string | undefined) => {
    if (src && /\.svg(?:$|\?)/i.test(src)) svgUrls.add(src);
  };
  forEachComponent(components, (c) => {
    if (c.kind === 'liste-videos' && c.playlistId) playlists.set(c.playlistId, c.apikey ?? '');
    if (c.kind === 'liste-chroniques') wants.chronicles = true;
    if (c.kind === 'liste-billets' || c.kind === 'liste-gagnants') wants.lots = true;
    if (c.kind === 'liste-billets') uses.tickets = true;
    if (c.kind === 'liste-gagnants') uses.winners = true;
    if (c.kind === 'liste-billets') wants.tiles = true;
    // Illustrations and offer icons in SVG are inlined (docs/requirements.md §7): they scale crisply and take
    // the text colour. Photos in cropped frames (cards, slides) stay images.
    if (c.kind === 'image' && !c.fields.imageMobile) svg(c.image.src);
    // Shown whole, at their own ratio: the box waits for the real size (decision 0091).
    if (c.kind === 'image') {
      sized.add(c.image.src);
      if (c.fields.imageMobile) sized.add(c.fields.imageMobile.src);
    }
    if (c.kind === 'offres') c.offers.forEach((o) => svg(o.fields.image?.src));
  });

  const playlistAnswers = Promise.all(
    [...playlists].map(async ([playlistId, key]) => {
      const result = await ctx.content.getPlaylist(ctx.videoApiBase, playlistId, key);
      if (result.ok) return [playlistId, result.data] as const;
      ctx.log.warn(
        `playlist ${playlistId}: video platform failed (${ctx.content.describeFailure(result)})`,
      );
      return [playlistId, null] as const;
    }),
  );
  const chronicleAnswer = wants.chronicles ? loadChronicleCards(ctx) : Promise.resolve(undefined);

  const lotsAnswer = wants.lots ? loadLots(ctx, uses) : Promise.resolve(undefined);
  const tilesAnswer = wants.tiles
    ? ctx.content.getDecorTiles().then((result) => {
        if (result.ok) return result.data;
        ctx.log.warn(
          `decorative tiles: content service failed (${ctx.content.describeFailure(result)})`,
        );
        return null;
      })
    : Promise.resolve(undefined);

  const svgAnswers = loadSvgs(ctx, svgUrls);

  const [lists, chronicleCards, svgs, lots, decorTiles, imageSizes] = await Promise.all([
    playlistAnswers,
    chronicleAnswer,
    svgAnswers,
    lotsAnswer,
    tilesAnswer,
    loadImageSizes(
      ctx,
      [...sized].filter((url) => !svgUrls.has(url)),
    ),
  ]);
  const lotLists: LotCaller[] = [
    ...(uses.tickets ? (['billet'] as const) : []),
    ...(uses.winners ? (['gagnant'] as const) : []),
  ];
  const { more } = ctx;
  const lotsShown = shownLots(more);
  const firstScreen = lots ? firstScreenLots(lots, lotLists, ctx.now, lotsShown) : null;
  // The chroniques list shows its first block, or as many as the address says (decision 0078);
  // the rest comes on its first "more" (decision 0041).
  const chroniclesShown = more?.list === 'chroniques' ? more.count : undefined;
  const firstChronicles = Math.max(CHRONICLES_PAGE_SIZE, chroniclesShown ?? 0);
  const moreChronicles = chronicleCards && chronicleCards.length > firstChronicles;
  return {
    playlists: Object.fromEntries(lists),
    chronicles: moreChronicles ? chronicleCards.slice(0, firstChronicles) : chronicleCards,
    ...(moreChronicles ? { chroniclesTotal: chronicleCards.length } : {}),
    ...(chroniclesShown ? { chroniclesShown } : {}),
    svgs,
    ...(imageSizes ? { imageSizes } : {}),
    lots: firstScreen ? firstScreen.lots : lots,
    ...(firstScreen ? { lotTotals: firstScreen.totals } : {}),
    ...(lotsShown ? { lotsShown } : {}),
    decorTiles,
  };
}

/**
 * How many items each list of a page with a "show more" has in all, at `now`: what the counts
 * its address may ask are checked against (decision 0078). The server's alone, never sent.
 */
export function moreTotals(components: Component[], data: BlockData, now: number): MoreTotals {
  const totals: MoreTotals = {};
  const lots = (caller: LotCaller) =>
    data.lotTotals?.[caller] ?? lotsForList(data.lots ?? [], caller, now).length;
  forEachComponent(components, (c) => {
    if (c.kind === 'liste-billets') totals.billets = lots('billet');
    if (c.kind === 'liste-gagnants') totals.gagnants = lots('gagnant');
    if (c.kind === 'liste-chroniques')
      totals.chroniques = data.chroniclesTotal ?? data.chronicles?.length ?? 0;
  });
  return totals;
}

/** The page as it may leave the server: the video platform's key stays here. */
export function publicComponents(components: Component[]): Component[] {
  return mapComponents(components, (c) => {
    if (c.kind !== 'liste-videos') return c;
    const rest = { ...c };
    delete rest.apikey;
    return rest;
  });
}
