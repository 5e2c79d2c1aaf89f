/**
 * The page's structure (header band, sections, rows, text, images, cards): one chunk in the
 * browser, which needs it only to render such a component itself: one that travels whole in the
 * hydration state (a static tree whose window still changes, a section holding a block with
 * behaviour) or a page reached by client-side navigation. Static trees hydrate from the server's
 * markup without it (docs/decisions/0050-structure-blocks-in-their-own-chunk.md).
 */
import { CardBlock } from './carte/CardBlock';
import { HeaderBand } from './entete/HeaderBand';
import { ImageBlock } from './image/ImageBlock';
import { Row } from './rangee/Row';
import { Section } from './section/Section';
import { TextBlock } from './texte/TextBlock';
import type { BlockRegistry } from './types';

export const structuralBlocks: BlockRegistry = {
  entete: HeaderBand,
  section: Section,
  rangee: Row,
  texte: TextBlock,
  image: ImageBlock,
  carte: CardBlock,
};
