/**
 * The one map from component kind to block. A kind with no block yet renders nothing; a kind the
 * content service invents never reaches here (the content client skips and logs it).
 *
 * The page's structure (header, sections, rows, text, images, cards) is in the main bundle.
 * Every other block is its own chunk (`lazy-blocks.ts`): the server renders it like any other
 * (it provides every block up front, `provideBlocks`), and the browser hydrates it once its chunk
 * has arrived, asked for once the page is interactive and the block near the screen
 * (docs/decisions/0047-blocks-after-the-frame.md).
 */
import { use } from 'react';
import type { ComponentKind } from '../content/models';
import { Carte } from './carte/Carte';
import { Entete } from './entete/Entete';
import { ImageBlock } from './image/ImageBlock';
import type { LazyKind } from './lazy-blocks';
import { Rangee } from './rangee/Rangee';
import { Section } from './section/Section';
import { Texte } from './texte/Texte';
import type { AnyBlock, BlockRegistry } from './types';

const structural: BlockRegistry = {
  entete: Entete,
  section: Section,
  rangee: Rangee,
  texte: Texte,
  image: ImageBlock,
  carte: Carte,
};

// Literal import() calls, one per block, so that the bundler makes one chunk of each.
const loaders: Record<LazyKind, () => Promise<unknown>> = {
  carrousel: () => import('./carrousel/Carrousel').then((m) => m.Carrousel),
  galerie: () => import('./galerie/Galerie').then((m) => m.Galerie),
  accordeon: () => import('./accordeon/Accordeon').then((m) => m.Accordeon),
  'contenant-onglets': () => import('./contenant-onglets/Onglets').then((m) => m.Onglets),
  offres: () => import('./offres/Offres').then((m) => m.Offres),
  promotions: () => import('./promotions/Promotions').then((m) => m.Promotions),
  video: () => import('./video/VideoBlock').then((m) => m.VideoBlock),
  balado: () => import('./balado/Balado').then((m) => m.Balado),
  'liste-chroniques': () =>
    import('./liste-chroniques/ListeChroniques').then((m) => m.ListeChroniques),
  'liste-billets': () => import('./liste-billets/ListeBillets').then((m) => m.ListeBillets),
  'liste-gagnants': () => import('./liste-gagnants/ListeGagnants').then((m) => m.ListeGagnants),
  'liste-videos': () => import('./liste-videos/ListeVideos').then((m) => m.ListeVideos),
};

/** Kinds whose block is in its own chunk. */
export const LAZY_KINDS = Object.keys(loaders) as LazyKind[];

export function isLazyBlock(kind: ComponentKind): boolean {
  return Object.hasOwn(loaders, kind);
}

/** Blocks ready to render synchronously: the structural ones, then each chunk as it arrives. */
const ready = new Map<ComponentKind, AnyBlock>(
  Object.entries(structural) as [ComponentKind, AnyBlock][],
);
const pending = new Map<LazyKind, Promise<AnyBlock>>();

/** The server (and unit tests, which render as the server does) register every block at once. */
export function provideBlocks(blocks: BlockRegistry): void {
  for (const [kind, block] of Object.entries(blocks) as [ComponentKind, AnyBlock][]) {
    ready.set(kind, block);
  }
}

function loadBlock(kind: LazyKind): Promise<AnyBlock> {
  let promise = pending.get(kind);
  if (!promise) {
    promise = loaders[kind]().then((block) => {
      ready.set(kind, block as AnyBlock);
      return block as AnyBlock;
    });
    // A failed chunk (network) may be asked for again by a later render.
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
    (kind): kind is LazyKind => !ready.has(kind) && Object.hasOwn(loaders, kind),
  );
  await Promise.allSettled(wanted.map(loadBlock));
}

/** Is this kind's block at hand (structural, provided, or its chunk arrived)? */
export function isBlockReady(kind: ComponentKind): boolean {
  return ready.has(kind);
}

/** The block of a kind: synchronous when loaded, otherwise it suspends until its chunk arrives. */
export function useBlock(kind: ComponentKind): AnyBlock | undefined {
  const block = ready.get(kind);
  if (block) return block;
  return Object.hasOwn(loaders, kind) ? use(loadBlock(kind as LazyKind)) : undefined;
}

/**
 * The block of a kind as a promise for `use()`: already fulfilled when the block is at hand (so
 * that `use()` returns it at once), else its chunk, asked for once `when` resolves.
 */
export function blockPromise(kind: ComponentKind, when: Promise<void>): Promise<AnyBlock> {
  const block = ready.get(kind);
  if (block) {
    // React reads these fields to use a settled promise without suspending.
    return Object.assign(Promise.resolve(block), { status: 'fulfilled', value: block });
  }
  return when.then(() =>
    loadBlock(kind as LazyKind).catch((error: unknown) => {
      // A chunk that does not arrive (a dropped connection) leaves the block as the server
      // rendered it, readable but inert, rather than failing the whole page.
      console.warn(`Block ${kind}: code not loaded, left as served.`, error);
      return new Promise<AnyBlock>(() => undefined);
    }),
  );
}
