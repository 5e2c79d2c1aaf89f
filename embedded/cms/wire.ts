/**
 * Turns authoring nodes into the wire shape of docs/content-contract.md: `@name`, `@path`, `@id`,
 * `@nodeType`, properties in the request's language, child nodes as keys, `@nodes`, and the
 * metadata noise a real Magnolia adds.
 */
import { createHash } from 'node:crypto';
import { ITEM_KINDS, type JsonObject, type JsonValue, type Lang } from './content-schema';
import { memoize } from './memo';

type NodeType = 'mgnl:page' | 'mgnl:area' | 'mgnl:component' | 'mgnl:content';

export interface WireContext {
  app: string;
  lang: Lang;
  /** Resolves a relative date against the anchor of the current request. */
  resolveDate: (value: string) => string;
}

interface NodeSpec {
  name: string;
  path: string;
  nodeType: NodeType;
  template?: string;
}

/** Authoring-only keys: they shape the node but are not properties on the wire. */
const RESERVED = new Set(['name', 'kind', 'unchecked']);

/**
 * A name-based UUID: stable across restarts, distinct per app and node path. Memoised (a pure
 * function of its key): every answer names the same nodes, each a SHA-1 otherwise.
 */
export const nodeId: (app: string, nodePath: string) => string = memoize(
  (app: string, nodePath: string) => `${app}:${nodePath}`,
  (app: string, nodePath: string) => {
    const hex = createHash('sha1').update(`${app}:${nodePath}`).digest('hex');
    const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  },
  10_000,
);

export function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isLocalized(value: JsonObject): boolean {
  const keys = Object.keys(value);
  return keys.length === 2 && 'fr' in value && 'en' in value;
}

function isAssetRef(value: JsonObject): boolean {
  return typeof value['@path'] === 'string' && Object.keys(value).length === 1;
}

function scalar(key: string, value: JsonValue, ctx: WireContext): JsonValue {
  // Only date fields are resolved, so that a text reading "today" stays a text.
  return typeof value === 'string' && key.startsWith('date') ? ctx.resolveDate(value) : value;
}

/** The authoring `kind` of an object that is an area whatever it holds (an area dialog's fields). */
export const AREA_KIND = 'area';

/** Objects under a page that hold lists are areas (header, footer); other objects are content. */
function objectNodeType(parent: NodeType, value: JsonObject): NodeType {
  if (value.kind === AREA_KIND) return 'mgnl:area';
  if (parent === 'mgnl:content') return 'mgnl:content';
  if (parent === 'mgnl:page') {
    return Object.values(value).some(Array.isArray) ? 'mgnl:area' : 'mgnl:content';
  }
  return 'mgnl:component';
}

export function buildNode(spec: NodeSpec, source: JsonObject, ctx: WireContext): JsonObject {
  const props: JsonObject = {};
  // Content nodes carry their name as a property too (lots, sports, products).
  if (spec.nodeType === 'mgnl:content') props.name = spec.name;
  const children: [string, JsonObject][] = [];
  for (const [key, value] of Object.entries(source)) {
    if (RESERVED.has(key)) continue;
    const childPath = `${spec.path}/${key}`;
    if (Array.isArray(value)) {
      children.push([key, buildList(key, childPath, value, spec.nodeType, ctx)]);
    } else if (isObject(value)) {
      if (isLocalized(value)) props[key] = scalar(key, value[ctx.lang] ?? null, ctx);
      else if (isAssetRef(value)) props[key] = { '@path': value['@path'] ?? null };
      else {
        const nodeType = objectNodeType(spec.nodeType, value);
        children.push([key, buildNode({ name: key, path: childPath, nodeType }, value, ctx)]);
      }
    } else {
      props[key] = scalar(key, value, ctx);
    }
  }
  return assemble(spec, props, children, ctx);
}

function buildList(
  key: string,
  listPath: string,
  items: JsonValue[],
  parent: NodeType,
  ctx: WireContext,
): JsonObject {
  const containerType: NodeType = parent === 'mgnl:content' ? 'mgnl:content' : 'mgnl:area';
  const itemType: NodeType = containerType === 'mgnl:area' ? 'mgnl:component' : 'mgnl:content';
  const children: [string, JsonObject][] = [];
  items.forEach((item, index) => {
    if (!isObject(item)) return;
    const kind = typeof item.kind === 'string' ? item.kind : ITEM_KINDS[key];
    const name = typeof item.name === 'string' ? item.name : `${kind ?? key}-${index}`;
    const spec: NodeSpec = { name, path: `${listPath}/${name}`, nodeType: itemType };
    if (itemType === 'mgnl:component' && kind !== undefined) {
      spec.template = `${ctx.app}:components/${kind}`;
    }
    children.push([name, buildNode(spec, item, ctx)]);
  });
  return assemble({ name: key, path: listPath, nodeType: containerType }, {}, children, ctx);
}

function assemble(
  spec: NodeSpec,
  props: JsonObject,
  children: [string, JsonObject][],
  ctx: WireContext,
): JsonObject {
  const id = nodeId(ctx.app, spec.path);
  const node: JsonObject = {
    '@name': spec.name,
    '@path': spec.path,
    '@id': id,
    '@nodeType': spec.nodeType,
    ...props,
  };
  if (spec.template !== undefined) node['mgnl:template'] = spec.template;
  node['mgnl:created'] = '2025-09-02T14:05:11.214-04:00';
  node['mgnl:lastModified'] = '2026-01-12T09:30:42.087-05:00';
  node['jcr:uuid'] = id;
  node['jcr:createdBy'] = 'redaction-demo';
  // Keys in reverse order on purpose: consumers must take child order from `@nodes`.
  for (const [name, child] of [...children].reverse()) node[name] = child;
  node['@nodes'] = children.map(([name]) => name);
  return node;
}
