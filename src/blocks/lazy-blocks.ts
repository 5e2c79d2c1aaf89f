/**
 * Blocks outside the page's structure: each is its own browser chunk, loaded only on pages that
 * use it. Kind → source module, which is also the chunk's key in Vite's manifest, so the server
 * can preload a page's chunks (`src/server/main.ts`). No imports here: the server reads this
 * without pulling the blocks in, and the browser never needs it (registry.ts has the loaders).
 */
export const LAZY_BLOCK_SOURCES = {
  carrousel: 'src/blocks/carrousel/Carrousel.tsx',
  galerie: 'src/blocks/galerie/Galerie.tsx',
  accordeon: 'src/blocks/accordeon/Accordeon.tsx',
  'contenant-onglets': 'src/blocks/contenant-onglets/Onglets.tsx',
  offres: 'src/blocks/offres/Offres.tsx',
  promotions: 'src/blocks/promotions/Promotions.tsx',
  video: 'src/blocks/video/VideoBlock.tsx',
  balado: 'src/blocks/balado/Balado.tsx',
  'liste-chroniques': 'src/blocks/liste-chroniques/ListeChroniques.tsx',
  'liste-billets': 'src/blocks/liste-billets/ListeBillets.tsx',
  'liste-gagnants': 'src/blocks/liste-gagnants/ListeGagnants.tsx',
  'liste-videos': 'src/blocks/liste-videos/ListeVideos.tsx',
} as const;

export type LazyKind = keyof typeof LAZY_BLOCK_SOURCES;
