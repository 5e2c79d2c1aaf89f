/**
 * Magnolia-shaped nodes for the schema tests (a test tool, never imported by the site): each node
 * carries what the delivery API adds (`@name`, `@path`, `@id`, `@nodeType`, `@nodes` in order),
 * as docs/content-contract.md shows them.
 */
import { JSDOM } from 'jsdom';
import type { RawNode } from '../src/content/nodes';
import { installSanitizerWindow } from '../src/content/sanitize';
import { withSession, type ParseOptions } from '../src/content/schema/session';

export const MEDIA = 'https://media.example';

/** A node at `path` with its fields, then its child nodes in the order given. */
export function node(
  path: string,
  fields: Record<string, unknown> = {},
  children: Record<string, RawNode> = {},
): RawNode {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return {
    '@name': name,
    '@path': path,
    '@id': `id-${name}`,
    '@nodeType': 'mgnl:contentNode',
    ...fields,
    ...children,
    '@nodes': Object.keys(children),
  };
}

/** A component of `kind`, as the page editor saves it. */
export function component(
  path: string,
  kind: string,
  fields: Record<string, unknown> = {},
  children: Record<string, RawNode> = {},
): RawNode {
  return {
    ...node(path, { 'mgnl:template': `pari-boreal:components/${kind}`, ...fields }, children),
    '@nodeType': 'mgnl:component',
  };
}

/** An area holding `children` in that order. */
export function areaOf(path: string, ...children: RawNode[]): RawNode {
  return {
    ...node(path, {}, Object.fromEntries(children.map((c) => [c['@name'] as string, c]))),
    '@nodeType': 'mgnl:area',
  };
}

/** Runs a parse as the content client does: its model and what it diagnosed. */
export function parse<T>(run: () => T, options: Partial<ParseOptions> = {}) {
  return withSession({ media: MEDIA, ...options }, run);
}

/** The sanitiser the browser runs, over a window of the tests' own (rich text is sanitised). */
export function useSanitizer(): void {
  installSanitizerWindow(new JSDOM('').window);
}
