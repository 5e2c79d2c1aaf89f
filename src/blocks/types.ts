/** What a block receives, and the shape of the kind → block map (registry.ts). */
import type { ComponentType } from 'react';
import type { ComponentKind, ComponentOf } from '../content/models';

export interface BlockProps<K extends ComponentKind> {
  component: ComponentOf<K>;
}

export type BlockRegistry = { [K in ComponentKind]?: ComponentType<BlockProps<K>> };

export type AnyBlock = ComponentType<BlockProps<ComponentKind>>;
