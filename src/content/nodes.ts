/** Magnolia node helpers: children are always taken in `@nodes` order, never key order. */
export type RawNode = Record<string, unknown> & { '@name'?: unknown; '@nodes'?: unknown };

export function isNode(value: unknown): value is RawNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface Child {
  name: string;
  node: RawNode;
}

/**
 * The child nodes in `@nodes` order. Names listed there but absent (or not objects) are skipped,
 * and a name listed twice counts once (a node has one child of a name; repeats would let a small
 * answer make nested work grow without bound). With no `@nodes` at all, object-valued keys that
 * carry `@name` stand in, in key order.
 */
export function childNodes(node: RawNode | undefined): Child[] {
  if (!node) return [];
  const order = node['@nodes'];
  const names = Array.isArray(order)
    ? order.filter((n): n is string => typeof n === 'string')
    : Object.keys(node).filter((k) => !k.startsWith('@') && isNode(node[k]) && '@name' in node[k]);
  const children: Child[] = [];
  for (const name of new Set(names)) {
    const child = node[name];
    if (isNode(child)) children.push({ name, node: child });
  }
  return children;
}

export function nodeName(node: RawNode, fallback = ''): string {
  return typeof node['@name'] === 'string' ? node['@name'] : fallback;
}

export function nodeId(node: RawNode, fallback: string): string {
  const id = node['@id'] ?? node['jcr:uuid'];
  return typeof id === 'string' && id ? id : fallback;
}

export function nodePath(node: RawNode): string {
  return typeof node['@path'] === 'string' ? node['@path'] : '';
}

/** The component kind: the last segment of `mgnl:template` (`{app}:components/KIND`). */
export function componentKind(node: RawNode): string | undefined {
  const template = node['mgnl:template'];
  if (typeof template === 'string' && template.includes('/')) {
    return template.slice(template.lastIndexOf('/') + 1);
  }
  const type = node.typeComposante;
  return typeof type === 'string' ? type : undefined;
}
