/** Wire shapes of each content file: pages, the site node, lots and decorative tiles. */
import type {
  JsonObject,
  JsonValue,
  LotsFile,
  PageFile,
  SiteFile,
  TilesFile,
} from './content-schema';
import { AREA_KIND, buildNode, isObject, type WireContext } from './wire';

/** The parsed files hold only JSON (zod adds nothing), so they can be walked as JSON. */
function asJson(value: object): JsonObject {
  return value as JsonObject;
}

/** Top-level nodes of `main` carry typeComposante; tabs containers do not (contract). */
function withTypeComposante(component: JsonObject): JsonObject {
  if (component.typeComposante !== undefined || component.kind === 'contenant-onglets') {
    return component;
  }
  const kind = component.kind;
  const typeComposante = kind === 'entete' || kind === 'rangee' ? kind : 'section';
  return { ...component, typeComposante };
}

export function pageNode(page: PageFile, ctx: WireContext): JsonObject {
  const source = asJson({ ...page, main: page.main.map(withTypeComposante) });
  const name = page.URLfr.split('/').at(-1) ?? page.URLfr;
  return buildNode(
    {
      name,
      path: `/${ctx.app}/${page.URLfr}`,
      nodeType: 'mgnl:page',
      template: `${ctx.app}:pages/${page.type}`,
    },
    source,
    ctx,
  );
}

/**
 * The site node's areas as the module's `pages/site` template declares them (docs/editing.md
 * "The header and the footer"): each list's component kind, the lists nested in its items, and
 * the areas that hold an area dialog's fields on their own node.
 */
interface SiteArea {
  lists: Readonly<Record<string, string>>;
  fields?: readonly string[];
}
const SITE_AREAS: Readonly<Record<'header' | 'footer', SiteArea>> = {
  header: { lists: { menu: 'groupe-menu', messages: 'message' }, fields: ['achatEnMagasin'] },
  footer: {
    lists: {
      menu: 'colonne-pied',
      'logos-medias-sociaux': 'logo',
      'logos-corpo': 'logo',
      partenaires: 'logo',
    },
    fields: ['telephone'],
  },
};
/** A component's own list (an area of its template) and the kind of what it holds. */
const NESTED_LISTS: Readonly<Record<string, [list: string, kind: string]>> = {
  'groupe-menu': ['groupe-liens', 'lien-menu'],
  'colonne-pied': ['liens', 'lien-pied'],
};

function withKind(item: JsonValue, kind: string): JsonValue {
  if (!isObject(item)) return item;
  const own = typeof item.kind === 'string' ? item.kind : kind;
  const shaped: JsonObject = { ...item, kind: own };
  const nested = NESTED_LISTS[own];
  const list = nested && shaped[nested[0]];
  if (nested && Array.isArray(list)) shaped[nested[0]] = list.map((i) => withKind(i, nested[1]));
  return shaped;
}

function asArea(value: JsonObject, area: SiteArea): JsonObject {
  const shaped: JsonObject = { ...value, kind: AREA_KIND };
  for (const [key, kind] of Object.entries(area.lists)) {
    const list = shaped[key];
    if (Array.isArray(list)) shaped[key] = list.map((item) => withKind(item, kind));
  }
  for (const key of area.fields ?? []) {
    const fields = shaped[key];
    if (isObject(fields)) shaped[key] = { ...fields, kind: AREA_KIND };
  }
  return shaped;
}

/**
 * The site node as Magnolia stores it with the module's templates: `header` and `footer` and
 * their sub-areas are `mgnl:area` nodes, their items `mgnl:component` nodes with their template.
 * The demo keeps its shorter authoring form (content/site.json); the node types come from here.
 */
export function siteNode(site: SiteFile, ctx: WireContext): JsonObject {
  const source = asJson(site);
  const shaped: JsonObject = { ...source };
  for (const name of ['header', 'footer'] as const) {
    const part = source[name];
    if (isObject(part)) shaped[name] = asArea(part, SITE_AREAS[name]);
  }
  return buildNode(
    {
      name: ctx.app,
      path: `/${ctx.app}`,
      nodeType: 'mgnl:page',
      template: `${ctx.app}:pages/site`,
    },
    shaped,
    ctx,
  );
}

type Lot = LotsFile['lots'][number];

/**
 * A node of a content type as Magnolia's content app stores it: the item typed by its content
 * type (`lot`, `vignette`), each node below it (a sub-model property's) a `mgnl:contentNode`
 * with only the properties its sub-model has (the wire gives every content node a `name`).
 */
function ofContentType(node: JsonObject, nodeType: string): JsonObject {
  const below = (child: JsonObject): JsonObject => {
    const out: JsonObject = { ...child, '@nodeType': 'mgnl:contentNode' };
    delete out.name;
    for (const key of namesOf(child)) {
      const grandchild = child[key];
      if (isObject(grandchild)) out[key] = below(grandchild);
    }
    return out;
  };
  const out: JsonObject = { ...node, '@nodeType': nodeType };
  for (const key of namesOf(node)) {
    const child = node[key];
    if (isObject(child)) out[key] = below(child);
  }
  return out;
}

const namesOf = (node: JsonObject): string[] =>
  Array.isArray(node['@nodes'])
    ? node['@nodes'].filter((name): name is string => typeof name === 'string')
    : [];

/** `node` with the property `name` set on its child at `path` (names from the node down). */
function named(node: JsonObject, path: string[], name: string): JsonObject {
  const [first, ...rest] = path;
  const child = first === undefined ? undefined : node[first];
  if (first === undefined) return { ...node, name };
  return isObject(child) ? { ...node, [first]: named(child, rest, name) } : node;
}

/**
 * A lot as the lots app writes it (docs/content-contract.md "Lots"): at the root of the `lots`
 * workspace, typed `lot`; its product, ticket and winner the child nodes `produit`, `billet` and
 * `gagnant` of its sub-model properties; its sports, a multiple property, the ordered children
 * `0`, `1`… of the node `sports`. The product and each sport keep their `name` property.
 */
export function lotNode(lot: Lot, ctx: WireContext): JsonObject {
  const source: JsonObject = asJson({
    ...lot,
    sports: lot.sports.map((sport, index) => ({ ...sport, name: String(index) })),
  });
  let node = ofContentType(
    buildNode({ name: lot.name, path: `/${lot.name}`, nodeType: 'mgnl:content' }, source, ctx),
    'lot',
  );
  node = named(node, ['produit'], lot.produit.name);
  lot.sports.forEach((sport, index) => {
    node = named(node, ['sports', String(index)], sport.name);
  });
  return node;
}

type Tile = TilesFile['vignettes'][number];

/** A tile as the tiles app writes it: `/{folder}/{name}` in the `vignettes` workspace. */
export function tileNode(tile: Tile, ctx: WireContext): JsonObject {
  const { dossier, ...rest } = tile;
  const node = buildNode(
    { name: tile.name, path: `/${dossier}/${tile.name}`, nodeType: 'mgnl:content' },
    asJson(rest),
    ctx,
  );
  return ofContentType(node, 'vignette');
}
