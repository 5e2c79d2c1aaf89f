/** Renders a list of components through the registry, hiding those outside their window. */
import type { ComponentType } from 'react';
import { isInWindow } from '../domain/display-window';
import type { Component } from '../content/models';
import { useNow } from '../ui/now';
import { registry, type BlockProps } from './registry';

export function Block({ component }: { component: Component }) {
  // The registry is keyed by kind, so this entry takes exactly this component's type.
  const Renderer = registry[component.kind] as
    ComponentType<BlockProps<typeof component.kind>> | undefined;
  return Renderer ? <Renderer component={component} /> : null;
}

export function Components({ list }: { list: readonly Component[] }) {
  const now = useNow();
  return (
    <>
      {list
        .filter((c) => isInWindow(c.fields.window, now))
        .map((c) => (
          <Block key={c.id} component={c} />
        ))}
    </>
  );
}
