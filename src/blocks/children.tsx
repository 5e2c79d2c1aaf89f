/**
 * How a container block (section, row, accordion, tabs) renders its children: through the list
 * renderer that `Components` puts in context, so that containers need not import the registry
 * that imports them (lint forbids import cycles, docs/architecture.md).
 */
import { createContext, use, type ReactNode } from 'react';
import type { Component } from '../content/models';
import { FollowsOpenerContext } from '../ui/first-screen';

type ListRenderer = (list: readonly Component[], area?: string) => ReactNode;

// A container rendered outside `Components` (it never is in the site) shows no children.
export const ListRendererContext = createContext<ListRenderer>(() => null);

/**
 * A container's children, rendered like the page's own list (windows, first screen, lazy code).
 * `aside`: not where the eye goes first (a row's later column, a closed panel), so none of them
 * follows the page's opener (src/ui/first-screen.tsx).
 */
export function Children({
  list,
  area,
  aside,
}: {
  list: readonly Component[];
  /** Its content area's name (a row's column: `colonneK`, docs/editing.md). */
  area?: string | undefined;
  aside?: boolean;
}) {
  const children = use(ListRendererContext)(list, area);
  return aside ? (
    <FollowsOpenerContext.Provider value={false}>{children}</FollowsOpenerContext.Provider>
  ) : (
    children
  );
}
