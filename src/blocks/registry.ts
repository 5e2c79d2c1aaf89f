/**
 * The one map from component kind to block. A kind with no block yet renders nothing; a kind the
 * content service invents never reaches here (the content client skips and logs it).
 */
import type { ComponentType } from 'react';
import type { ComponentKind, ComponentOf } from '../content/models';
import { Carte } from './carte/Carte';
import { Carrousel } from './carrousel/Carrousel';
import { Galerie } from './galerie/Galerie';
import { Accordeon } from './accordeon/Accordeon';
import { Onglets } from './contenant-onglets/Onglets';
import { Offres } from './offres/Offres';
import { Promotions } from './promotions/Promotions';
import { VideoBlock } from './video/VideoBlock';
import { Entete } from './entete/Entete';
import { Balado } from './balado/Balado';
import { ListeChroniques } from './liste-chroniques/ListeChroniques';
import { ListeBillets } from './liste-billets/ListeBillets';
import { ListeGagnants } from './liste-gagnants/ListeGagnants';
import { ListeVideos } from './liste-videos/ListeVideos';
import { ImageBlock } from './image/ImageBlock';
import { Rangee } from './rangee/Rangee';
import { Section } from './section/Section';
import { Texte } from './texte/Texte';

export interface BlockProps<K extends ComponentKind> {
  component: ComponentOf<K>;
}

export type BlockRegistry = { [K in ComponentKind]?: ComponentType<BlockProps<K>> };

export const registry: BlockRegistry = {
  entete: Entete,
  'liste-videos': ListeVideos,
  balado: Balado,
  'liste-chroniques': ListeChroniques,
  'liste-billets': ListeBillets,
  'liste-gagnants': ListeGagnants,
  section: Section,
  rangee: Rangee,
  texte: Texte,
  image: ImageBlock,
  carte: Carte,
  carrousel: Carrousel,
  galerie: Galerie,
  'contenant-onglets': Onglets,
  accordeon: Accordeon,
  offres: Offres,
  promotions: Promotions,
  video: VideoBlock,
};
