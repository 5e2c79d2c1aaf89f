/** Renders a list of components through the registry, hiding those outside their window. */
import { use, type ComponentType } from 'react';
import { isInWindow } from '../domain/display-window';
import type { Component } from '../content/models';
import {
  FirstScreenContext,
  FollowsOpenerContext,
  useFollowsOpener,
  useOpensPage,
} from '../ui/first-screen';
import { EditContext } from '../ui/edit-context';
import { Drawn, ErrorBoundary, ServerBlockContext } from '../ui/error-boundary';
import { useNow } from '../ui/now';
import { LazyBlock } from './LazyBlock';
import { ListRendererContext } from './children';
import { isLazyBlock, useBlock } from './registry';
import { isStaticStub, shownKind } from './static-blocks';
import { Framed, StaticBlock } from './StaticBlock';
import type { BlockProps } from './types';

function Renderer({ component }: { component: Component }) {
  // The registry is keyed by kind, so this entry takes exactly this component's type.
  const Block = useBlock(component.kind) as
    ComponentType<BlockProps<typeof component.kind>> | undefined;
  // On the server, a block that throws is left out (docs/decisions/0064).
  const server = use(ServerBlockContext);
  return Block ? (
    <>
      {server ? server(component.kind, Block, { component }) : <Block component={component} />}
      <Drawn />
    </>
  ) : null;
}

export function Block({ component }: { component: Component }) {
  // A block in its own chunk gets its own boundary, on the server too (the same markup): the
  // browser keeps the server's HTML there and hydrates it when the chunk arrives, asked for
  // when the block comes near the screen, while the rest of the page hydrates at once.
  return isLazyBlock(component.kind) ? (
    <LazyBlock component={component} />
  ) : (
    <Renderer component={component} />
  );
}

/**
 * A component (a static tree in the server's wrapper), or in the browser the stub of one. One
 * that throws shows nothing, and the rest of the page stays (docs/decisions/0064).
 */
function Placed({ item }: { item: Component }) {
  if (isStaticStub(item)) return <StaticBlock stub={item} />;
  return (
    <ErrorBoundary block={item.kind}>
      <Framed component={item}>
        <Block component={item} />
      </Framed>
    </ErrorBoundary>
  );
}

/**
 * `area`: the content area the list is (`main` for a page's), for edit mode (docs/editing.md),
 * where every node it holds is drawn between its annotations; elsewhere it changes nothing.
 */
export function Components({
  list,
  area,
}: {
  list: readonly Component[];
  area?: string | undefined;
}) {
  const edit = use(EditContext);
  const now = useNow();
  // Only the first shown component of a list that opens the page opens it in turn.
  const opensPage = useOpensPage();
  const follows = useFollowsOpener();
  const shown = list.filter((c) => isInWindow(c.fields.window, now));
  // The first component after the opener that is more than text follows it; inside a follower,
  // its first such component follows in turn (by kind: the same in the server and the browser).
  const from = opensPage ? 1 : follows ? 0 : shown.length;
  const follower = shown.findIndex((c, index) => index >= from && shownKind(c) !== 'texte');
  const placed = (index: number) => {
    const c = shown[index];
    return c ? (
      <FirstScreenContext.Provider key={c.id} value={opensPage && index === 0}>
        <FollowsOpenerContext.Provider value={index === follower}>
          <Placed item={c} />
        </FollowsOpenerContext.Provider>
      </FirstScreenContext.Provider>
    ) : null;
  };
  return (
    // Containers below render their children through this same function (children.tsx).
    <ListRendererContext.Provider value={renderList}>
      {edit && area !== undefined ? (
        <edit.Area
          area={area}
          shown={shown.map((c) => ({ id: c.id, kind: shownKind(c) }))}
          render={placed}
        />
      ) : (
        shown.map((_, index) => placed(index))
      )}
    </ListRendererContext.Provider>
  );
}

/** What containers render their children with (children.tsx). */
export function renderList(list: readonly Component[], area?: string) {
  return <Components list={list} area={area} />;
}
