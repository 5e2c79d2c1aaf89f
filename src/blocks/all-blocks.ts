/**
 * Every block, imported statically: for the server, which renders any of them synchronously, and
 * for unit tests. The browser bundle never imports this file (it loads blocks by chunk).
 */
import { Accordion } from './accordeon/Accordion';
import { Podcast } from './balado/Podcast';
import { Carousel } from './carrousel/Carousel';
import { CardBlock } from './carte/CardBlock';
import { Tabs } from './contenant-onglets/Tabs';
import { HeaderBand } from './entete/HeaderBand';
import { Gallery } from './galerie/Gallery';
import { ImageBlock } from './image/ImageBlock';
import { TicketList } from './liste-billets/TicketList';
import { ChronicleList } from './liste-chroniques/ChronicleList';
import { WinnerList } from './liste-gagnants/WinnerList';
import { VideoList } from './liste-videos/VideoList';
import { Offers } from './offres/Offers';
import { Promotions } from './promotions/Promotions';
import { Row } from './rangee/Row';
import type { BlockRegistry } from './types';
import { Section } from './section/Section';
import { TextBlock } from './texte/TextBlock';
import { VideoBlock } from './video/VideoBlock';

export const allBlocks: BlockRegistry = {
  entete: HeaderBand,
  'liste-videos': VideoList,
  balado: Podcast,
  'liste-chroniques': ChronicleList,
  'liste-billets': TicketList,
  'liste-gagnants': WinnerList,
  section: Section,
  rangee: Row,
  texte: TextBlock,
  image: ImageBlock,
  carte: CardBlock,
  carrousel: Carousel,
  galerie: Gallery,
  'contenant-onglets': Tabs,
  accordeon: Accordion,
  offres: Offers,
  promotions: Promotions,
  video: VideoBlock,
};
