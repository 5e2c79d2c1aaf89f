/**
 * The author instance's template annotations (`/.rest/template-annotations/v1<node path>`): for
 * one page, the comment Magnolia's page editor reads for the page, each area and each component,
 * by node path. The templates' dialogs and areas come from `TEMPLATES`, a copy of the editors'
 * module (magnolia/pari-boreal) that `annotations.test.ts` keeps in step: the stand-in ships
 * without the YAML reader.
 */
import { jsonReply, type Reply } from '../http';
import { ITEM_KINDS, LANGS, type JsonObject, type JsonValue } from './content-schema';
import type { Content, PageEntry } from './load';
import { isObject, type WireContext } from './wire';
import { pageNode, siteNode } from './wire-content';

interface AreaDefinition {
  name: string;
  /** `noComponent`: an area of areas, or of an area dialog's fields only (the site node's). */
  type: 'list' | 'noComponent';
  /** Template ids, in the module's order. */
  availableComponents: readonly string[];
  label?: string;
  /** An area dialog: its fields are stored on the area node. */
  dialog?: string;
  /** Areas inside this one, in the module's order. */
  areas?: readonly AreaDefinition[];
}

interface TemplateDefinition {
  dialog: string;
  areas: readonly AreaDefinition[];
}

const MODULE = 'pari-boreal';
const componentId = (kind: string) => `${MODULE}:components/${kind}`;

/** What a page, a section, a row's column, a tab or an accordion may hold. */
const ANY_COMPONENT = [
  'entete',
  'section',
  'rangee',
  'contenant-onglets',
  'accordeon',
  'texte',
  'image',
  'video',
  'carte',
  'carrousel',
  'galerie',
  'offres',
  'promotions',
  'liste-billets',
  'liste-gagnants',
  'liste-chroniques',
  'liste-videos',
  'balado',
].map(componentId);

const list = (name: string, availableComponents: readonly string[]): AreaDefinition => ({
  name,
  type: 'list',
  availableComponents,
});

/** An area that holds no component: areas, or an area dialog's fields. */
const areaOf = (
  name: string,
  more: { dialog?: string; areas?: readonly AreaDefinition[] },
): AreaDefinition => ({ name, type: 'noComponent', availableComponents: [], ...more });

/**
 * The site node's template (docs/editing.md "The header and the footer"): a header and a footer
 * of areas, some with an area dialog.
 */
const SITE: [string, TemplateDefinition] = [
  `${MODULE}:pages/site`,
  {
    dialog: `${MODULE}:pages/site`,
    areas: [
      areaOf('header', {
        areas: [
          list('menu', [componentId('groupe-menu')]),
          list('messages', [componentId('message')]),
          areaOf('achatEnMagasin', { dialog: `${MODULE}:areas/achat-en-magasin` }),
        ],
      }),
      areaOf('footer', {
        dialog: `${MODULE}:areas/pied`,
        areas: [
          list('menu', [componentId('colonne-pied')]),
          areaOf('telephone', { dialog: `${MODULE}:areas/telephone` }),
          list('logos-medias-sociaux', [componentId('logo')]),
          list('logos-corpo', [componentId('logo')]),
          list('partenaires', [componentId('logo')]),
          list('pub', ANY_COMPONENT),
        ],
      }),
    ],
  },
];

const page = (type: string): [string, TemplateDefinition] => [
  `${MODULE}:pages/${type}`,
  { dialog: `${MODULE}:pages/${type}`, areas: [list('main', ANY_COMPONENT)] },
];

const component = (kind: string, areas: AreaDefinition[] = []): [string, TemplateDefinition] => [
  componentId(kind),
  { dialog: componentId(kind), areas },
];

/** The module's page and component templates: their dialog and their areas, in its order. */
export const TEMPLATES: Readonly<Record<string, TemplateDefinition>> = Object.fromEntries([
  page('standard'),
  page('chronique'),
  SITE,
  component('accordeon', [list('composantes', ANY_COMPONENT)]),
  component('balado'),
  component('carrousel', [list('diapositives', [componentId('diapositive')])]),
  component('carte'),
  component('colonne-pied', [list('liens', [componentId('lien-pied')])]),
  component('contenant-onglets', [list('onglets', [componentId('onglet')])]),
  component('diapositive'),
  component('entete'),
  component('galerie', [list('images', [componentId('image-galerie')])]),
  component('groupe-menu', [list('groupe-liens', [componentId('lien-menu')])]),
  component('image-galerie'),
  component('image'),
  component('liste-billets'),
  component('liste-chroniques'),
  component('liste-gagnants'),
  component('liste-videos'),
  component('lien-menu'),
  component('lien-pied'),
  component('logo'),
  component('message'),
  component('offres', [list('offres', [componentId('carte')])]),
  component('onglet', [list('composantes', ANY_COMPONENT)]),
  component('promotion'),
  component('promotions', [list('items', [componentId('promotion')])]),
  component(
    'rangee',
    [0, 1, 2, 3, 4, 5].map((column) => list(`colonne${column}`, ANY_COMPONENT)),
  ),
  component('section', [list('composantes', ANY_COMPONENT)]),
  component('texte'),
  component('video'),
]);

/**
 * Magnolia's activation status: 2 published unchanged, 1 published then changed by a draft, 0
 * never published. A node counts as changed when its own properties or its children's names
 * differ in the author instance, in either language; an area or a component below it is a node
 * of its own.
 */
type ActivationStatus = 0 | 1 | 2;

/** What an attribute value may not hold: it would end the comment or the attribute. */
const UNSAFE = /--|[<>"]|\p{Cc}/u;

/** Nodes by path with the state a change shows in: their own properties and children's names. */
type States = Map<string, string>;

function childNodes(node: JsonObject): JsonObject[] {
  const names = Array.isArray(node['@nodes']) ? node['@nodes'] : [];
  return names.flatMap((name) => {
    const child = typeof name === 'string' ? node[name] : undefined;
    return isObject(child) ? [child] : [];
  });
}

const nodeType = (node: JsonObject): JsonValue | undefined => node['@nodeType'];

/** A node's string property (`@name`, `@path`, `mgnl:template`), '' when it has none. */
const text = (node: JsonObject, key: string): string => {
  const value = node[key];
  return typeof value === 'string' ? value : '';
};

/** Children that have an annotation of their own are not part of their parent's state. */
function ownState(node: JsonObject): string {
  const isArea = nodeType(node) === 'mgnl:area';
  return JSON.stringify(
    Object.entries(node).filter(
      ([, value]) => !(isObject(value) && (isArea || nodeType(value) === 'mgnl:area')),
    ),
  );
}

/** The wire node of a page or of the site node, in a language; undefined when there is none. */
type NodeOf = (ctx: WireContext) => JsonObject | undefined;

function collectStates(nodeOf: NodeOf, app: string): States {
  const states: States = new Map();
  for (const lang of LANGS) {
    // Dates are compared as written: both instances resolve them the same way.
    const ctx: WireContext = { app, lang, resolveDate: (value) => value };
    const visit = (node: JsonObject) => {
      const path = text(node, '@path');
      states.set(path, `${states.get(path) ?? ''}${ownState(node)}`);
      childNodes(node).forEach(visit);
    };
    const node = nodeOf(ctx);
    if (node !== undefined) visit(node);
  }
  return states;
}

function activationStatus(path: string, author: States, published: States): ActivationStatus {
  const before = published.get(path);
  if (before === undefined) return 0;
  return before === author.get(path) ? 2 : 1;
}

type Attributes = [name: string, value: string | undefined][];

/** `name="value"` pairs, in order, `undefined` ones left out. */
function annotation(tag: string, attributes: Attributes): string {
  const parts = attributes.flatMap(([name, value]) =>
    value === undefined ? [] : [`${name}="${value}"`],
  );
  return [tag, ...parts].join(' ');
}

interface AnnotationOptions {
  app: string;
  log?: (line: string) => void;
}

/** A page's node by its node path (its `@path`), or the site node's (`/{app}`). */
function nodeAt(nodePath: string, content: Content, app: string): NodeOf | undefined {
  if (nodePath === `/${app}`) return (ctx) => siteNode(content.site, ctx);
  const entry: PageEntry | undefined = content.pages.find(
    (e) => `/${app}/${e.page.URLfr}` === nodePath,
  );
  return entry && ((ctx) => pageNode(entry.page, ctx));
}

/**
 * The annotations of the author instance's page at `nodePath` (its `@path` in `listerPages`, or
 * the site node `/{app}`), in document order; `null` when there is no such page.
 */
export function pageAnnotations(
  nodePath: string,
  contents: { author: Content; published: Content },
  { app, log }: AnnotationOptions,
): Record<string, string> | null {
  const nodeOf = nodeAt(nodePath, contents.author, app);
  const page = nodeOf?.({ app, lang: 'fr', resolveDate: (value) => value });
  if (nodeOf === undefined || page === undefined) return null;
  const author = collectStates(nodeOf, app);
  const published = collectStates(
    nodeAt(nodePath, contents.published, app) ?? (() => undefined),
    app,
  );
  const out: Record<string, string> = {};

  const add = (path: string, tag: string, attributes: Attributes) => {
    if (attributes.some(([, value]) => value !== undefined && UNSAFE.test(value))) {
      log?.(`template annotations: ${JSON.stringify(path)} skipped: a value holds --, <, > or "`);
      return;
    }
    out[path] = annotation(tag, attributes);
  };

  const annotateArea = (
    path: string,
    name: string,
    node: JsonObject | undefined,
    def?: AreaDefinition,
  ) => {
    add(path, 'cms:area', [
      ['content', `website:${path}`],
      ['name', name],
      ['availableComponents', (def?.availableComponents ?? []).join(',')],
      ['type', def?.type ?? 'list'],
      ['dialog', def?.dialog],
      ['label', def?.label],
      // An area of no component has nothing to add (Magnolia shows no add button there).
      ['showAddButton', String(def?.type !== 'noComponent')],
      ['showNewComponentArea', 'true'],
      ['activationStatus', String(activationStatus(path, author, published))],
    ]);
    // An area of areas has them annotated in its place; a list, its components.
    if (def?.type === 'noComponent')
      annotateAreas(node, path, { dialog: '', areas: def.areas ?? [] });
    else if (node !== undefined) childNodes(node).forEach(annotateComponent);
  };

  /** The template's areas in its order, present or not, then the content's other areas. */
  const annotateAreas = (
    owner: JsonObject | undefined,
    ownerPath: string,
    template: TemplateDefinition | undefined,
  ) => {
    const present = new Map(
      (owner === undefined ? [] : childNodes(owner))
        .filter((child) => nodeType(child) === 'mgnl:area')
        .map((child) => [text(child, '@name'), child]),
    );
    for (const def of template?.areas ?? []) {
      annotateArea(`${ownerPath}/${def.name}`, def.name, present.get(def.name), def);
      present.delete(def.name);
    }
    for (const [name, child] of present) annotateArea(text(child, '@path'), name, child);
  };

  function annotateComponent(node: JsonObject) {
    const path = text(node, '@path');
    const templateId = text(node, 'mgnl:template');
    const template = TEMPLATES[templateId];
    const kind = templateId.split('/').at(-1) || text(node, '@name');
    add(path, 'cms:component', [
      ['content', `website:${path}`],
      ['dialog', template?.dialog],
      ['label', kind],
      ['activationStatus', String(activationStatus(path, author, published))],
    ]);
    annotateAreas(node, path, template);
  }

  const template = TEMPLATES[text(page, 'mgnl:template')];
  add(nodePath, 'cms:page', [
    ['content', `website:${nodePath}`],
    ['dialog', template?.dialog],
  ]);
  annotateAreas(page, nodePath, template);
  return out;
}

/**
 * The author content once Magnolia has given the annotations of the page at `nodePath`: every
 * area its templates declare that the page lacks is created, empty, as Magnolia's page editor
 * does when it reads them (docs/editing.md "Areas Magnolia creates"). `null` when the page lacks
 * none, or there is no such page.
 */
export function withDeclaredAreas(content: Content, nodePath: string, app: string): Content | null {
  const index = content.pages.findIndex((entry) => `/${app}/${entry.page.URLfr}` === nodePath);
  const entry = content.pages[index];
  if (entry === undefined) return null;
  const created: string[] = [];
  const withAreas = (node: JsonObject, template: TemplateDefinition | undefined): JsonObject => {
    const out: JsonObject = { ...node };
    for (const [key, value] of Object.entries(node)) {
      if (Array.isArray(value)) out[key] = value.map((item) => withItemAreas(key, item));
    }
    for (const def of template?.areas ?? []) {
      if (out[def.name] !== undefined) continue;
      out[def.name] = [];
      created.push(def.name);
    }
    return out;
  };
  const withItemAreas = (list: string, item: JsonValue): JsonValue => {
    if (!isObject(item)) return item;
    const kind = typeof item.kind === 'string' ? item.kind : ITEM_KINDS[list];
    return withAreas(item, kind === undefined ? undefined : TEMPLATES[`${app}:components/${kind}`]);
  };
  const source = entry.page as unknown as JsonObject;
  const page = withAreas(source, TEMPLATES[`${app}:pages/${entry.page.type}`]);
  if (created.length === 0) return null;
  const pages = [...content.pages];
  // The same shape as the file's, with empty lists more: the wire reads both alike.
  pages[index] = { ...entry, page: page as unknown as PageEntry['page'] };
  return { ...content, pages };
}

/** Where the author instance answers them; the public instance does not (a 404, as Magnolia's). */
export const ANNOTATIONS_ENDPOINT = '/.rest/template-annotations/v1';

/** Longer node paths are refused before they are read. */
const MAX_PATH_LENGTH = 512;

/** The endpoint's answer for a request path (the author prefix removed); `null`: not its path. */
export function annotationsReply(
  pathname: string,
  contents: { author: Content; published: Content },
  options: AnnotationOptions,
): Reply | null {
  if (!pathname.startsWith(`${ANNOTATIONS_ENDPOINT}/`)) return null;
  const raw = pathname.slice(ANNOTATIONS_ENDPOINT.length);
  const bad = (message: string) => jsonReply(400, { errorCode: 'BAD_REQUEST', message });
  if (raw.length > MAX_PATH_LENGTH)
    return bad(`A node path has at most ${MAX_PATH_LENGTH} characters`);
  let nodePath: string;
  try {
    nodePath = decodeURIComponent(raw);
  } catch {
    return bad('The node path does not decode');
  }
  if (
    nodePath
      .split('/')
      .slice(1)
      .some((segment) => segment === '' || segment === '.' || segment === '..') ||
    UNSAFE.test(nodePath)
  ) {
    return bad('Not a node path');
  }
  const found = pageAnnotations(nodePath, contents, options);
  if (found === null)
    return jsonReply(404, { errorCode: 'NOT_FOUND', message: `No page at ${nodePath}` });
  const reply = jsonReply(200, found);
  return { ...reply, headers: { ...reply.headers, 'cache-control': 'no-store' } };
}
