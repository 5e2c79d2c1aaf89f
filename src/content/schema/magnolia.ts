/**
 * Magnolia's habits, handled once for every schema (docs/content-contract.md "Tolerance"):
 * booleans and numbers sent as strings, children in `@nodes` order, areas that may be missing,
 * images as `{name}Id` or `{name}: {"@path": …}`, and fields the site does not know. A wrong
 * optional field costs only itself: it reads as absent, with a diagnostic.
 */
import { z } from 'zod';
import { shortNodeId } from '../../domain/ids';
import { imageUrl } from '../../domain/images';
import { classifyLink } from '../../domain/links';
import type { Img } from '../models';
import { childNodes, isNode, nodeName, nodePath, type Child, type RawNode } from '../nodes';
import { sanitizeAudited, unsafeRemovals } from '../sanitize-audit';
import type { Removal } from '../sanitize-policy';
import { excerpt, type Diagnostic, type DiagnosticRule } from './diagnostics';
import { report, session } from './session';

/** A value an optional field could not use: the node holding it reports it, then drops it. */
class Unusable {
  constructor(
    readonly input: unknown,
    readonly rule: DiagnosticRule,
    readonly detail: string,
  ) {}
}

/** Something an editor must hear of in a value that is still used, as it is or made safe. */
interface Note {
  readonly rule: DiagnosticRule;
  readonly input: unknown;
  readonly detail: string;
}

/** A value used (made safe where it had to be) with what is said of it: an unsafe link. */
class Flagged<T> {
  constructor(
    readonly value: T,
    readonly notes: readonly Note[],
  ) {}
}

/**
 * A field reader: absent for null and undefined, else what `read` makes of the value (Unusable
 * for a value it cannot use). Plain functions, not zod schemas of their own: a node has some
 * twenty fields, and a zod stage per field made the content boundary twice as slow
 * (docs/decisions/0035-content-schemas.md).
 */
export type Reader<T> = ((value: unknown) => T) & {
  /** What an absent field reads as without a call (most fields of a node are absent). */
  absent?: T;
};

/** A reader that reads null and undefined as absent and gives `read` anything else. */
export function field<T>(read: (input: unknown) => T): Reader<T | undefined> {
  return (input) => (input == null ? undefined : read(input));
}

const NUMBER = /^-?\d+(\.\d+)?$/;

function readText(v: unknown): string | Unusable | undefined {
  if (typeof v === 'string') return v.trim() === '' ? undefined : v;
  if (typeof v === 'number') return String(v);
  return new Unusable(v, 'type', 'not text');
}

/** Text: a string, or a number Magnolia sent as one; a blank string is absent. */
export const text = field(readText);

/** `true`/`false`, or the strings `"true"`/`"false"` in any case, trimmed. */
export const flag = field((v) => {
  if (typeof v === 'boolean') return v;
  const word = typeof v === 'string' ? v.trim().toLowerCase() : undefined;
  if (word === 'true') return true;
  if (word === 'false') return false;
  return new Unusable(v, 'type', 'not true or false');
});

/** A number, or a string such as `"12.5"` or `"-3"`. */
export const amount = field((v) => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && NUMBER.test(v.trim())) return Number(v.trim());
  return new Unusable(v, 'type', 'not a number');
});

/** UTF-8 length, counted only when the string's length alone cannot tell. */
export function overLimit(value: string, maxBytes: number): boolean {
  if (value.length > maxBytes) return true;
  if (value.length * 3 <= maxBytes) return false;
  return new TextEncoder().encode(value).length > maxBytes;
}

/**
 * Editors' HTML, sanitised at the boundary so that nothing hostile travels further, not even in
 * the hydration data (the browser sanitises again where it renders). A field longer than the
 * limit is not sanitised at all: it is unusable (docs/requirements.md §8, docs/configuration.md).
 */
export const richText = field((v) => {
  const html = readText(v);
  if (typeof html !== 'string') return html;
  const { richTextMaxBytes: max, sanitized } = session();
  if (max !== undefined && overLimit(html, max)) {
    return new Unusable(
      html,
      'too-long',
      `${html.length} characters, over the limit of ${max} bytes`,
    );
  }
  const { html: clean, removed } = sanitized?.get(html) ?? sanitizeAudited(html);
  const notes = removalNotes(removed);
  return notes.length > 0 ? new Flagged(clean, notes) : clean;
});

/** What the sanitiser removed that an editor must hear of: refused links, active markup. */
function removalNotes(removed: readonly Removal[]): Note[] {
  if (removed.length === 0) return [];
  const { links, markup } = unsafeRemovals(removed);
  const notes: Note[] = [];
  if (links.length > 0) {
    notes.push({
      rule: 'unsafe-link',
      input: links[0],
      detail: `${links.length} link address(es) removed: ${links.join(' ')}`,
    });
  }
  if (markup.length > 0) {
    notes.push({ rule: 'unsafe-markup', input: markup.join(', '), detail: 'removed' });
  }
  return notes;
}

/**
 * A link's address as the editor typed it. One the site cannot follow safely (`javascript:`
 * other than the known actions, an unknown scheme, a path that leaves the site) is kept, since
 * the link renders as plain text (domain/links.ts), and told.
 */
export const link = field((v) => {
  const href = readText(v);
  if (typeof href !== 'string' || classifyLink(href).kind !== 'blocked') return href;
  return new Flagged(href, [
    { rule: 'unsafe-link', input: href, detail: 'not a web, mail, phone or site address' },
  ]);
});

/** A static asset reference, `{"@path": "/…"}`: its path. */
export const asset = field((v) =>
  isNode(v) && typeof v['@path'] === 'string'
    ? v['@path']
    : new Unusable(v, 'type', 'not an asset reference'),
);

/** The keys every node may carry that the schemas read: its name, path and id. */
const name = field((v) => (typeof v === 'string' ? v : undefined));
const NODE_META = { '@name': name, '@path': name, '@id': name, 'jcr:uuid': name };

/** The node a schema read, for what is known only from its other fields (a lot's `{name}-B`). */
export const RAW: unique symbol = Symbol('raw node');

type Readers = Record<string, Reader<unknown>>;

/**
 * Each node schema's readers, and each list reader's item schema: what the editors' module is
 * checked against (docs/content-contract.md, "Tolerance"). Kept aside, never read to parse.
 */
const READERS = new WeakMap<object, Readers>();
const ITEMS = new WeakMap<object, Schema<unknown>>();

/** The fields a node schema reads, each with its reader; undefined for another schema. */
export function readersOf(schema: object): Readers | undefined {
  return READERS.get(schema);
}

/** The schema a list reader (`listOf`) reads each child with; undefined for another reader. */
export function itemSchemaOf(reader: object): Schema<unknown> | undefined {
  return ITEMS.get(reader);
}
/** Where a node is and who it is: the keys every node may carry, and the node itself. */
export interface NodeMeta {
  '@name'?: string | undefined;
  '@path'?: string | undefined;
  '@id'?: string | undefined;
  'jcr:uuid'?: string | undefined;
  [RAW]: RawNode;
}
/** What a reader's output leaves in the node: unusable values out, flagged ones as they are used. */
type Usable<T> = T extends Unusable ? never : T extends Flagged<infer V> ? V : T;
/** The fields a node's readers give, unusable values taken out. */
export type Read<S extends Readers> = { [K in keyof S]: Usable<ReturnType<S[K]>> };

/**
 * A node's fields, each read by its reader: an unusable value is reported (the field ignored, at
 * the node's path) and left out, as are absent fields and those the site does not know.
 * `.transform(build)` makes it the node's schema: a node (an object) in, `build`'s model out,
 * one zod stage for the whole node. `more` adds readers to `readers` (a kind's own to the
 * block fields); without it, B is A again, which adds nothing.
 */
export function fields<A extends Readers, B extends Readers = A>(readers: A, more?: B) {
  const all: [string, Reader<unknown>][] = Object.entries({ ...NODE_META, ...readers, ...more });
  const read = (node: RawNode): Read<A> & Read<B> & NodeMeta => {
    const out: Record<string | symbol, unknown> = { [RAW]: node };
    for (const [key, reader] of all) {
      const raw = node[key];
      // Most fields of a node are absent: they read as their reader says, without a call.
      const value = raw === undefined ? reader.absent : reader(raw);
      if (value instanceof Unusable) unusable(node, key, value);
      else if (value instanceof Flagged) {
        flagged(node, key, value);
        out[key] = value.value;
      } else if (value !== undefined) out[key] = value;
    }
    return out as Read<A> & Read<B> & NodeMeta;
  };
  return {
    read,
    transform<T>(build: (f: Read<A> & Read<B> & NodeMeta, ctx: z.RefinementCtx) => T) {
      const schema = z.compile(
        z
          .custom<RawNode>(isNode, { message: 'not a node' })
          .transform((node, ctx) => build(read(node), ctx)),
      );
      READERS.set(schema, { ...readers, ...more });
      return schema;
    },
  };
}

function unusable(node: RawNode, key: string, value: Unusable): void {
  report({
    path: nodePath(node) || nodeName(node),
    field: key,
    rule: value.rule,
    effect: 'ignored',
    excerpt: value.rule === 'too-long' ? undefined : excerpt(value.input),
    detail: value.detail,
  });
}

function flagged(node: RawNode, key: string, value: Flagged<unknown>): void {
  for (const note of value.notes) {
    report({
      path: nodePath(node) || nodeName(node),
      field: key,
      rule: note.rule,
      effect: 'ignored',
      excerpt: excerpt(note.input),
      detail: note.detail,
    });
  }
}

/** Where a node is, for diagnostics: its `@path`, else its name. */
export function whereIs(node: { '@path'?: string | undefined; '@name'?: string | undefined }) {
  return node['@path'] || node['@name'] || '';
}

/** A node's id: `@id`, else `jcr:uuid`, else the fallback; a UUID shortened (domain/ids.ts). */
export function idOf(
  node: { '@id'?: string | undefined; 'jcr:uuid'?: string | undefined },
  fallback: string,
): string {
  return shortNodeId(node['@id'] || node['jcr:uuid'] || fallback);
}

/**
 * Refuses the node being built: a zod issue naming the field and the rule, which the reader of
 * the node turns into a diagnostic (the node skipped). Answers z.NEVER, to return at once.
 */
export function refuse(
  ctx: z.RefinementCtx,
  field: string,
  rule: DiagnosticRule,
  input?: unknown,
  detail?: string,
): never {
  ctx.addIssue({
    code: 'custom',
    message: detail ?? rule,
    path: [field],
    input,
    params: { rule, detail },
  });
  return z.NEVER;
}

/** The first issue of a refused node, as the diagnostic of its skip. */
function skipOf(issues: readonly z.core.$ZodIssue[], path: string): Diagnostic {
  const issue = issues[0];
  const params = (issue && 'params' in issue ? issue.params : undefined) as
    { rule?: DiagnosticRule; detail?: string } | undefined;
  return {
    path,
    field: issue?.path.join('.') || undefined,
    // Not refused by a schema's own rule: the value is not of the shape (a node, an object).
    rule: params?.rule ?? 'type',
    effect: 'skipped',
    excerpt: excerpt(issue?.input),
    detail: params?.detail ?? (params ? undefined : issue?.message),
  };
}

/** The part of a zod schema a reader needs: what it makes of a raw value. */
export interface Schema<T> {
  safeParse(
    input: unknown,
    params?: z.core.ParseContext<z.core.$ZodIssue>,
  ): z.ZodSafeParseResult<T>;
}

/** A node read by its schema, or null with a diagnostic (the node skipped). */
export function readNode<T>(
  schema: Schema<T>,
  node: unknown,
  path = isNode(node) ? nodePath(node) || nodeName(node) : '',
): T | null {
  const result = schema.safeParse(node, { reportInput: true });
  if (result.success) return result.data;
  report(skipOf(result.error.issues, path));
  return null;
}

/** The one empty list every absent area reads as: frozen, so that no one can fill it for all. */
const NONE: never[] = Object.freeze([]) as unknown as never[];

/** The child nodes of an area in `@nodes` order; none when the area is missing or not a node. */
export const area: Reader<Child[]> = Object.assign(
  (value: unknown) => childNodes(isNode(value) ? value : undefined),
  { absent: NONE },
);

/** Each child of an area read by `schema`; a child it refuses is skipped and said. */
export function listOf<T>(schema: Schema<T>): Reader<T[]> {
  const read = (value: unknown) => area(value).flatMap(({ node }) => readNode(schema, node) ?? []);
  ITEMS.set(read, schema);
  return Object.assign(read, { absent: NONE });
}

/** A child node given by name, as a raw node (absent when missing or not a node). */
export const child: Reader<RawNode | undefined> = (value) => (isNode(value) ? value : undefined);

/** An image by the pair rule: the media-store id first, then the static asset's path. */
export function imageOf(
  imageId: string | undefined,
  path: string | undefined,
  alt: string | undefined,
): Img | undefined {
  const src = imageUrl(session().media, { imageId, path });
  return src ? { src, alt: alt ?? '' } : undefined;
}
