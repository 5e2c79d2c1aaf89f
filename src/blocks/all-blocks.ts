/**
 * Every block, imported statically: for the server, which renders any of them synchronously, and
 * for unit tests. The browser bundle never imports this file (it loads blocks by chunk).
 */
import { Accordeon } from './accordeon/Accordeon';
import { Balado } from './balado/Balado';
import { Carrousel } from './carrousel/Carrousel';
import { CardBlock } from './carte/CardBlock';
import { Onglets } from './contenant-onglets/Onglets';
import { HeaderBand } from './entete/HeaderBand';
import { Galerie } from './galerie/Galerie';
import { ImageBlock } from './image/ImageBlock';
import { ListeBillets } from './liste-billets/ListeBillets';
import { ListeChroniques } from './liste-chroniques/ListeChroniques';
import { ListeGagnants } from './liste-gagnants/ListeGagnants';
import { ListeVideos } from './liste-videos/ListeVideos';
import { Offres } from './offres/Offres';
import { Promotions } from './promotions/Promotions';
import { Row } from './rangee/Row';
import type { BlockRegistry } from './types';
import { Section } from './section/Section';
import { TextBlock } from './texte/TextBlock';
import { VideoBlock } from './video/VideoBlock';

export const allBlocks: BlockRegistry = {
  entete: HeaderBand,
  'liste-videos': ListeVideos,
  balado: Balado,
  'liste-chroniques': ListeChroniques,
  'liste-billets': ListeBillets,
  'liste-gagnants': ListeGagnants,
  section: Section,
  rangee: Row,
  texte: TextBlock,
  image: ImageBlock,
  carte: CardBlock,
  carrousel: Carrousel,
  galerie: Galerie,
  'contenant-onglets': Onglets,
  accordeon: Accordeon,
  offres: Offres,
  promotions: Promotions,
  video: VideoBlock,
};
