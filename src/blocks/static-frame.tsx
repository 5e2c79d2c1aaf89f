/**
 * The server's wrapper around each outermost static tree (docs/decisions/0037): the element whose
 * markup the browser keeps for the tree's stub. Provided at start (app/server-setup.ts).
 */
import { createContext, use, type ReactNode } from 'react';
import type { Component } from '../content/models';
import { useNow } from '../ui/now';
import { isStaticTree, STATIC_CLASS, staticElementId } from './static-blocks';

/** True inside a static tree's wrapper: the trees inside it are not wrapped again. */
const InsideStaticContext = createContext(false);

export function StaticFrame({
  component,
  children,
}: {
  component: Component;
  children: ReactNode;
}) {
  const inside = use(InsideStaticContext);
  const now = useNow();
  if (inside || !isStaticTree(component, now)) return children;
  return (
    <div className={STATIC_CLASS} id={staticElementId(component.id)}>
      <InsideStaticContext.Provider value={true}>{children}</InsideStaticContext.Provider>
    </div>
  );
}
