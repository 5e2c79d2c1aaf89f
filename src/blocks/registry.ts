/**
 * The one map from component kind to block. A kind with no block yet renders nothing; a kind the
 * content service invents never reaches here (the content client skips and logs it).
 *
 * The server renders every block synchronously (it provides them all up front, `provideBlocks`).
 * In the browser every block is in a chunk: the page's structure (header band, sections, rows,
 * text, images, cards) in one (`structural.ts`), loaded before hydration only when the state
 * holds such a component whole, since static trees keep the server's markup
 * (docs/decisions/0050-structure-blocks-in-their-own-chunk.md); every other block in its own
 * (`lazy-blocks.ts`), hydrated once its chunk has arrived, asked for once the page is
 * interactive and the block near the screen (docs/decisions/0047-blocks-after-the-frame.md).
 */
import { use } from 'react';
import type { Component, ComponentKind } from '../content/models';
import { forEachComponent } from '../content/walk';
import type { LazyKind, StructuralKind } from './lazy-blocks';
import type { AnyBlock, BlockRegistry } from './types';

// One chunk for them all: whichever kind asks first makes every one of them ready.
const structure = (kind: StructuralKind) => () =>
  import('./structural').then(({ structuralBlocks }) => {
    provideBlocks(structuralBlocks);
    return structuralBlocks[kind];
  });

const structuralLoaders: Record<StructuralKind, () => Promise<unknown>> = {
  entete: structure('entete'),
  section: structure('section'),
  rangee: structure('rangee'),
  texte: structure('texte'),
  image: structure('image'),
  carte: structure('carte'),
};

// Literal import() calls, one per block, so that the bundler makes one chunk of each.
const lazyLoaders: Record<LazyKind, () => Promise<unknown>> = {
  carrousel: () => import('./carrousel/Carousel').then((m) => m.Carousel),
  galerie: () => import('./galerie/Gallery').then((m) => m.Gallery),
  accordeon: () => import('./accordeon/Accordion').then((m) => m.Accordion),
  'contenant-onglets': () => import('./contenant-onglets/Tabs').then((m) => m.Tabs),
  offres: () => import('./offres/Offers').then((m) => m.Offers),
  promotions: () => import('./promotions/Promotions').then((m) => m.Promotions),
  video: () => import('./video/VideoBlock').then((m) => m.VideoBlock),
  balado: () => import('./balado/Podcast').then((m) => m.Podcast),
  'liste-chroniques': () => import('./liste-chroniques/ChronicleList').then((m) => m.ChronicleList),
  'liste-billets': () => import('./liste-billets/TicketList').then((m) => m.TicketList),
  'liste-gagnants': () => import('./liste-gagnants/WinnerList').then((m) => m.WinnerList),
  'liste-videos': () => import('./liste-videos/VideoList').then((m) => m.VideoList),
};

const loaders: Record<LazyKind | StructuralKind, () => Promise<unknown>> = {
  ...structuralLoaders,
  ...lazyLoaders,
};
type LoadedKind = keyof typeof loaders;

/** Kinds whose block is in its own chunk, hydrated after the page. */
export const LAZY_KINDS = Object.keys(lazyLoaders) as LazyKind[];

/** Kinds of the page's structure, in one chunk. */
const STRUCTURAL_KINDS = Object.keys(structuralLoaders) as StructuralKind[];

export function isLazyBlock(kind: ComponentKind): boolean {
  return Object.hasOwn(lazyLoaders, kind);
}

/** Blocks ready to render synchronously: those provided, then each chunk as it arrives. */
const ready = new Map<ComponentKind, AnyBlock>();
const pending = new Map<LoadedKind, Promise<AnyBlock>>();

/** The server (and unit tests, which render as the server does) register every block at once. */
export function provideBlocks(blocks: BlockRegistry): void {
  for (const [kind, block] of Object.entries(blocks) as [ComponentKind, AnyBlock][]) {
    ready.set(kind, block);
  }
}

/**
 * A kind's chunk, asked for once: the same promise for every caller until it settles. A failed
 * chunk (network) may be asked for again by a later call.
 */
export function loadBlock(kind: LoadedKind): Promise<AnyBlock> {
  let promise = pending.get(kind);
  if (!promise) {
    promise = loaders[kind]().then((block) => {
      ready.set(kind, block as AnyBlock);
      return block as AnyBlock;
    });
    promise.catch(() => pending.delete(kind));
    pending.set(kind, promise);
  }
  return promise;
}

/**
 * Loads the chunks of these kinds, so that a client-side navigation renders the new page in one
 * go instead of block by block. Never rejects: a block that fails to load suspends as before.
 */
export async function preloadBlocks(kinds: Iterable<ComponentKind>): Promise<void> {
  const wanted = [...new Set(kinds)].filter(
    (kind): kind is LoadedKind => !ready.has(kind) && Object.hasOwn(loaders, kind),
  );
  await Promise.allSettled(wanted.map(loadBlock));
}

/**
 * Before hydration: the structure's chunk, when these lists hold a structural component whole
 * (not a static tree's stub), since hydrating it renders it. The other blocks wait (0047).
 */
export function preloadStructure(lists: readonly (readonly Component[])[]): Promise<void> {
  const kinds = new Set<ComponentKind>();
  for (const list of lists) forEachComponent(list, (c) => kinds.add(c.kind));
  return preloadBlocks(STRUCTURAL_KINDS.filter((kind) => kinds.has(kind)));
}

/** This kind's block if it is at hand (structural, provided, or its chunk arrived). */
export function readyBlock(kind: ComponentKind): AnyBlock | undefined {
  return ready.get(kind);
}

/** The block of a kind: synchronous when loaded, otherwise it suspends until its chunk arrives. */
export function useBlock(kind: ComponentKind): AnyBlock | undefined {
  const block = ready.get(kind);
  if (block) return block;
  return Object.hasOwn(loaders, kind) ? use(loadBlock(kind as LoadedKind)) : undefined;
}
