/**
 * On the server, a block is called inside a try (docs/decisions/0064-error-boundaries.md): one
 * that throws is left out of the page and logged, instead of failing the whole page. Only the
 * block's own function is covered; a throw deeper in its tree still fails the render (and the
 * visitor gets the 503 page, as before). The server renders once, so the block's hooks may be
 * its caller's there.
 */
import { createElement, type ComponentType, type ReactNode } from 'react';
import type { ServerBlock } from '../ui/error-boundary';

/** React suspends by throwing (a promise, or its own exception for `use`): not a failure. */
function isSuspending(error: unknown): boolean {
  if (typeof (error as { then?: unknown } | null)?.then === 'function') return true;
  return error instanceof Error && error.message.startsWith('Suspense Exception');
}

const isClass = (Block: object): boolean =>
  !!((Block as { prototype?: unknown }).prototype as { isReactComponent?: unknown } | undefined)
    ?.isReactComponent;

interface Guarded {
  block: string;
  Block: ComponentType<object>;
  props: object;
}

export function serverBlock(onError: (block: string, error: unknown) => void): ServerBlock {
  // A component of its own where the browser has the block's: the block's hooks run at the same
  // place in the tree, so every `useId` is the one the browser computes when it hydrates.
  function GuardedBlock({ block, Block, props }: Guarded): ReactNode {
    if (typeof Block !== 'function' || isClass(Block)) return createElement(Block, props);
    try {
      return (Block as (props: object) => ReactNode)(props);
    } catch (error) {
      if (isSuspending(error)) throw error;
      onError(block, error);
      return null;
    }
  }
  return (block, Block, props) =>
    createElement(GuardedBlock, { block, Block: Block as ComponentType<object>, props });
}
