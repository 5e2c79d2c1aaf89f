/**
 * Blocks with no behaviour in the browser (docs/decisions/0037-static-blocks-out-of-the-state.md):
 * a tree of them is rendered on the server and kept as it is by the browser, so the hydration
 * state carries only a stub in its place (its id and display window), not its fields again.
 * Pure: no React, no I/O.
 */
import type { Component, ContentKind, StaticStub } from '../content/models';
import { changesAfter, type DisplayWindow } from '../domain/display-window';
import { forEachComponent } from '../content/walk';

/**
 * What each kind needs in the browser: nothing (`static`: its server markup is all), or its
 * props (`props`: it hydrates and behaves); `none` for a kind that renders nothing as a page
 * block (it travels as it is, a few bytes, and is never wrapped). A new kind must say which.
 */
export type Hydration = 'static' | 'props' | 'none';

export const HYDRATION: { readonly [K in ContentKind]: Hydration } = {
  entete: 'static',
  section: 'static',
  rangee: 'static',
  texte: 'static',
  image: 'static',
  carte: 'static',
  // A grid of offer cards and a list of promotions: filtered by date only, so static while none
  // of their items' windows still opens or closes (`itemWindows`,
  // docs/decisions/0054-offers-and-promotions-static.md).
  offres: 'static',
  promotions: 'static',
  // Header messages: the header shows them, never the page.
  message: 'none',
  // Slides move, tabs and panels open, lightboxes, consent gates, lists that open the lot modal.
  'contenant-onglets': 'props',
  accordeon: 'props',
  video: 'props',
  carrousel: 'props',
  galerie: 'props',
  'liste-billets': 'props',
  'liste-gagnants': 'props',
  'liste-chroniques': 'props',
  'liste-videos': 'props',
  balado: 'props',
};

export function isStaticStub(value: Component): value is StaticStub {
  return value.kind === 'static';
}

/**
 * Is `component`, with everything inside it, static at `now`? A component inside it whose display
 * window still opens or closes after `now` keeps the tree in the state: the browser's filter must
 * hide it when it closes while the page stays open (the outer window travels in the stub).
 */
export function isStaticTree(component: Component, now: number): boolean {
  let all = true;
  forEachComponent([component], (c) => {
    // A stub stands for a tree already found static; its own window still counts.
    if (c.kind !== 'static' && HYDRATION[c.kind] !== 'static') all = false;
    else if (c !== component && changesAfter(c.fields.window, now)) all = false;
    else if (itemWindows(c).some((window) => changesAfter(window, now))) all = false;
  });
  return all;
}

/** The display windows of a static kind's own items, which the stub does not carry. */
function itemWindows(component: Component): DisplayWindow[] {
  if (component.kind === 'offres') return component.offers.map((offer) => offer.fields.window);
  if (component.kind === 'promotions') return component.items.map((item) => item.window);
  return [];
}

/** The class of a static tree's wrapper (ui/styles/utilities.css: it adds no box). */
export const STATIC_CLASS = 'static-block';

/** The element id of a static tree's wrapper, by its component id. */
export function staticElementId(componentId: string): string {
  return `static-${componentId}`;
}

function stubOf(component: Component): StaticStub {
  return {
    kind: 'static',
    of: component.kind === 'static' ? component.of : component.kind,
    id: component.id,
    fields: { window: component.fields.window },
  };
}

/** The kind a list item shows: its own, or for a stub that of the tree it stands for. */
export function shownKind(item: Component | undefined): ContentKind | undefined {
  if (!item) return undefined;
  return isStaticStub(item) ? item.of : item.kind;
}

/**
 * The list with each outermost static tree replaced by its stub; containers that hold a block
 * with behaviour stay, their static children stubbed in turn. The stubs travel in the places of
 * components (the browser's `Components` renders them, docs/architecture.md): a stub is one of
 * the model's components, of kind `static`, told apart by `isStaticStub` where a list is rendered.
 */
export function stubStaticTrees(list: readonly Component[], now: number): Component[] {
  return list.map((c) => (isStaticTree(c, now) ? stubOf(c) : stubChildren(c, now)));
}

function stubChildren(component: Component, now: number): Component {
  switch (component.kind) {
    case 'section':
    case 'accordeon':
      return { ...component, children: stubStaticTrees(component.children, now) };
    case 'rangee':
      return {
        ...component,
        columns: component.columns.map((column) => stubStaticTrees(column, now)),
      };
    case 'contenant-onglets':
      return {
        ...component,
        tabs: component.tabs.map((tab) => ({
          ...tab,
          children: stubStaticTrees(tab.children, now),
        })),
      };
    default:
      return component;
  }
}
