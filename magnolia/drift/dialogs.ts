/**
 * Templates and dialogs against what the site reads (magnolia/site-fields.ts): every kind, page
 * type, list item and part of the site node has a template and a dialog offering every field the
 * site reads, typed, required, translated and with the choices it expects. Each disagreement
 * names the module's file and the field.
 */
import type { SiteArea, SiteField, SiteKinds, SiteNodeParts } from '../site-fields';
import {
  APP,
  isObject,
  objectAt,
  offeredIds,
  propertiesOf,
  type Module,
  type Yaml,
} from './module';

/** What a dialog field's definition stores, in the terms of the site's readers. */
function dialogType(def: Yaml): string {
  switch (def.$type) {
    case 'richTextField':
      return 'richText';
    case 'checkBoxField':
      return 'checkbox';
    case 'dateField':
      return 'date';
    case 'damLinkField':
      return 'damLink';
    case 'comboBoxField':
      return 'choice';
    case 'hiddenField':
      return 'hidden';
    case 'textField':
      return def.type === 'java.lang.Long' || def.type === 'java.lang.Double' ? 'number' : 'text';
    default:
      return String(def.$type);
  }
}

/**
 * The site's reader types a dialog field may store: a link is typed as text, and so may be a
 * number (the site reads numeric strings, src/content/schema/magnolia.ts `amount`).
 */
function sameType(site: SiteField['type'], dialog: string): boolean {
  return (
    site === dialog ||
    (site === 'link' && dialog === 'text') ||
    (site === 'number' && dialog === 'text')
  );
}

/**
 * A number field typed `java.lang.Long`/`Double` stores a number only through the converter of
 * that type; without it Magnolia's text field cannot save (docs/editing.md, "Checked and not").
 */
function numberProblem(def: Yaml): string | undefined {
  if (dialogType(def) !== 'number') return undefined;
  const type = String(def.type).replace('java.lang.', '');
  const converter = typeof def.converterClass === 'string' ? def.converterClass : '';
  if (!converter) return `is typed ${String(def.type)} without a converter`;
  if (!converter.endsWith(`.StringTo${type}Converter`)) {
    return `is typed ${String(def.type)} with the converter ${converter}`;
  }
  return undefined;
}

function choicesOf(def: Yaml): string[] {
  const options = objectAt(def, 'datasource').options;
  return (Array.isArray(options) ? options : [])
    .filter(isObject)
    .map((o) => String(o.value ?? o.name));
}

/** Read by the site elsewhere than in the node's schema: the kind of a node without template. */
const READ_ELSEWHERE = new Set(['typeComposante']);

/** A dialog's fields against the fields the site reads of its node, both ways. */
export function checkDialog(
  file: string,
  props: Yaml,
  fields: Record<string, SiteField>,
  /** For the fields of a composite field: its name and a dot, `chroniqueur.`. */
  prefix = '',
): string[] {
  const problems: string[] = [];
  const say = (name: string, what: string) =>
    problems.push(`${file}: field "${prefix}${name}" ${what}`);
  for (const [name, raw] of Object.entries(props)) {
    const def = isObject(raw) ? raw : {};
    const site = fields[name];
    if (READ_ELSEWHERE.has(name) || (name === 'type' && def.$type === 'hiddenField')) continue;
    if (name === 'chroniqueur' && def.$type === 'compositeField') continue;
    if (!site) {
      say(name, 'is not read by the site');
      continue;
    }
    const type = dialogType(def);
    if (!sameType(site.type, type)) say(name, `stores ${type}, the site reads ${site.type}`);
    const number = numberProblem(def);
    if (number) say(name, number);
    if (site.required && def.required !== true)
      say(name, 'is required by the site, not by the dialog');
    if (!site.i18nFree && site.i18n !== (def.i18n === true)) {
      say(name, `has i18n ${def.i18n === true}, the site expects ${site.i18n}`);
    }
    if (site.choices && choicesOf(def).join('|') !== site.choices.join('|')) {
      say(name, `offers ${choicesOf(def).join(', ')}, the site reads ${site.choices.join(', ')}`);
    }
  }
  for (const site of Object.values(fields)) {
    // Areas are the template's; an image's static path is artwork, not an editor's pick.
    const offered = site.type === 'area' || site.type === 'asset' || site.name in props;
    if (!offered && site.name !== 'chroniqueur') {
      say(site.name, `the site reads is not offered${site.required ? ' (it is required)' : ''}`);
    }
  }
  return problems;
}

/** The template and dialog of one component kind or page type, and its list areas. */
function checkKind(
  module: Module,
  group: 'components' | 'pages',
  name: string,
  fields: Record<string, SiteField>,
): string[] {
  const problems: string[] = [];
  const templateFile = `templates/${group}/${name}.yaml`;
  const dialogFile = `dialogs/${group}/${name}.yaml`;
  const template = module[templateFile];
  if (!template) return [`${templateFile}: missing, the site renders "${name}"`];
  if (template.dialog !== `${APP}:${group}/${name}`) {
    problems.push(`${templateFile}: field "dialog" is ${String(template.dialog)}`);
  }
  const props = propertiesOf(module[dialogFile]);
  if (!props) return [...problems, `${dialogFile}: missing, the site renders "${name}"`];
  problems.push(...checkDialog(dialogFile, props, fields));
  const areas = objectAt(template, 'areas');
  for (const field of Object.values(fields)) {
    if (field.type !== 'area' || (group === 'pages' && field.name === 'chroniqueur')) continue;
    const area = areas[field.name];
    if (!isObject(area)) {
      problems.push(`${templateFile}: area "${field.name}" the site reads is not declared`);
    } else if (field.itemKind) {
      const ids = offeredIds(area);
      if (ids.join() !== `${APP}:components/${field.itemKind}`) {
        problems.push(
          `${templateFile}: area "${field.name}" offers ${ids.join(', ')}, not ${APP}:components/${field.itemKind}`,
        );
      }
    }
  }
  return problems;
}

/**
 * Every disagreement between the module and what the site reads of its kinds and pages, and of
 * a chronique's columnist (`columnist`: the fields of its composite field `chroniqueur`).
 */
export function checkModule(
  module: Module,
  kinds: SiteKinds,
  pages: SiteKinds,
  columnist?: Record<string, SiteField>,
): string[] {
  const problems: string[] = [];
  for (const [kind, fields] of Object.entries(kinds)) {
    problems.push(...checkKind(module, 'components', kind, fields));
  }
  for (const [type, fields] of Object.entries(pages)) {
    problems.push(...checkKind(module, 'pages', type, fields));
  }
  const file = 'dialogs/pages/chronique.yaml';
  const composite = propertiesOf(module[file])?.chroniqueur;
  if (pages.chronique && propertiesOf(module[file]) && !isObject(composite)) {
    problems.push(`${file}: field "chroniqueur" the site reads is not offered`);
  } else if (columnist && isObject(composite)) {
    const inner = objectAt(composite, 'properties');
    problems.push(...checkDialog(file, inner, columnist, 'chroniqueur.'));
  }
  return problems;
}

/** The page template of the site node (docs/content-contract.md, "The editors' module"). */
export const SITE_TEMPLATE = 'templates/pages/site.yaml';

/**
 * One area of the site node, as declared in the site template or the area holding it: a
 * `noComponent` area with its dialog when the site reads fields of it, its lists offering
 * their items, its sub-areas, and its page-component areas offering what `main` offers.
 */
function checkSiteArea(
  module: Module,
  declared: unknown,
  area: SiteArea,
  pageKinds: readonly string[],
): string[] {
  const problems: string[] = [];
  if (!isObject(declared))
    return [`${SITE_TEMPLATE}: area "${area.path}" the site reads is not declared`];
  if (declared.type !== 'noComponent') {
    problems.push(
      `${SITE_TEMPLATE}: area "${area.path}" is of type ${String(declared.type)}, not noComponent`,
    );
  }
  if (area.dialog) {
    const dialogFile = `dialogs/areas/${area.dialog}.yaml`;
    if (declared.dialog !== `${APP}:areas/${area.dialog}`) {
      problems.push(
        `${SITE_TEMPLATE}: area "${area.path}" has the dialog ${String(declared.dialog)}, not ${APP}:areas/${area.dialog}`,
      );
    }
    const props = propertiesOf(module[dialogFile]);
    if (!props) problems.push(`${dialogFile}: missing, the site reads the fields of ${area.path}`);
    else problems.push(...checkDialog(dialogFile, props, area.fields));
  }
  const inner = objectAt(declared, 'areas');
  for (const [list, item] of Object.entries(area.lists)) {
    const def = inner[list];
    const path = `${area.path}/${list}`;
    if (!isObject(def))
      problems.push(`${SITE_TEMPLATE}: area "${path}" the site reads is not declared`);
    else if (offeredIds(def).join() !== `${APP}:components/${item}`) {
      problems.push(
        `${SITE_TEMPLATE}: area "${path}" offers ${offeredIds(def).join(', ')}, not ${APP}:components/${item}`,
      );
    }
  }
  for (const list of area.components) {
    const def = inner[list];
    const path = `${area.path}/${list}`;
    if (!isObject(def))
      problems.push(`${SITE_TEMPLATE}: area "${path}" the site reads is not declared`);
    else if (offeredIds(def).join() !== pageKinds.join()) {
      problems.push(
        `${SITE_TEMPLATE}: area "${path}" offers other components than the pages' main`,
      );
    }
  }
  for (const [key, sub] of Object.entries(area.areas)) {
    problems.push(...checkSiteArea(module, inner[key], sub, pageKinds));
  }
  return problems;
}

/**
 * The site node: its page template and areas, the components of its lists (a kind the pages
 * have too, `message`, must offer what both read).
 */
export function checkSiteNode(module: Module, parts: SiteNodeParts, kinds: SiteKinds): string[] {
  const template = module[SITE_TEMPLATE];
  if (!template) return [`${SITE_TEMPLATE}: missing, the site reads the site node /${APP}`];
  const problems: string[] = [];
  if (template.dialog !== `${APP}:pages/site`) {
    problems.push(`${SITE_TEMPLATE}: field "dialog" is ${String(template.dialog)}`);
  }
  if (!propertiesOf(module['dialogs/pages/site.yaml'])) {
    problems.push(`dialogs/pages/site.yaml: missing, the site template names it`);
  }
  const main = offeredIds(
    objectAt(objectAt(module['templates/pages/standard.yaml'], 'areas'), 'main'),
  );
  const areas = objectAt(template, 'areas');
  for (const [key, area] of Object.entries(parts.areas)) {
    problems.push(...checkSiteArea(module, areas[key], area, main));
  }
  for (const [name, fields] of Object.entries(parts.components)) {
    const own = kinds[name];
    if (!own) {
      problems.push(...checkKind(module, 'components', name, fields));
      continue;
    }
    // Offered by the page kind's dialog, as the page kind reads it where both read a field.
    const props = propertiesOf(module[`dialogs/components/${name}.yaml`]) ?? {};
    const extra = Object.fromEntries(Object.entries(fields).filter(([f]) => !(f in own)));
    const missing = Object.values(extra).filter((f) => f.type !== 'area' && !(f.name in props));
    for (const f of missing) {
      problems.push(
        `dialogs/components/${name}.yaml: field "${f.name}" the site reads is not offered`,
      );
    }
  }
  return problems;
}

/** Keys every node carries that Magnolia sets itself. */
function isSystemKey(key: string): boolean {
  return key.startsWith('@') || key.startsWith('mgnl:') || key.startsWith('jcr:');
}

/** What of the demo's components no editor could create with the module. */
export function checkDemo(module: Module, nodes: Iterable<Yaml>): string[] {
  const problems = new Set<string>();
  const visit = (node: Yaml) => {
    const template = typeof node['mgnl:template'] === 'string' ? node['mgnl:template'] : '';
    const kind = node['@nodeType'] === 'mgnl:component' ? template.split('/').at(-1) : undefined;
    const props = kind ? propertiesOf(module[`dialogs/components/${kind}.yaml`]) : undefined;
    const tpl = kind ? module[`templates/components/${kind}.yaml`] : undefined;
    if (kind && (!props || !tpl)) problems.add(`demo ${kind}: no template or dialog for this kind`);
    for (const [key, value] of Object.entries(node)) {
      if (isSystemKey(key)) continue;
      if (isObject(value) && '@nodeType' in value) {
        const areas = objectAt(tpl, 'areas');
        if (kind && props && tpl && !(key in areas)) {
          problems.add(`demo ${kind}.${key}: an area no template declares`);
        }
        visit(value);
      } else if (kind && props && !(key in props)) {
        problems.add(`demo ${kind}.${key}: a field no dialog offers`);
      }
    }
  };
  for (const node of nodes) visit(node);
  return [...problems];
}
