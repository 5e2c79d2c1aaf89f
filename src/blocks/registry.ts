/**
 * The one map from component kind to block. A kind with no block yet renders nothing; a kind the
 * content service invents never reaches here (the content client skips and logs it).
 */
import type { ComponentType } from 'react';
import type { ComponentKind, ComponentOf } from '../content/models';
import { Carte } from './carte/Carte';
import { Entete } from './entete/Entete';
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
  section: Section,
  rangee: Rangee,
  texte: Texte,
  image: ImageBlock,
  carte: Carte,
};
