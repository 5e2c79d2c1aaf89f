/** The page's structure: one chunk in the browser (blocks/structural.ts). */
export type StructuralKind = 'entete' | 'section' | 'rangee' | 'texte' | 'image' | 'carte';

/**
 * Blocks outside the page's structure: each is its own browser chunk (the registry's loaders),
 * loaded only on pages that use it, once the page is interactive and the block near the screen
 * (docs/decisions/0047-blocks-after-the-frame.md). The server renders them like any other.
 */
export type LazyKind =
  | 'carrousel'
  | 'galerie'
  | 'accordeon'
  | 'contenant-onglets'
  | 'offres'
  | 'promotions'
  | 'video'
  | 'balado'
  | 'liste-chroniques'
  | 'liste-billets'
  | 'liste-gagnants'
  | 'liste-videos';
