/**
 * One broken block never blanks a page (docs/decisions/0064-error-boundaries.md): a boundary
 * around every block and every root shows nothing in place of what threw, and reports it
 * (error-report.ts). React has no hook for this, hence the class.
 */
import { Component, createContext, use, type ComponentType, type ReactNode } from 'react';
import { reportBrowserError } from './error-report';

/** Told that the block below the nearest boundary was drawn whole. */
const DrawnContext = createContext<(() => void) | null>(null);

/**
 * Rendered after a block, as its sibling: reached only once the whole block rendered, so an error
 * caught later comes from its effects (or from a later update of it).
 */
export function Drawn() {
  use(DrawnContext)?.();
  return null;
}

export class ErrorBoundary extends Component<
  { block: string; children: ReactNode },
  { failed?: boolean }
> {
  override state: { failed?: boolean } = {};

  private drawn = false;

  private readonly markDrawn = () => {
    this.drawn = true;
  };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    reportBrowserError(this.drawn ? 'effect' : 'render', this.props.block, error);
  }

  override render() {
    return this.state.failed ? null : (
      <DrawnContext.Provider value={this.markDrawn}>{this.props.children}</DrawnContext.Provider>
    );
  }
}

/**
 * How the server renders a block (renderToString has no boundaries): given by the server only
 * (src/app/entry-server.tsx), which leaves out and logs a block that throws.
 */
export type ServerBlock = <P extends object>(
  block: string,
  Block: ComponentType<P>,
  props: P,
) => ReactNode;

export const ServerBlockContext = createContext<ServerBlock | null>(null);
