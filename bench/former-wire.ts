/**
 * The wire format of the hydration state before docs/decisions/0067-byte-tricks-measured.md,
 * kept here only so that bench/byte-tricks.ts can still measure what its four tricks (packed
 * lots, defaults left out, component names left out, one shared media origin) would save.
 * The site no longer uses any of it. What follows is the former src/app/wire.ts.
 */
/**
 * How views travel to the browser, in the hydration state and in `/_data/view`: as the models,
 * except the lots, whose products and sports are written once each and named by their index
 * (a list page's 24 lots name 3 products and 6 sports: a third of the lots' bytes). Pure: the
 * server packs, the browser unpacks before anything reads the view
 * (docs/decisions/0039-lots-packed-on-the-wire.md).
 */
import type {
  BlockData,
  Component,
  HeaderMessage,
  Lot,
  MenuLink,
  Site,
  Sport,
} from '../src/content/models';
import type { LoadResult, SiteState, Snapshot, View, ViewState } from '../src/app/state';

type Product = NonNullable<Lot['produit']>;

/** A lot with its product and sports as indexes into the packed lists. */
type PackedLot = Omit<Lot, 'produit' | 'sports'> & { produit?: number; sports: number[] };

export interface PackedLots {
  produits: Product[];
  sports: Sport[];
  lots: PackedLot[];
}

/** Block data on the wire: `lots` packed (`null` stays `null`: the call failed). */
type WireBlockData = Omit<BlockData, 'lots'> & { lots?: PackedLots | null | undefined };

type ContentView = Extract<View, { kind: 'content' }>;
type WireView =
  Exclude<View, { kind: 'content' }> | (Omit<ContentView, 'data'> & { data: WireBlockData });
type WireViewState = Omit<ViewState, 'view'> & { view: WireView };
/** `K` of `T` may be left out (at its default). */
type Loose<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;
type WireLink = Loose<MenuLink, 'nouvelleFenetre' | 'window'>;
type FooterColumn = Site['footer']['menu'][number];
/** The site node on the wire: its links and messages without their defaults. */
interface WireSite {
  header: Omit<Site['header'], 'menu' | 'messages'> & {
    menu: (WireLink & { links: WireLink[] })[];
    messages: Loose<HeaderMessage, 'window'>[];
  };
  footer: Omit<Site['footer'], 'menu'> & {
    menu: (Omit<FooterColumn, 'links'> & { links: WireLink[] })[];
  };
}
type WireSiteState =
  | Exclude<SiteState, { status: 'ok' }>
  | (Omit<Extract<SiteState, { status: 'ok' }>, 'site'> & { site: WireSite });
export type WireSnapshot = Omit<Snapshot, 'view' | 'site'> & {
  view: WireView;
  site: WireSiteState;
  /** The origin the view's and the site's addresses share, written once (`shareOrigin`). */
  sharedOrigin?: string;
};
export type WireLoadResult =
  | Extract<LoadResult, { type: 'redirect' }>
  | { type: 'view'; status: number; state: WireViewState };

/** One entry per distinct value (compared as JSON), and each value's index. */
function indexer<T>(): { list: T[]; indexOf: (value: T) => number } {
  const list: T[] = [];
  const seen = new Map<string, number>();
  return {
    list,
    indexOf(value) {
      const key = JSON.stringify(value);
      let index = seen.get(key);
      if (index === undefined) {
        index = list.length;
        list.push(value);
        seen.set(key, index);
      }
      return index;
    },
  };
}

export function packLots(lots: Lot[]): PackedLots {
  const products = indexer<Product>();
  const sports = indexer<Sport>();
  const packed = lots.map(({ produit, sports: lotSports, ...rest }): PackedLot => {
    const lot: PackedLot = { ...rest, sports: lotSports.map((sport) => sports.indexOf(sport)) };
    if (produit) lot.produit = products.indexOf(produit);
    return lot;
  });
  return { produits: products.list, sports: sports.list, lots: packed };
}

/** The lots as the server had them. An index that names nothing is left out (no product, no such sport). */
export function unpackLots({ produits, sports, lots }: PackedLots): Lot[] {
  return lots.map(({ produit, sports: indexes, ...rest }): Lot => {
    const lot: Lot = {
      ...rest,
      sports: indexes.flatMap((index) => {
        const sport = sports[index];
        return sport ? [sport] : [];
      }),
    };
    const product = produit === undefined ? undefined : produits[produit];
    if (product) lot.produit = product;
    return lot;
  });
}

/**
 * The generic fields every block, slide and offer carries (`fields`), at their defaults: left
 * out on the wire and put back on reading. On the home page they were 3.5 KB of the state.
 */
const FIELD_DEFAULTS = { fluid: false, displayCover: false, nouvelleFenetre: false } as const;

type Json = unknown;

function isRecord(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A window with neither edge (its keys may be there, undefined: JSON leaves them out). */
function isEmptyWindow(value: Json): boolean {
  return isRecord(value) && Object.values(value).every((edge) => edge === undefined);
}

function isDefault(key: string, value: Json): boolean {
  if (key === 'window') return isEmptyWindow(value);
  return key in FIELD_DEFAULTS && value === false;
}

/**
 * The tree with each `fields` object replaced by `change(fields)`, and with `omitNames` each
 * component's node name left out: only the server reads them (its logs), and on the home page
 * they were 660 bytes of the state (docs/decisions/0053-component-names-stay-on-the-server.md).
 */
function mapFields(
  value: Json,
  change: (fields: Record<string, Json>) => Json,
  omitNames = false,
): Json {
  if (Array.isArray(value)) return value.map((item) => mapFields(item, change, omitNames));
  if (!isRecord(value)) return value;
  const component = omitNames && typeof value.kind === 'string' && isRecord(value.fields);
  const out: Record<string, Json> = {};
  for (const [key, item] of Object.entries(value)) {
    if (component && key === 'name') continue;
    out[key] =
      key === 'fields' && isRecord(item) ? change(item) : mapFields(item, change, omitNames);
  }
  return out;
}

/** Every `fields` object in the tree, without the keys at their defaults; no component names. */
export function compactFields(value: Json): Json {
  return mapFields(
    value,
    (fields) => Object.fromEntries(Object.entries(fields).filter(([k, v]) => !isDefault(k, v))),
    true,
  );
}

/** Every `fields` object in the tree, with the defaults `compactFields` left out put back. */
export function restoreFields(value: Json): Json {
  return mapFields(value, (fields) => ({ ...FIELD_DEFAULTS, window: {}, ...fields }));
}

export function viewToWire(view: View): WireView {
  if (view.kind !== 'content') return view;
  const page = { ...view.page, components: compactFields(view.page.components) as Component[] };
  if (!view.data.lots) return { ...view, page } as WireView;
  return { ...view, page, data: { ...view.data, lots: packLots(view.data.lots) } };
}

export function viewFromWire(view: WireView): View {
  if (view.kind !== 'content') return view;
  const page = { ...view.page, components: restoreFields(view.page.components) as Component[] };
  if (!view.data.lots) return { ...view, page } as View;
  return { ...view, page, data: { ...view.data, lots: unpackLots(view.data.lots) } };
}

/** A menu link without `nouvelleFenetre: false` and an empty window. */
function compactLink<L extends MenuLink>(link: L): Loose<L, 'nouvelleFenetre' | 'window'> {
  const { nouvelleFenetre, window, ...rest } = link;
  return {
    ...rest,
    ...(nouvelleFenetre ? { nouvelleFenetre } : {}),
    ...(isEmptyWindow(window) ? {} : { window }),
  };
}

function restoreLink<L extends WireLink>(link: L): L & MenuLink {
  return { nouvelleFenetre: false, window: {}, ...link };
}

/**
 * The site node with its links' and messages' defaults left out (on the home page a fifth of the
 * header's bytes) and its ad zone's fields compacted as the page's.
 */
export function siteToWire(state: SiteState): WireSiteState {
  if (state.status !== 'ok') return state;
  const { header, footer } = state.site;
  const site: WireSite = {
    header: {
      ...header,
      menu: header.menu.map((group) => ({
        ...compactLink(group),
        links: group.links.map(compactLink),
      })),
      messages: header.messages.map(({ window, ...message }) =>
        isEmptyWindow(window) ? message : { ...message, window },
      ),
    },
    footer: {
      ...footer,
      menu: footer.menu.map((column) => ({ ...column, links: column.links.map(compactLink) })),
      pub: compactFields(footer.pub) as Component[],
    },
  };
  return { ...state, site };
}

export function siteFromWire(state: WireSiteState): SiteState {
  if (state.status !== 'ok') return state;
  const { header, footer } = state.site;
  const site: Site = {
    header: {
      ...header,
      menu: header.menu.map((group) => ({
        ...restoreLink(group),
        links: group.links.map(restoreLink),
      })),
      messages: header.messages.map((message) => ({ window: {}, ...message })),
    },
    footer: {
      ...footer,
      menu: footer.menu.map((column) => ({ ...column, links: column.links.map(restoreLink) })),
      pub: restoreFields(footer.pub) as Component[],
    },
  };
  return { ...state, site };
}

/** Every string of the tree through `change`; keys as they are. */
function mapStrings(value: Json, change: (text: string) => string): Json {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change));
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, change)]));
}

const SHARED = '~';
const ORIGIN = /^https?:\/\/[^/?#\s]+(?=\/)/;

/** The origin whose addresses, written as `~/path`, save the most bytes; none if none would. */
function mostSharedOrigin(value: Json): string | undefined {
  const counts = new Map<string, number>();
  mapStrings(value, (text) => {
    const origin = ORIGIN.exec(text)?.[0];
    if (origin !== undefined) counts.set(origin, (counts.get(origin) ?? 0) + 1);
    return text;
  });
  let best: string | undefined;
  // Writing it once costs its length and the key's.
  let saved = 0;
  for (const [origin, count] of counts) {
    const saving = count * (origin.length - SHARED.length) - origin.length - 20;
    if (saving > saved) [best, saved] = [origin, saving];
  }
  return best;
}

/**
 * The view and the site node with the origin most of their addresses share (the content
 * service's media host) written once, each address that starts with it as `~/path`, and a
 * string that starts with `~` with one more (docs/decisions/0052-one-media-origin-in-the-state.md).
 * The hydration state only: on the home page, a thousand bytes of a fifteen-thousand state.
 */
export function shareOrigin(wire: WireSnapshot): WireSnapshot {
  const origin = mostSharedOrigin([wire.view, wire.site]);
  if (origin === undefined) return wire;
  const pack = (text: string) =>
    text.startsWith(`${origin}/`)
      ? SHARED + text.slice(origin.length)
      : text.startsWith(SHARED)
        ? SHARED + text
        : text;
  // First, so that reading it back needs one pass (`readState`).
  return {
    sharedOrigin: origin,
    ...wire,
    view: mapStrings(wire.view, pack) as WireView,
    site: mapStrings(wire.site, pack) as WireSiteState,
  };
}

export function snapshotFromWire(wire: WireSnapshot): Snapshot {
  return { ...wire, view: viewFromWire(wire.view), site: siteFromWire(wire.site) };
}

/**
 * The hydration state's text, read back. `sharedOrigin` is its first key, so the first value
 * JSON.parse hands the reviver: every later address is put back whole as it is met.
 */
export function readState(text: string): Snapshot {
  let origin: string | undefined;
  let first = true;
  const wire = JSON.parse(text, (key, value: unknown) => {
    if (first) {
      first = false;
      if (key === 'sharedOrigin') {
        origin = value as string;
        return undefined;
      }
    }
    if (origin === undefined || typeof value !== 'string' || !value.startsWith(SHARED)) {
      return value;
    }
    return value[1] === '/' ? origin + value.slice(1) : value.slice(1);
  }) as WireSnapshot;
  return snapshotFromWire(wire);
}

export function loadResultToWire(result: LoadResult): WireLoadResult {
  if (result.type !== 'view') return result;
  return { ...result, state: { ...result.state, view: viewToWire(result.state.view) } };
}

export function loadResultFromWire(result: WireLoadResult): LoadResult {
  if (result.type !== 'view') return result;
  return { ...result, state: { ...result.state, view: viewFromWire(result.state.view) } };
}
