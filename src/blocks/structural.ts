/**
 * The page's structure (header band, sections, rows, text, images, cards): one chunk in the
 * browser, which needs it only to render such a component itself: one that travels whole in the
 * hydration state (a static tree whose window still changes, a section holding a block with
 * behaviour) or a page reached by client-side navigation. Static trees hydrate from the server's
 * markup without it (docs/decisions/0050-structure-blocks-in-their-own-chunk.md).
 */
import { Carte } from './carte/Carte';
import { Entete } from './entete/Entete';
import { ImageBlock } from './image/ImageBlock';
import { Rangee } from './rangee/Rangee';
import { Section } from './section/Section';
import { Texte } from './texte/Texte';
import type { BlockRegistry } from './types';

export const structuralBlocks: BlockRegistry = {
  entete: Entete,
  section: Section,
  rangee: Rangee,
  texte: Texte,
  image: ImageBlock,
  carte: Carte,
};
