/**
 * What the site reads of each component kind and page type, as the editors' module must offer
 * it (docs/content-contract.md, "The editors' module"). Derived from the schemas themselves:
 * the field names and readers from the site's schemas (src/content/schema), the required fields
 * by asking each schema what it refuses, the `{fr, en}` fields and the choice lists from the
 * embedded service's authoring schemas. Two small tables hold what no schema says.
 */
import { z } from 'zod';
import { componentKinds, itemKinds, pageSchema as pageFile } from '../embedded/cms/content-schema';
import { COMPONENT_SCHEMAS, tabSchema } from '../src/content/schema/components';
import {
  amount,
  area,
  asset,
  child,
  flag,
  itemSchemaOf,
  link,
  readersOf,
  richText,
  text,
  type Schema,
} from '../src/content/schema/magnolia';
import { pageSchema } from '../src/content/schema/page';
import { withSession } from '../src/content/schema/session';

export type FieldType =
  | 'text'
  | 'richText'
  | 'checkbox'
  | 'number'
  | 'date'
  | 'damLink'
  | 'link'
  | 'choice'
  | 'asset'
  | 'area';

export interface SiteField {
  name: string;
  type: FieldType;
  required: boolean;
  i18n: boolean;
  choices?: readonly string[];
  /** For an area read as a list of items: the item's kind. */
  itemKind?: string;
}

/** A kind (or page type) and the fields the site reads of it. */
export type SiteKinds = Record<string, Record<string, SiteField>>;

/**
 * Read as text by the schemas, checked as dates by the display-window code (domain/): no schema
 * says they are dates, so they are named here.
 */
const DATE_FIELDS = new Set(['dateDebutAffichage', 'dateFinAffichage', 'dateChronique']);

/**
 * Choices the site reads but the authoring schemas leave free: a block's and a promotion's
 * `position` (the card and promotion blocks tell only `left` and `right` apart).
 */
const EXTRA_CHOICES: Record<string, readonly string[]> = { position: ['left', 'right'] };

/** Set by Magnolia, never by a dialog; the component kind is read from the template. */
export const SYSTEM_FIELDS = new Set(['mgnl:template']);

const READER_TYPES = new Map<unknown, FieldType>([
  [text, 'text'],
  [richText, 'richText'],
  [flag, 'checkbox'],
  [amount, 'number'],
  [link, 'link'],
  [asset, 'asset'],
  [child, 'area'],
  [area, 'area'],
]);

/** An image by the media store's id: `imageId`, `{name}Id`, `imageIdPrincipale`. */
function isImageId(name: string): boolean {
  return /^image\w*Id$/.test(name) || name.startsWith('imageId');
}

/** The authoring schema's field, unwrapped of optional. */
function authoringField(schema: z.ZodType | undefined, name: string): z.ZodType | undefined {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  let field = shape[name];
  while (field instanceof z.ZodOptional) field = field.unwrap() as z.ZodType;
  return field;
}

/** `{fr, en}` allowed: the field differs by language. */
function isLocalized(field: z.ZodType | undefined): boolean {
  return (
    field instanceof z.ZodUnion &&
    field.options.some((o) => o instanceof z.ZodObject && 'fr' in o.shape && 'en' in o.shape)
  );
}

function choicesOf(field: z.ZodType | undefined, name: string): readonly string[] | undefined {
  if (field instanceof z.ZodEnum) return field.options.map(String);
  return EXTRA_CHOICES[name];
}

const RICH_SAMPLE = '<p>x</p>';

/** A value each reader accepts, to find what a schema requires (below). */
function sample(name: string, type: FieldType | undefined, choices?: readonly string[]): unknown {
  if (choices) return choices[0];
  if (name === 'image') return undefined;
  if (type === 'checkbox') return true;
  if (type === 'number') return 3;
  if (type === 'asset') return { '@path': '/x.svg' };
  if (type === 'richText') return RICH_SAMPLE;
  // Eleven id characters: a valid video, playlist and podcast id at once.
  return 'abcdefghijk';
}

/**
 * The fields a schema requires, in the order it refuses them: from an empty node, each refusal
 * names a field; it is filled and the node read again, until the schema accepts it. A missing
 * image is refused as `image` and filled by its id, `imageId`.
 */
function requiredFields(schema: Schema<unknown>, fields: Record<string, SiteField>): Set<string> {
  const node: Record<string, unknown> = { '@name': 'n', '@path': '/n' };
  const required = new Set<string>();
  // The sample rich text given as already sanitised: no sanitiser is needed to probe.
  const sanitized = new Map([[RICH_SAMPLE, { html: RICH_SAMPLE, removed: [] }]]);
  return withSession({ media: 'https://media.invalid', sanitized }, () => {
    for (;;) {
      const result = schema.safeParse(node, { reportInput: true });
      if (result.success) return required;
      const issue = result.error.issues[0];
      const name = String(issue?.path[0] ?? '');
      const key = name === 'image' ? 'imageId' : name;
      if (required.has(key) || !key) throw new Error(`refused twice on ${key}: ${issue?.message}`);
      required.add(key);
      node[key] =
        key === 'imageId' ? 'jcr:x' : sample(key, fields[key]?.type, fields[key]?.choices);
    }
  }).value;
}

/** The fields the site reads of one schema, with what the authoring schema adds. */
function describe(schema: Schema<unknown>, authoring: z.ZodType | undefined) {
  const readers = readersOf(schema);
  if (!readers) throw new Error('not a node schema');
  const out: Record<string, SiteField> = {};
  for (const [name, reader] of Object.entries(readers)) {
    if (SYSTEM_FIELDS.has(name)) continue;
    const item = itemSchemaOf(reader);
    let type = item ? 'area' : READER_TYPES.get(reader);
    if (!type) throw new Error(`${name}: a reader this description does not know`);
    const source = authoringField(authoring, name);
    const choices = choicesOf(source, name);
    if (type === 'text' && DATE_FIELDS.has(name)) type = 'date';
    if (type === 'text' && isImageId(name)) type = 'damLink';
    if (type === 'text' && choices) type = 'choice';
    out[name] = { name, type, required: false, i18n: isLocalized(source) };
    if (choices && type === 'choice') out[name].choices = choices;
  }
  for (const name of requiredFields(schema, out)) {
    const field = out[name];
    if (field) field.required = true;
  }
  return out;
}

/** The lists a kind owns, with the kind of their items (the embedded service's ITEM_KINDS). */
const ITEM_OF: Record<string, string> = {
  onglets: 'onglet',
  diapositives: 'diapositive',
  images: 'image-galerie',
  offres: 'carte',
  items: 'promotion',
};

/** Every component kind the site renders, and the items of the lists they own. */
export function siteComponentKinds(): SiteKinds {
  const kinds: SiteKinds = {};
  for (const [kind, schema] of Object.entries(COMPONENT_SCHEMAS)) {
    kinds[kind] = describe(schema, componentKinds[kind]);
    for (const [name, reader] of Object.entries(readersOf(schema) ?? {})) {
      const itemKind = ITEM_OF[name];
      const items = itemSchemaOf(reader) ?? (name === 'onglets' ? tabSchema : undefined);
      const field = kinds[kind][name];
      if (!itemKind || !items || !field) continue;
      field.itemKind = itemKind;
      // Offers are cards: the card kind's own description stands.
      if (itemKind !== 'carte') kinds[itemKind] = describe(items, itemKinds[itemKind]);
    }
  }
  return kinds;
}

/** The page types: a content page and a chronique read the same node. */
export function sitePageTypes(): SiteKinds {
  const page = describe(pageSchema, pageFile);
  return { standard: page, chronique: page };
}
