/**
 * The module's other definitions against what the site relies on: content types against the
 * lot and tile schemas, each delivery endpoint's definition against the call the content client
 * makes of it, label keys against both message bundles, page templates' renderer, and the
 * module descriptor's optional dependencies. Each disagreement names the file and the field.
 */
import type { ContentProperty, ContentTypeReads, SiteField } from '../site-fields';
import { APP, isObject, objectAt, type Module, type Yaml } from './module';

/** The content-type property types that store what each of the site's readers reads. */
const PROPERTY_TYPES: Record<SiteField['type'], readonly (string | undefined)[]> = {
  text: [undefined, 'String'],
  link: [undefined, 'String'],
  choice: [undefined, 'String'],
  richText: ['richText'],
  checkbox: ['Boolean'],
  // The site reads numbers and numeric strings alike.
  number: ['Long', 'Double', 'Decimal', undefined, 'String'],
  date: ['Date'],
  damLink: ['asset'],
  asset: [],
  area: [],
};

function listOfObjects(value: unknown): Yaml[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** One content-type property (or sub-model property) against what the site reads of it. */
function checkProperty(
  where: string,
  site: ContentProperty,
  def: Yaml | undefined,
  subModels: ReadonlySet<string>,
): string[] {
  if (!def) return [`${where} "${site.name}" the site reads is not declared`];
  const problems: string[] = [];
  const type = typeof def.type === 'string' ? def.type : undefined;
  if (site.subModel) {
    if (type !== site.subModel || !subModels.has(site.subModel)) {
      problems.push(
        `${where} "${site.name}" is typed ${String(type)}, not the sub-model ${site.subModel}`,
      );
    }
    if ((def.multiple === true) !== (site.multiple === true)) {
      problems.push(
        `${where} "${site.name}" has multiple ${def.multiple === true}, the site reads ${site.multiple === true}`,
      );
    }
    return problems;
  }
  if (!PROPERTY_TYPES[site.type].includes(type)) {
    problems.push(
      `${where} "${site.name}" is typed ${type ?? 'String'}, the site reads ${site.type}`,
    );
  }
  if (!site.i18nFree && site.i18n !== (def.i18n === true)) {
    problems.push(
      `${where} "${site.name}" has i18n ${def.i18n === true}, the site expects ${site.i18n}`,
    );
  }
  if (def.multiple === true)
    problems.push(`${where} "${site.name}" is multiple, the site reads one value`);
  return problems;
}

/**
 * A content type against what the site reads of its items: every property read is declared,
 * typed and translated as read, each child read with fields of its own a property typed with
 * its sub-model (several, in order, for a list), and no sub-model that no property uses.
 */
export function checkContentType(module: Module, file: string, reads: ContentTypeReads): string[] {
  const type = module[file];
  if (!type) return [`${file}: missing`];
  const model = objectAt(type, 'model');
  const byName = (list: unknown) =>
    new Map(listOfObjects(list).map((p) => [String(p.name), p] as const));
  const subModels = byName(model.subModels);
  const names = new Set(subModels.keys());
  const properties = byName(model.properties);
  const problems: string[] = [];
  for (const site of Object.values(reads.properties)) {
    problems.push(...checkProperty(`${file}: property`, site, properties.get(site.name), names));
  }
  for (const [name, fields] of Object.entries(reads.subModels)) {
    const sub = subModels.get(name);
    if (!sub) continue;
    const own = byName(sub.properties);
    for (const site of Object.values(fields)) {
      problems.push(
        ...checkProperty(`${file}: sub-model ${name}, property`, site, own.get(site.name), names),
      );
    }
  }
  const used = new Set(
    [
      ...properties.values(),
      ...[...subModels.values()].flatMap((s) => listOfObjects(s.properties)),
    ].map((p) => p.type),
  );
  for (const name of names) {
    if (!used.has(name)) problems.push(`${file}: sub-model "${name}" is used by no property`);
  }
  return problems;
}

/** What the content client relies on of the endpoint behind one of its calls. */
export interface EndpointNeeds {
  workspace: string;
  /** The root path, or the root under which it must be (`under`). */
  rootPath: string;
  under?: boolean;
  /** Node types the answer must hold: every one listed must be declared. */
  nodeTypes: readonly string[];
  childNodeTypes: readonly string[];
  /** `mgnl:template` and the other system properties the site reads. */
  includeSystemProperties: boolean;
  /** The least depth of children that holds all the site reads of a node. */
  depth: number;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
}

/** Each endpoint definition against what its call relies on, by endpoint path. */
export function checkEndpointDefinitions(
  module: Module,
  needs: Record<string, EndpointNeeds>,
): string[] {
  const problems: string[] = [];
  const defs = Object.entries(module).filter(([file]) => file.startsWith('restEndpoints/'));
  for (const [path, need] of Object.entries(needs)) {
    const found = defs.find(([, def]) => def.endpointPath === path);
    if (!found) continue; // said by checkEndpoints
    const [file, def] = found;
    const say = (field: string, what: string) => problems.push(`${file}: field "${field}" ${what}`);
    if (def.workspace !== need.workspace)
      say('workspace', `is ${String(def.workspace)}, the site reads ${need.workspace}`);
    const root = String(def.rootPath);
    const rootOk = need.under
      ? root === need.rootPath || root.startsWith(`${need.rootPath}/`)
      : root === need.rootPath;
    if (!rootOk)
      say('rootPath', `is ${root}, the site reads ${need.under ? 'under ' : ''}${need.rootPath}`);
    const nodeTypes = strings(def.nodeTypes);
    for (const type of need.nodeTypes) {
      if (!nodeTypes.includes(type)) say('nodeTypes', `lacks ${type}`);
    }
    const children = strings(def.childNodeTypes);
    for (const type of need.childNodeTypes) {
      if (!children.includes(type)) say('childNodeTypes', `lacks ${type}`);
    }
    if (need.includeSystemProperties && def.includeSystemProperties !== true) {
      say('includeSystemProperties', 'is not true, the site reads mgnl:template');
    }
    const depth = typeof def.depth === 'number' ? def.depth : 0;
    if (depth < need.depth) say('depth', `is ${depth}, the site reads ${need.depth} levels down`);
  }
  return problems;
}

/** A `.properties` file's keys, comments and continuation lines left out. */
export function bundleKeys(text: string): string[] {
  const keys: string[] = [];
  let continued = false;
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trimStart();
    const wasContinued = continued;
    continued = /(^|[^\\])(\\\\)*\\$/.test(line);
    if (wasContinued || trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('!'))
      continue;
    const key = /^((?:\\.|[^=:\s\\])+)/.exec(trimmed)?.[1];
    if (key) keys.push(key.replace(/\\(.)/g, '$1'));
  }
  return keys;
}

/** The keys of a definition that hold a label an editor reads. */
const LABEL_KEYS = new Set(['label', 'description', 'title', 'buttonLabel', 'placeholder']);

/** Every label of a definition, with the path of the key holding it. */
function labelsOf(value: unknown, path: string, out: [string, string][]): [string, string][] {
  if (Array.isArray(value)) value.forEach((v, i) => labelsOf(v, `${path}[${i}]`, out));
  else if (isObject(value)) {
    for (const [key, inner] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (LABEL_KEYS.has(key) && typeof inner === 'string') out.push([at, inner]);
      else labelsOf(inner, at, out);
    }
  }
  return out;
}

/**
 * Every label of the templates, dialogs, apps and content types is a message key of the module
 * present in every bundle; every bundle's keys are ASCII (Magnolia reads keys as they are
 * written: docs/editing.md, "Checked and not").
 */
export function checkMessages(module: Module, bundles: Record<string, string>): string[] {
  const problems: string[] = [];
  const keys = Object.fromEntries(
    Object.entries(bundles).map(([file, text]) => [file, new Set(bundleKeys(text))] as const),
  );
  for (const [file, set] of Object.entries(keys)) {
    for (const key of set) {
      if (!/^[\x21-\x7e]+$/.test(key)) problems.push(`${file}: key "${key}" is not ASCII`);
    }
  }
  for (const [file, def] of Object.entries(module)) {
    if (file === 'module.yaml') continue; // the descriptor's description is not a label
    for (const [at, label] of labelsOf(def, '', [])) {
      if (!label.startsWith(`${APP}.`)) {
        problems.push(`${file}: field "${at}" is "${label}", not a message key`);
        continue;
      }
      for (const [bundle, set] of Object.entries(keys)) {
        if (!set.has(label))
          problems.push(`${file}: field "${at}" uses the key ${label}, missing from ${bundle}`);
      }
    }
  }
  return problems;
}

/**
 * Page templates render as Magnolia's SPA demo modules declare theirs (docs/editing.md,
 * "Checked and not"): the SPA renderer, by `renderType` and `class`.
 */
export const SPA_RENDERER = {
  renderType: 'spa',
  class: 'info.magnolia.rendering.spa.renderer.SpaRenderableDefinition',
} as const;

export function checkPageTemplates(module: Module): string[] {
  const problems: string[] = [];
  for (const [file, template] of Object.entries(module)) {
    if (!file.startsWith('templates/pages/')) continue;
    for (const [field, value] of Object.entries(SPA_RENDERER)) {
      if (template[field] !== value) {
        problems.push(`${file}: field "${field}" is ${String(template[field])}, not ${value}`);
      }
    }
  }
  return problems;
}

/**
 * Modules the light module uses only when present: declared, and optional, so that an instance
 * without them still loads the module (docs/editing.md, "Checked and not").
 */
export const OPTIONAL_DEPENDENCIES = ['content-types', 'webhooks'] as const;

export function checkDependencies(module: Module): string[] {
  const dependencies = objectAt(module['module.yaml'], 'dependencies');
  const problems: string[] = [];
  for (const name of OPTIONAL_DEPENDENCIES) {
    const dependency = dependencies[name];
    if (!isObject(dependency)) problems.push(`module.yaml: dependency "${name}" is not declared`);
    else if (dependency.optional !== true) {
      problems.push(`module.yaml: dependency "${name}" is not optional: true`);
    }
  }
  return problems;
}

/** Endpoint paths the module serves against those the content client calls, both ways. */
export function checkEndpoints(module: Module, called: readonly string[]): string[] {
  const served = Object.entries(module)
    .filter(([file]) => file.startsWith('restEndpoints/'))
    .map(([, def]) => String(def.endpointPath));
  const problems: string[] = [];
  for (const path of called) {
    if (!served.includes(path))
      problems.push(`endpoint ${path}: called by the site, served by no definition`);
  }
  for (const path of served) {
    if (!called.includes(path)) problems.push(`endpoint ${path}: served, never called by the site`);
  }
  return problems;
}
