/**
 * Static trees (static-blocks.ts) in the browser: given a stub, the server's markup is kept as it
 * is and nothing inside it hydrates (docs/decisions/0037-static-blocks-out-of-the-state.md).
 * Links in it still behave as the site's links do: internal ones navigate client-side,
 * allow-listed actions run. The server's wrapper (static-frame.tsx) is provided at start
 * (`provideStaticFrame`), which keeps it and the kinds' table out of the browser's bundle.
 */
import type { ComponentType, ReactNode } from 'react';
import type { Component } from '../content/models';
import { KeptMarkup } from '../ui/kept-markup';
import type { StaticStub } from '../content/models';
import { STATIC_CLASS, staticElementId } from './static-blocks';

/**
 * From a stub: the server's markup, read once from the page (hydration keeps it as it is; a later
 * mount of the same stub puts it back).
 */
export function StaticBlock({ stub }: { stub: StaticStub }) {
  return <KeptMarkup id={staticElementId(stub.id)} className={STATIC_CLASS} />;
}

type Frame = ComponentType<{ component: Component; children: ReactNode }>;

let Frame: Frame | undefined;

/** The server (and unit tests, which render as it does) wrap static trees: static-frame.tsx. */
export function provideStaticFrame(frame: Frame): void {
  Frame = frame;
}

/** A component as placed in its list: in the server's wrapper if it is a static tree. */
export function Framed({ component, children }: { component: Component; children: ReactNode }) {
  return Frame ? <Frame component={component}>{children}</Frame> : children;
}
