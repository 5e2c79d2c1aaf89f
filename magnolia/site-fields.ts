/**
 * What the site reads of each component kind and page type, as the editors' module must offer
 * it (docs/content-contract.md, "The editors' module"). Derived from the schemas themselves:
 * the field names and readers from the site's schemas (src/content/schema), the required fields
 * by asking each schema what it refuses, the `{fr, en}` fields and the choice lists from the
 * embedded service's authoring schemas. Two small tables hold what no schema says.
 */
import { z } from 'zod';
import {
  componentKinds,
  itemKinds,
  lotsSchema,
  pageSchema as pageFile,
  siteSchema as siteFile,
  tilesSchema,
} from '../embedded/cms/content-schema';
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
import { decorTileSchema, lotSchema } from '../src/content/schema/lots';
import { pageSchema } from '../src/content/schema/page';
import { withSession } from '../src/content/schema/session';
import { siteSchema } from '../src/content/schema/site';

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
  /** `{fr, en}` neither allowed nor refused by the authoring schema: either is right. */
  i18nFree?: boolean;
}

/** A kind (or page type) and the fields the site reads of it. */
export type SiteKinds = Record<string, Record<string, SiteField>>;

/**
 * Read as text by the schemas, checked as dates by the display-window code (domain/): no schema
 * says they are dates, so they are named here.
 */
const DATE_FIELDS = new Set([
  'dateDebutAffichage',
  'dateFinAffichage',
  'dateChronique',
  'dateGain',
]);

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

/**
 * The fields the site reads of one schema, with what the authoring schema adds. `loose`: a
 * field the authoring schema does not hold may be translated or not (the site node's and the
 * lots' schemas are written for the demo, not as the editors' reference).
 */
function describe(schema: Schema<unknown>, authoring: z.ZodType | undefined, loose = false) {
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
    if (loose && !source) out[name].i18nFree = true;
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

/**
 * Read of a chronique only (src/content/schema/page.ts, "A chronique's own fields"): a standard
 * page's dialog need not offer them.
 */
export const CHRONIQUE_ONLY = [
  'titreChronique',
  'dateChronique',
  'chroniqueur',
  'imageIdPrincipale',
  'imagePrincipale',
  'alternateText',
  'lien',
  'nouvelleFenetre',
];

/** The page types: a content page and a chronique read the same node, the chronique more. */
export function sitePageTypes(): SiteKinds {
  const chronique = describe(pageSchema, pageFile);
  const standard = Object.fromEntries(
    Object.entries(chronique).filter(([name]) => !CHRONIQUE_ONLY.includes(name)),
  );
  return { standard, chronique };
}

/**
 * What the site reads of a chronique's columnist, the child `chroniqueur` (one dialog field, a
 * composite): `probe` sees which schema reads it.
 */
export function columnistFields(probe: Probe): Record<string, SiteField> {
  const columnist = { nomChroniqueur: 'x' };
  const page = { '@name': 'c', '@path': '/c', type: 'chronique', chroniqueur: columnist };
  const reads = probe(() => {
    withSession(PROBE_SESSION, () => pageSchema.safeParse(page));
  });
  const schema = readerOf(reads, columnist);
  if (!schema) throw new Error('chroniqueur: read by no schema');
  return editable(describe(schema, authoringAt(pageFile, ['chroniqueur']), true));
}

/** A schema that read a node, as a probe saw it (`readNode`'s calls). */
export interface NodeRead {
  schema: Schema<unknown>;
  node: unknown;
}

/** Runs `read` and answers every node read by a schema on the way. */
export type Probe = (read: () => void) => readonly NodeRead[];

/** The probes' texts are `x`, given as already sanitised: no sanitiser is needed to probe. */
const PROBE_SESSION = {
  media: 'https://media.invalid',
  sanitized: new Map([['x', { html: 'x', removed: [] }]]),
};

/** The schema that read `node` during the probe, if one did. */
function readerOf(reads: readonly NodeRead[], node: object): Schema<unknown> | undefined {
  return reads.find((r) => r.node === node)?.schema;
}

/** A zod schema's inner object, through optional, array and refinements. */
function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let inner = schema;
  for (;;) {
    if (inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
    else if (inner instanceof z.ZodArray) inner = inner.element as z.ZodType;
    else return inner;
  }
}

/** The authoring schema's part at `path` (object keys, arrays and optionals crossed). */
function authoringAt(schema: z.ZodType, path: readonly string[]): z.ZodType | undefined {
  let part: z.ZodType | undefined = schema;
  for (const key of path) part = unwrap(authoringField(part, key));
  return unwrap(part);
}

/**
 * Where the site node's parts live in the module (the names its site templates use, named in
 * docs/content-contract.md "The editors' module"): a list's items are components of these
 * templates, by the list's path...
 */
const SITE_ITEMS: Record<string, string> = {
  'header/menu': 'groupe-menu',
  'groupe-menu/groupe-liens': 'lien-menu',
  'header/messages': 'message',
  'footer/menu': 'colonne-pied',
  'colonne-pied/liens': 'lien-pied',
  'footer/logos-medias-sociaux': 'logo',
  'footer/logos-corpo': 'logo',
  'footer/partenaires': 'logo',
};

/** ...an area with fields of its own has the dialog of this name (`{app}:areas/NAME`)... */
const SITE_AREA_DIALOGS: Record<string, string> = {
  'header/achatEnMagasin': 'achat-en-magasin',
  footer: 'pied',
  'footer/telephone': 'telephone',
};

/**
 * ...and a menu link reads both link keys, the other one as plain text that nothing shows
 * (src/content/schema/site.ts): its dialog offers only the one shown.
 */
const SITE_NOT_SHOWN: Record<string, readonly string[]> = {
  'lien-menu': ['externalUrl'],
  'lien-pied': ['lienExterne'],
};

/** An area of the site node as the module must declare it. */
export interface SiteArea {
  /** Its path under the site node, `footer/telephone`. */
  path: string;
  /** The area dialog, when the site reads fields of the area node itself. */
  dialog?: string;
  fields: Record<string, SiteField>;
  /** Its sub-areas that are lists of items, with the items' component. */
  lists: Record<string, string>;
  /** Its sub-areas read as page components (the footer's `pub`). */
  components: string[];
  /** Its sub-areas that are areas of their own (`noComponent`). */
  areas: Record<string, SiteArea>;
}

/** The site node (the page `/{app}`): its areas, and the components of its lists. */
export interface SiteNodeParts {
  areas: Record<string, SiteArea>;
  components: SiteKinds;
}

/** A node with every part the site reads filled, to see which schema reads which part. */
function fullSiteNode(): Record<string, unknown> {
  const list = (item: Record<string, unknown>) => ({
    '@nodes': ['a'],
    a: { '@name': 'a', ...item },
  });
  const logo = { imageId: 'jcr:x', titre: 'x' };
  return {
    header: {
      menu: list({ titre: 'x', 'groupe-liens': list({ titre: 'x' }) }),
      messages: list({ texte: 'x' }),
      achatEnMagasin: { texte: 'x', lien: 'x' },
    },
    footer: {
      menu: list({ entete: 'x', liens: list({ titre: 'x' }) }),
      telephone: { numeroTelephone: '1' },
      'logos-medias-sociaux': list(logo),
      'logos-corpo': list(logo),
      partenaires: list(logo),
      pub: { '@nodes': [] },
    },
  };
}

/**
 * What the site reads of the site node, from its schemas (src/content/schema/site.ts): each
 * child node a schema reads with fields of its own is an area with a dialog, each list an area
 * of components (their fields from the list's item schema), any other child an area of page
 * components. `probe` sees which schema read which child.
 */
export function siteNodeParts(probe: Probe): SiteNodeParts {
  const node = fullSiteNode();
  const reads = probe(() => {
    withSession(PROBE_SESSION, () => siteSchema.safeParse(node));
  });
  const components: SiteKinds = {};
  const itemComponent = (listPath: string, item: Schema<unknown>, authoring: string[]) => {
    const name = SITE_ITEMS[listPath];
    if (!name) throw new Error(`${listPath}: a list of the site node with no component named`);
    const hidden = SITE_NOT_SHOWN[name] ?? [];
    const fields = Object.fromEntries(
      Object.entries(describe(item, authoringAt(siteFile, authoring), true)).filter(
        ([key]) => !hidden.includes(key),
      ),
    );
    for (const [key, reader] of Object.entries(readersOf(item) ?? {})) {
      const inner = itemSchemaOf(reader);
      const field = fields[key];
      if (inner && field)
        field.itemKind = itemComponent(`${name}/${key}`, inner, [...authoring, key]);
    }
    // A kind the page components have too (`message`): the site reads both of one dialog.
    components[name] = { ...fields, ...components[name] };
    return name;
  };
  const areaOf = (path: string, schema: Schema<unknown>, raw: Record<string, unknown>) => {
    const authoring = path.split('/');
    const described = describe(schema, authoringAt(siteFile, authoring), true);
    const area: SiteArea = { path, fields: {}, lists: {}, components: [], areas: {} };
    for (const [key, reader] of Object.entries(readersOf(schema) ?? {})) {
      const item = itemSchemaOf(reader);
      const child = raw[key];
      const inner = typeof child === 'object' && child ? readerOf(reads, child) : undefined;
      if (item) area.lists[key] = itemComponent(`${path}/${key}`, item, [...authoring, key]);
      else if (inner) area.areas[key] = areaOf(`${path}/${key}`, inner, child as typeof raw);
      else if (described[key]?.type === 'area') area.components.push(key);
      else if (described[key]) area.fields[key] = described[key];
    }
    if (Object.keys(area.fields).length > 0) area.dialog = SITE_AREA_DIALOGS[path];
    return area;
  };
  const areas: Record<string, SiteArea> = {};
  for (const key of Object.keys(readersOf(siteSchema) ?? {})) {
    const child = node[key] as Record<string, unknown>;
    const schema = readerOf(reads, child);
    if (!schema) throw new Error(`site node ${key}: read by no schema`);
    areas[key] = areaOf(key, schema, child);
  }
  return { areas, components };
}

/** A property of a lot, or of its tile, as the site reads it. */
export interface ContentProperty extends SiteField {
  /** A child node read with fields of its own: the sub-model it must be typed with. */
  subModel?: string;
  /** Several such children, in order (`multiple: true`). */
  multiple?: boolean;
}

/** A content type as the site reads its items: the item's properties, then each sub-model's. */
export interface ContentTypeReads {
  properties: Record<string, ContentProperty>;
  subModels: Record<string, Record<string, SiteField>>;
}

/**
 * The lot's children the site reads with fields of their own, by the sub-model they are:
 * the product, each sport, the ticket and the winner (read as `{name}-B`/`{name}-G`, or as the
 * children `billet`/`gagnant` the lots app writes).
 */
const LOT_CHILDREN = ['produit', 'sport', 'billet', 'gagnant'] as const;

/** Without an image's static path: an editor gives its id (the dialogs' comment says why). */
function editable(fields: Record<string, SiteField>): Record<string, SiteField> {
  return Object.fromEntries(Object.entries(fields).filter(([, f]) => f.type !== 'asset'));
}

/**
 * What the site reads of a lot (src/content/schema/lots.ts): its own fields, and those of each
 * child it reads. `probe` sees which schema read which child of a lot filled with all of them.
 */
export function lotReads(probe: Probe): ContentTypeReads {
  const child = () => ({ '@name': 'x', name: 'x' });
  const parts = {
    produit: child(),
    sport: child(),
    billet: [child(), child()],
    gagnant: [child(), child()],
  };
  const lot = {
    '@name': 'l',
    name: 'l',
    produit: parts.produit,
    sports: { '@nodes': ['s'], s: parts.sport },
    'l-B': parts.billet[0],
    billet: parts.billet[1],
    'l-G': parts.gagnant[0],
    gagnant: parts.gagnant[1],
  };
  const reads = probe(() => {
    withSession(PROBE_SESSION, () => lotSchema.safeParse(lot));
  });
  const authoring = authoringAt(lotsSchema, ['lots']);
  const subModels: ContentTypeReads['subModels'] = {};
  for (const name of LOT_CHILDREN) {
    const nodes: object[] = [parts[name]].flat();
    const schema = nodes.map((n) => readerOf(reads, n)).find(Boolean);
    if (!schema) throw new Error(`lot ${name}: read by no schema`);
    const source = authoringAt(lotsSchema, ['lots', name === 'sport' ? 'sports' : name]);
    subModels[name] = editable(describe(schema, source, true));
  }
  const properties: Record<string, ContentProperty> = editable(
    describe(lotSchema, authoring, true),
  );
  const own = properties as Record<string, ContentProperty | undefined>;
  for (const name of ['produit', 'billet', 'gagnant'] as const) {
    own[name] = { name, type: 'area', required: false, i18n: false, subModel: name };
  }
  const sports = own.sports ?? { name: 'sports', type: 'area', required: false, i18n: false };
  own.sports = { ...sports, subModel: 'sport', multiple: true };
  return { properties, subModels };
}

/** What the site reads of a decorative tile (src/content/schema/lots.ts). */
export function tileReads(): ContentTypeReads {
  const authoring = authoringAt(tilesSchema, ['vignettes']);
  return { properties: editable(describe(decorTileSchema, authoring, true)), subModels: {} };
}
