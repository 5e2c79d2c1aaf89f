/**
 * How a container block (section, row, accordion, tabs) renders its children: through the list
 * renderer that `Components` puts in context, so that containers need not import the registry
 * that imports them (lint forbids import cycles, docs/architecture.md).
 */
import { createContext, use, type ReactNode } from 'react';
import type { Component } from '../content/models';

type ListRenderer = (list: readonly Component[]) => ReactNode;

// A container rendered outside `Components` (it never is in the site) shows no children.
export const ListRendererContext = createContext<ListRenderer>(() => null);

/** A container's children, rendered like the page's own list (windows, first screen, lazy code). */
export function Children({ list }: { list: readonly Component[] }) {
  return use(ListRendererContext)(list);
}
