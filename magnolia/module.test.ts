/**
 * The editors' module (magnolia/pari-boreal) against what the site reads: every kind it renders
 * has a template and a dialog that offer its fields, typed, required and with the choices the
 * schemas expect; every call of the content client has an endpoint; the demo content of the
 * embedded service uses only what an editor could create (docs/content-contract.md, "The
 * editors' module").
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SCHEMA, load, Type } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../embedded/cms/load';
import { pageNode, siteNode } from '../embedded/cms/wire-content';
import { createContentClient } from '../src/content/client';
import { siteComponentKinds, sitePageTypes, type SiteField, type SiteKinds } from './site-fields';

type Yaml = Record<string, unknown>;
/** The module's YAML files by their path inside the module. */
type Module = Record<string, Yaml>;

const MODULE_DIR = fileURLToPath(new URL('./pari-boreal/', import.meta.url));
const APP = 'pari-boreal';

/** Apps made from a content type start with Magnolia's own tag, `!content-type:NAME`. */
const contentTypeTag = new Type('!content-type:', {
  kind: 'mapping',
  multi: true,
  construct: (data: Yaml, tag?: string) => ({ ...data, '!content-type': tag?.split(':')[1] }),
});
const SCHEMA = DEFAULT_SCHEMA.extend([contentTypeTag]);

function readModule(dir: string): Module {
  const out: Module = {};
  const walk = (sub: string) => {
    for (const name of readdirSync(path.join(dir, sub))) {
      const rel = sub ? `${sub}/${name}` : name;
      if (statSync(path.join(dir, rel)).isDirectory()) walk(rel);
      else if (name.endsWith('.yaml')) {
        out[rel] = load(readFileSync(path.join(dir, rel), 'utf8'), { schema: SCHEMA }) as Yaml;
      }
    }
  };
  walk('');
  return out;
}

function isObject(value: unknown): value is Yaml {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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

/** The site's reader types a dialog field may store: a link is typed as text. */
function sameType(site: SiteField['type'], dialog: string): boolean {
  return site === dialog || (site === 'link' && dialog === 'text');
}

function choicesOf(def: Yaml): string[] {
  const datasource = isObject(def.datasource) ? def.datasource : {};
  const options = Array.isArray(datasource.options) ? datasource.options : [];
  return options.filter(isObject).map((o) => String(o.value ?? o.name));
}

/** Read by the site elsewhere than in the node's schema: the kind of a node without template. */
const READ_ELSEWHERE = new Set(['typeComposante']);

function checkDialog(where: string, props: Yaml, fields: Record<string, SiteField>): string[] {
  const problems: string[] = [];
  for (const [name, raw] of Object.entries(props)) {
    const def = isObject(raw) ? raw : {};
    const site = fields[name];
    if (READ_ELSEWHERE.has(name) || (name === 'type' && def.$type === 'hiddenField')) continue;
    if (name === 'chroniqueur' && def.$type === 'compositeField') continue;
    if (!site) {
      problems.push(`${where}: dialog field ${name} is not read by the site`);
      continue;
    }
    const type = dialogType(def);
    if (!sameType(site.type, type)) {
      problems.push(`${where}.${name}: the dialog stores ${type}, the site reads ${site.type}`);
    }
    if (site.required && def.required !== true) {
      problems.push(`${where}.${name}: required by the site, not by the dialog`);
    }
    if (site.i18n !== (def.i18n === true)) {
      problems.push(
        `${where}.${name}: i18n ${def.i18n === true} in the dialog, ${site.i18n} expected`,
      );
    }
    if (site.choices && choicesOf(def).join('|') !== site.choices.join('|')) {
      problems.push(
        `${where}.${name}: choices ${choicesOf(def).join(', ')} differ from ${site.choices.join(', ')}`,
      );
    }
  }
  for (const site of Object.values(fields)) {
    if (site.required && !(site.name in props)) {
      problems.push(`${where}.${site.name}: required by the site, missing from the dialog`);
    }
  }
  return problems;
}

function propertiesOf(dialog: Yaml | undefined): Yaml | undefined {
  const form = isObject(dialog?.form) ? dialog.form : undefined;
  return isObject(form?.properties) ? form.properties : undefined;
}

/** Every disagreement between the module and what the site reads, each naming kind and field. */
export function checkModule(module: Module, kinds: SiteKinds, pages: SiteKinds): string[] {
  const problems: string[] = [];
  const check = (
    group: 'components' | 'pages',
    name: string,
    fields: Record<string, SiteField>,
  ) => {
    const template = module[`templates/${group}/${name}.yaml`];
    if (!template)
      return void problems.push(`${name}: no template templates/${group}/${name}.yaml`);
    if (template.dialog !== `${APP}:${group}/${name}`) {
      problems.push(`${name}: the template's dialog is ${String(template.dialog)}`);
    }
    const props = propertiesOf(module[`dialogs/${group}/${name}.yaml`]);
    if (!props) return void problems.push(`${name}: no dialog dialogs/${group}/${name}.yaml`);
    problems.push(...checkDialog(name, props, fields));
    const areas = isObject(template.areas) ? template.areas : {};
    for (const field of Object.values(fields)) {
      if (field.type !== 'area' || (group === 'pages' && field.name === 'chroniqueur')) continue;
      const area = areas[field.name];
      if (!isObject(area))
        problems.push(`${name}.${field.name}: the site reads an area no template declares`);
      else if (field.itemKind) {
        const available = isObject(area.availableComponents) ? area.availableComponents : {};
        const ids = Object.values(available).map((c) => (isObject(c) ? c.id : undefined));
        if (ids.join() !== `${APP}:components/${field.itemKind}`) {
          problems.push(
            `${name}.${field.name}: the area offers ${ids.join(', ')}, not ${field.itemKind}`,
          );
        }
      }
    }
  };
  for (const [kind, fields] of Object.entries(kinds)) check('components', kind, fields);
  for (const [type, fields] of Object.entries(pages)) check('pages', type, fields);
  if (
    pages.chronique &&
    !isObject(propertiesOf(module['dialogs/pages/chronique.yaml'])?.chroniqueur)
  ) {
    problems.push('chronique.chroniqueur: the site reads a columnist no dialog offers');
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

/** The endpoint path of every call the content client makes, from the URLs it asks. */
async function clientEndpointPaths(): Promise<string[]> {
  const urls: string[] = [];
  const client = createContentClient({
    origin: 'https://cms.invalid',
    app: APP,
    media: 'https://cms.invalid',
    timeoutMs: 1000,
    warn: () => undefined,
    fetcher: (url) => {
      urls.push(url);
      return Promise.resolve(new Response('{"results": []}', { status: 200 }));
    },
  });
  await client.getSite('fr');
  await client.getPage('fr', 'accueil');
  await client.listPages('fr', 10, 0);
  await client.getLots('fr');
  await client.getDecorTiles();
  await client.getChronicles('fr');
  // `/.rest/{endpointPath}` then, for a node read, the node's path (`listerTout/{app}`).
  const paths = urls.map((url) => {
    const rest = new URL(url).pathname.replace(/^\/\.rest\//, '');
    return rest.replace(new RegExp(`^(${APP}/[^/]+).*$`), '$1');
  });
  return [...new Set(paths)];
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
        const areas = isObject(tpl?.areas) ? tpl.areas : {};
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

/**
 * What the demo holds that no editor could create, on purpose: the static artwork the embedded
 * service ships (`image: {"@path"}`, theme assets, not DAM images) and the deliberately broken
 * nodes of the robustness page (an unknown kind, a card whose `texte` is a list).
 */
const DEMO_BEYOND_EDITORS = [
  // The site node's logos: artwork too, now that the stand-in gives them their template.
  'demo logo.image: a field no dialog offers',
  'demo image-galerie.image: a field no dialog offers',
  'demo diapositive.image: a field no dialog offers',
  'demo diapositive.imageMobile: a field no dialog offers',
  'demo image.image: a field no dialog offers',
  'demo carte.image: a field no dialog offers',
  'demo carte.texte: an area no template declares',
  'demo composante-inconnue: no template or dialog for this kind',
];

const module = readModule(MODULE_DIR);
const kinds = siteComponentKinds();
const pages = sitePageTypes();

/** A deep copy of the module with one file changed. */
function broken(change: (copy: Module) => void): Module {
  const copy = structuredClone(module);
  change(copy);
  return copy;
}

function dialogProps(copy: Module, kind: string): Yaml {
  const props = propertiesOf(copy[`dialogs/components/${kind}.yaml`]);
  if (!props) throw new Error(`no dialog for ${kind}`);
  return props;
}

describe('the Magnolia module', () => {
  it('offers every component kind and page type the site reads, as the schemas expect', () => {
    expect(checkModule(module, kinds, pages)).toEqual([]);
  });

  it("sends the Pages app to the preview's node-path entry, with the token (docs/editing.md)", () => {
    const templates = Object.entries(module).filter(([file]) =>
      file.startsWith('templates/pages/'),
    );
    // The page types the site reads, and the site node's own template (the header and footer).
    expect(templates.map(([file]) => file).sort()).toEqual(
      [...Object.keys(pages), 'site'].map((type) => `templates/pages/${type}.yaml`).sort(),
    );
    for (const [file, template] of templates) {
      expect(String(template.baseUrl), file).toMatch(/^https?:\/\/[^/]+\/_preview\/node$/);
      const route = String(template.routeTemplate);
      expect(route.startsWith('/{language}{{@path}}'), `${file}: ${route}`).toBe(true);
      expect(route, file).toMatch(/[?&]token=/);
      // A script for Magnolia to render the page with must be a file of the module (the
      // templates name none: the site renders its pages itself).
      const { templateScript } = template;
      if (templateScript !== undefined) {
        expect(typeof templateScript, file).toBe('string');
        const script = path.join(MODULE_DIR, '..', templateScript as string);
        expect(existsSync(script), `${file}: ${script}`).toBe(true);
      }
    }
  });

  it('covers the kinds of the contract, headers messages and list items included', () => {
    expect(Object.keys(kinds).sort()).toEqual(
      [
        ...['accordeon', 'balado', 'carrousel', 'carte', 'contenant-onglets', 'diapositive'],
        ...['entete', 'galerie', 'image', 'image-galerie', 'liste-billets', 'liste-chroniques'],
        ...['liste-gagnants', 'liste-videos', 'message', 'offres', 'onglet', 'promotion'],
        ...['promotions', 'rangee', 'section', 'texte', 'video'],
      ].sort(),
    );
  });

  it('serves every endpoint the content client calls, and no other', async () => {
    const called = await clientEndpointPaths();
    expect(called.sort()).toEqual(
      ['listerChroniques', 'listerLots', 'listerPages', 'listerTout', 'listerVignettesDeco'].map(
        (call) => `${APP}/${call}`,
      ),
    );
    expect(checkEndpoints(module, called)).toEqual([]);
  });

  it('lets the demo content use only what an editor could create', () => {
    const content = loadContent();
    // The embedded service's own wire form of each page and of the site node, in each language.
    const nodes = (['fr', 'en'] as const).flatMap((lang) => {
      const ctx = { app: APP, lang, resolveDate: (value: string) => value };
      return [siteNode(content.site, ctx), ...content.pages.map(({ page }) => pageNode(page, ctx))];
    });
    expect(checkDemo(module, nodes)).toEqual(DEMO_BEYOND_EDITORS);
  });

  describe('names the kind and field of each disagreement', () => {
    it('a kind with no template or dialog', () => {
      const copy = broken((m) => {
        delete m['templates/components/balado.yaml'];
        delete m['dialogs/components/video.yaml'];
      });
      expect(checkModule(copy, kinds, pages)).toEqual([
        'video: no dialog dialogs/components/video.yaml',
        'balado: no template templates/components/balado.yaml',
      ]);
    });

    it('a dialog field the site does not read', () => {
      const copy = broken((m) => {
        dialogProps(m, 'texte').sousTexte = { $type: 'textField' };
      });
      expect(checkModule(copy, kinds, pages)).toEqual([
        'texte: dialog field sousTexte is not read by the site',
      ]);
    });

    it('a field the site requires that the dialog does not', () => {
      const copy = broken((m) => {
        const video = dialogProps(m, 'video').videoId as Yaml;
        delete video.required;
        delete dialogProps(m, 'balado').podcastId;
      });
      expect(checkModule(copy, kinds, pages)).toEqual([
        'video.videoId: required by the site, not by the dialog',
        'balado.podcastId: required by the site, missing from the dialog',
      ]);
    });

    it('a field typed differently', () => {
      const copy = broken((m) => {
        (dialogProps(m, 'texte').texte as Yaml).$type = 'textField';
        (dialogProps(m, 'carrousel').arrows as Yaml).$type = 'textField';
        (dialogProps(m, 'offres').colonnesBureau as Yaml).type = 'java.lang.String';
        (dialogProps(m, 'image').imageId as Yaml).$type = 'textField';
        (dialogProps(m, 'carte').dateFinAffichage as Yaml).$type = 'textField';
      });
      expect(checkModule(copy, kinds, pages)).toEqual([
        'texte.texte: the dialog stores text, the site reads richText',
        'image.imageId: the dialog stores text, the site reads damLink',
        'carte.dateFinAffichage: the dialog stores text, the site reads date',
        'carrousel.arrows: the dialog stores text, the site reads checkbox',
        'offres.colonnesBureau: the dialog stores text, the site reads number',
      ]);
    });

    it('a choice list that differs, and a field translated or not by mistake', () => {
      const copy = broken((m) => {
        const type = dialogProps(m, 'promotions').typePromotions as Yaml;
        (type.datasource as { options: unknown[] }).options.pop();
        (dialogProps(m, 'video').videoId as Yaml).i18n = true;
      });
      expect(checkModule(copy, kinds, pages)).toEqual([
        'video.videoId: i18n true in the dialog, false expected',
        'promotions.typePromotions: choices enCours differ from enCours, terminée',
      ]);
    });

    it('a list area that offers the wrong items', () => {
      const copy = broken((m) => {
        const areas = m['templates/components/carrousel.yaml']?.areas as Yaml;
        delete areas.diapositives;
        const galerie = m['templates/components/galerie.yaml']?.areas as Yaml;
        (galerie.images as Yaml).availableComponents = { texte: { id: `${APP}:components/texte` } };
      });
      expect(checkModule(copy, kinds, pages)).toEqual([
        'carrousel.diapositives: the site reads an area no template declares',
        'galerie.images: the area offers pari-boreal:components/texte, not image-galerie',
      ]);
    });

    it('an endpoint missing, and one the site never calls', () => {
      const copy = broken((m) => {
        delete m['restEndpoints/delivery/listerLots.yaml'];
        m['restEndpoints/delivery/extra.yaml'] = { endpointPath: `${APP}/listerTout2` };
      });
      const called = ['listerTout', 'listerLots'].map((c) => `${APP}/${c}`);
      expect(checkEndpoints(copy, called)).toEqual([
        `endpoint ${APP}/listerLots: called by the site, served by no definition`,
        `endpoint ${APP}/listerChroniques: served, never called by the site`,
        `endpoint ${APP}/listerPages: served, never called by the site`,
        `endpoint ${APP}/listerVignettesDeco: served, never called by the site`,
        `endpoint ${APP}/listerTout2: served, never called by the site`,
      ]);
    });

    it('demo content no editor could create', () => {
      const node = (template: string, extra: Yaml): Yaml => ({
        '@nodeType': 'mgnl:component',
        'mgnl:template': `${APP}:components/${template}`,
        'jcr:uuid': 'x',
        ...extra,
      });
      expect(
        checkDemo(module, [
          node('texte', { texte: 'x', couleur: 'rouge' }),
          node('inconnu', {}),
          node('section', { autre: { '@nodeType': 'mgnl:area' } }),
        ]),
      ).toEqual([
        'demo texte.couleur: a field no dialog offers',
        'demo inconnu: no template or dialog for this kind',
        'demo section.autre: an area no template declares',
      ]);
    });
  });
});
