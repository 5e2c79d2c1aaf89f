/**
 * The editors' module (magnolia/pari-boreal) against what the site reads: every kind, page type,
 * list item and part of the site node has a template and a dialog that offer all its fields,
 * typed, required, translated and with the choices the schemas expect; the content types hold
 * what the site reads of lots and tiles; every call of the content client has an endpoint whose
 * definition serves what the call reads; every label is a key of both message bundles; the
 * demo content of the embedded service uses only what an editor could create
 * (docs/content-contract.md, "The editors' module"). Each break names the file and the field.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { loadContent } from '../embedded/cms/load';
import { pageNode, siteNode } from '../embedded/cms/wire-content';
import { createContentClient } from '../src/content/client';
import type * as Magnolia from '../src/content/schema/magnolia';
import { checkDemo, checkModule, checkSiteNode } from './drift/dialogs';
import {
  checkContentType,
  checkDependencies,
  checkEndpointDefinitions,
  checkEndpoints,
  checkMessages,
  checkPageTemplates,
} from './drift/definitions';
import { APP, propertiesOf, readBundles, readModule, type Module, type Yaml } from './drift/module';
import { endpointNeeds } from './drift/needs';
import {
  columnistFields,
  lotReads,
  siteComponentKinds,
  siteNodeParts,
  sitePageTypes,
  tileReads,
  type NodeRead,
  type Probe,
} from './site-fields';

/**
 * Which schema reads which child node: the site node's and a lot's parts are read by schemas
 * of their own that no export names, so `readNode` is watched (and still does its work).
 */
const watch = vi.hoisted(() => ({ reads: undefined as NodeRead[] | undefined }));
vi.mock('../src/content/schema/magnolia', async (original) => {
  const real = await original<typeof Magnolia>();
  const readNode: typeof real.readNode = (schema, node, where) => {
    watch.reads?.push({ schema, node });
    return where === undefined ? real.readNode(schema, node) : real.readNode(schema, node, where);
  };
  return { ...real, readNode };
});
const probe: Probe = (read) => {
  watch.reads = [];
  try {
    read();
    return watch.reads;
  } finally {
    watch.reads = undefined;
  }
};

const MODULE_DIR = fileURLToPath(new URL('./pari-boreal/', import.meta.url));

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
const bundles = readBundles(MODULE_DIR);
const kinds = siteComponentKinds();
const pages = sitePageTypes();
const columnist = columnistFields(probe);
const site = siteNodeParts(probe);
const lots = lotReads(probe);
const tiles = tileReads();
const needs = endpointNeeds(module, { kinds, site, lots, tiles });

/** Every check of the module's files (the endpoint paths aside: they need the client's calls). */
function checkAll(copy: Module, copyBundles = bundles): string[] {
  return [
    ...checkModule(copy, kinds, pages, columnist),
    ...checkSiteNode(copy, site, kinds),
    ...checkContentType(copy, 'contentTypes/lot.yaml', lots),
    ...checkContentType(copy, 'contentTypes/vignette.yaml', tiles),
    ...checkEndpointDefinitions(copy, needs),
    ...checkMessages(copy, copyBundles),
    ...checkPageTemplates(copy),
    ...checkDependencies(copy),
  ];
}

/** A deep copy of the module with one file changed. */
function broken(change: (copy: Module) => void): Module {
  const copy = structuredClone(module);
  change(copy);
  return copy;
}

function dialogProps(copy: Module, file: string): Yaml {
  const props = propertiesOf(copy[file]);
  if (!props) throw new Error(`no dialog ${file}`);
  return props;
}

const component = (kind: string) => `dialogs/components/${kind}.yaml`;

function field(copy: Module, file: string, name: string): Yaml {
  const def = dialogProps(copy, file)[name];
  if (typeof def !== 'object' || def === null) throw new Error(`no field ${name} in ${file}`);
  return def as Yaml;
}

/** A content type's property list (or a sub-model's), to change in a copy. */
function properties(copy: Module, file: string, subModel?: string): Yaml[] {
  const model = copy[file]?.model as Yaml;
  const owner = subModel ? (model.subModels as Yaml[]).find((s) => s.name === subModel) : model;
  return owner?.properties as Yaml[];
}

describe('the Magnolia module', () => {
  it('offers every field the site reads, of every kind, page, item and part of the site node', () => {
    expect(checkModule(module, kinds, pages, columnist)).toEqual([]);
    expect(checkSiteNode(module, site, kinds)).toEqual([]);
  });

  it('holds in its content types what the site reads of lots and tiles', () => {
    expect(checkContentType(module, 'contentTypes/lot.yaml', lots)).toEqual([]);
    expect(checkContentType(module, 'contentTypes/vignette.yaml', tiles)).toEqual([]);
  });

  it('serves every endpoint the content client calls, and no other, as the client reads it', async () => {
    const called = await clientEndpointPaths();
    expect(called.sort()).toEqual(
      ['listerChroniques', 'listerLots', 'listerPages', 'listerTout', 'listerVignettesDeco'].map(
        (call) => `${APP}/${call}`,
      ),
    );
    expect(Object.keys(needs).sort()).toEqual(called);
    expect(checkEndpoints(module, called)).toEqual([]);
    expect(checkEndpointDefinitions(module, needs)).toEqual([]);
  });

  it('reads each node as deep as the site reads it', () => {
    // Pinned so that a change of what the site reads shows here first: a page's main > tabs >
    // tab > its components > a component; the header's menu > group > its links > a link, and
    // the footer's ad zone; a lot's sports > a sport.
    expect(Object.fromEntries(Object.entries(needs).map(([p, n]) => [p, n.depth]))).toEqual({
      [`${APP}/listerTout`]: 7,
      [`${APP}/listerPages`]: 6,
      [`${APP}/listerChroniques`]: 6,
      [`${APP}/listerLots`]: 2,
      [`${APP}/listerVignettesDeco`]: 0,
    });
  });

  it('labels everything with keys of both message bundles, keys in ASCII', () => {
    expect(Object.keys(bundles).sort()).toEqual([
      `i18n/${APP}-messages_en.properties`,
      `i18n/${APP}-messages_fr.properties`,
    ]);
    expect(checkMessages(module, bundles)).toEqual([]);
  });

  it('renders its pages with the SPA renderer and declares its optional modules optional', () => {
    expect(checkPageTemplates(module)).toEqual([]);
    expect(checkDependencies(module)).toEqual([]);
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

  it("covers the site node's parts as the module names them", () => {
    expect(Object.keys(site.components).sort()).toEqual(
      ['colonne-pied', 'groupe-menu', 'lien-menu', 'lien-pied', 'logo', 'message'].sort(),
    );
    const dialogs = (area: (typeof site.areas)[string]): string[] => [
      ...(area.dialog ? [area.dialog] : []),
      ...Object.values(area.areas).flatMap(dialogs),
    ];
    expect(Object.values(site.areas).flatMap(dialogs).sort()).toEqual(
      ['achat-en-magasin', 'pied', 'telephone'].sort(),
    );
    expect(Object.keys(lots.subModels).sort()).toEqual(['billet', 'gagnant', 'produit', 'sport']);
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

  describe('names the file and field of each disagreement', () => {
    it('a kind with no template or dialog', () => {
      const copy = broken((m) => {
        delete m['templates/components/balado.yaml'];
        delete m['dialogs/components/video.yaml'];
      });
      expect(checkModule(copy, kinds, pages, columnist)).toEqual([
        'dialogs/components/video.yaml: missing, the site renders "video"',
        'templates/components/balado.yaml: missing, the site renders "balado"',
      ]);
    });

    it('a dialog field the site does not read', () => {
      const copy = broken((m) => {
        dialogProps(m, component('texte')).sousTexte = { $type: 'textField' };
      });
      expect(checkAll(copy)).toEqual([
        'dialogs/components/texte.yaml: field "sousTexte" is not read by the site',
      ]);
    });

    it('an optional field the site reads that the dialog does not offer', () => {
      const copy = broken((m) => {
        delete dialogProps(m, component('carte')).texteLien;
        delete dialogProps(m, component('diapositive')).imageMobileId;
        delete dialogProps(m, 'dialogs/pages/standard.yaml').keywords;
        delete dialogProps(m, 'dialogs/pages/chronique.yaml').lien;
        const columnistField = field(m, 'dialogs/pages/chronique.yaml', 'chroniqueur');
        delete (columnistField.properties as Yaml).profilChroniqueur;
      });
      expect(checkAll(copy)).toEqual([
        'dialogs/components/carte.yaml: field "texteLien" the site reads is not offered',
        'dialogs/components/diapositive.yaml: field "imageMobileId" the site reads is not offered',
        'dialogs/pages/standard.yaml: field "keywords" the site reads is not offered',
        'dialogs/pages/chronique.yaml: field "lien" the site reads is not offered',
        'dialogs/pages/chronique.yaml: field "chroniqueur.profilChroniqueur" the site reads is not offered',
      ]);
    });

    it('a field the site requires that the dialog does not', () => {
      const copy = broken((m) => {
        delete field(m, component('video'), 'videoId').required;
        delete dialogProps(m, component('balado')).podcastId;
      });
      expect(checkAll(copy)).toEqual([
        'dialogs/components/video.yaml: field "videoId" is required by the site, not by the dialog',
        'dialogs/components/balado.yaml: field "podcastId" the site reads is not offered (it is required)',
      ]);
    });

    it('a field typed differently', () => {
      const copy = broken((m) => {
        field(m, component('texte'), 'texte').$type = 'textField';
        field(m, component('carrousel'), 'arrows').$type = 'textField';
        field(m, component('offres'), 'colonnesBureau').$type = 'checkBoxField';
        field(m, component('image'), 'imageId').$type = 'textField';
        field(m, component('carte'), 'dateFinAffichage').$type = 'textField';
      });
      expect(checkModule(copy, kinds, pages, columnist)).toEqual([
        'dialogs/components/texte.yaml: field "texte" stores text, the site reads richText',
        'dialogs/components/image.yaml: field "imageId" stores text, the site reads damLink',
        'dialogs/components/carte.yaml: field "dateFinAffichage" stores text, the site reads date',
        'dialogs/components/carrousel.yaml: field "arrows" stores text, the site reads checkbox',
        'dialogs/components/offres.yaml: field "colonnesBureau" stores checkbox, the site reads number',
      ]);
    });

    it('a number typed without the converter Magnolia needs, or with the wrong one', () => {
      const copy = broken((m) => {
        Object.assign(field(m, component('offres'), 'colonnesBureau'), {
          $type: 'textField',
          type: 'java.lang.Long',
          converterClass: undefined,
        });
        Object.assign(field(m, component('offres'), 'colonnesMobile'), {
          $type: 'textField',
          type: 'java.lang.Long',
          converterClass: 'com.vaadin.data.converter.StringToDoubleConverter',
        });
      });
      expect(checkAll(copy)).toEqual([
        'dialogs/components/offres.yaml: field "colonnesMobile" is typed java.lang.Long with the converter com.vaadin.data.converter.StringToDoubleConverter',
        'dialogs/components/offres.yaml: field "colonnesBureau" is typed java.lang.Long without a converter',
      ]);
    });

    it('a choice list that differs, and a field translated or not by mistake', () => {
      const copy = broken((m) => {
        const type = field(m, component('promotions'), 'typePromotions');
        (type.datasource as { options: unknown[] }).options.pop();
        field(m, component('video'), 'videoId').i18n = true;
      });
      expect(checkAll(copy)).toEqual([
        'dialogs/components/video.yaml: field "videoId" has i18n true, the site expects false',
        'dialogs/components/promotions.yaml: field "typePromotions" offers enCours, the site reads enCours, terminée',
      ]);
    });

    it('a list area that offers the wrong items', () => {
      const copy = broken((m) => {
        const areas = m['templates/components/carrousel.yaml']?.areas as Yaml;
        delete areas.diapositives;
        const galerie = m['templates/components/galerie.yaml']?.areas as Yaml;
        (galerie.images as Yaml).availableComponents = { texte: { id: `${APP}:components/texte` } };
      });
      expect(checkAll(copy)).toEqual([
        'templates/components/carrousel.yaml: area "diapositives" the site reads is not declared',
        'templates/components/galerie.yaml: area "images" offers pari-boreal:components/texte, not pari-boreal:components/image-galerie',
      ]);
    });

    it('a part of the site node not declared, not offered, or offered elsewhere', () => {
      const copy = broken((m) => {
        const header = (m['templates/pages/site.yaml']?.areas as Yaml).header as Yaml;
        delete (header.areas as Yaml).messages;
        const footer = (m['templates/pages/site.yaml']?.areas as Yaml).footer as Yaml;
        footer.dialog = `${APP}:areas/autre`;
        delete dialogProps(m, 'dialogs/areas/telephone.yaml').numeroTelephoneLien;
        delete dialogProps(m, component('lien-menu')).nouvelleFenetre;
        delete dialogProps(m, component('message')).dateFinAffichage;
      });
      expect(checkSiteNode(copy, site, kinds)).toEqual([
        'templates/pages/site.yaml: area "header/messages" the site reads is not declared',
        'templates/pages/site.yaml: area "footer" has the dialog pari-boreal:areas/autre, not pari-boreal:areas/pied',
        'dialogs/areas/telephone.yaml: field "numeroTelephoneLien" the site reads is not offered',
        'dialogs/components/lien-menu.yaml: field "nouvelleFenetre" the site reads is not offered',
      ]);
      // The message kind is the pages' too: its dialog is checked as theirs, once.
      expect(checkModule(copy, kinds, pages, columnist)).toEqual([
        'dialogs/components/message.yaml: field "dateFinAffichage" the site reads is not offered',
      ]);
    });

    it('a content type that lacks, mistypes or leaves unused what the site reads of a lot', () => {
      const copy = broken((m) => {
        const lot = properties(m, 'contentTypes/lot.yaml');
        lot.splice(
          lot.findIndex((p) => p.name === 'montantGain'),
          1,
        );
        const sports = lot.find((p) => p.name === 'sports');
        if (sports) delete sports.multiple;
        const billet = properties(m, 'contentTypes/lot.yaml', 'billet');
        const descriptif = billet.find((p) => p.name === 'descriptif');
        if (descriptif) delete descriptif.type;
        const gagnant = properties(m, 'contentTypes/lot.yaml', 'gagnant');
        const noms = gagnant.find((p) => p.name === 'noms');
        if (noms) delete noms.i18n;
        const model = m['contentTypes/lot.yaml']?.model as Yaml;
        (model.subModels as Yaml[]).push({ name: 'orphelin', properties: [{ name: 'x' }] });
      });
      expect(checkContentType(copy, 'contentTypes/lot.yaml', lots)).toEqual([
        'contentTypes/lot.yaml: property "montantGain" the site reads is not declared',
        'contentTypes/lot.yaml: property "sports" has multiple false, the site reads true',
        'contentTypes/lot.yaml: sub-model billet, property "descriptif" is typed String, the site reads richText',
        'contentTypes/lot.yaml: sub-model gagnant, property "noms" has i18n false, the site expects true',
        'contentTypes/lot.yaml: sub-model "orphelin" is used by no property',
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

    it('an endpoint that does not serve what its call reads', () => {
      const copy = broken((m) => {
        const tout = m['restEndpoints/delivery/listerTout.yaml'] as Yaml;
        Object.assign(tout, { rootPath: `/${APP}`, depth: 4, includeSystemProperties: false });
        const lotsDef = m['restEndpoints/delivery/listerLots.yaml'] as Yaml;
        Object.assign(lotsDef, { workspace: 'website', nodeTypes: ['mgnl:contentNode'] });
        const pagesDef = m['restEndpoints/delivery/listerPages.yaml'] as Yaml;
        pagesDef.childNodeTypes = ['mgnl:area'];
      });
      expect(checkEndpointDefinitions(copy, needs)).toEqual([
        'restEndpoints/delivery/listerTout.yaml: field "rootPath" is /pari-boreal, the site reads /',
        'restEndpoints/delivery/listerTout.yaml: field "includeSystemProperties" is not true, the site reads mgnl:template',
        'restEndpoints/delivery/listerTout.yaml: field "depth" is 4, the site reads 7 levels down',
        'restEndpoints/delivery/listerPages.yaml: field "childNodeTypes" lacks mgnl:component',
        'restEndpoints/delivery/listerLots.yaml: field "workspace" is website, the site reads lots',
        'restEndpoints/delivery/listerLots.yaml: field "nodeTypes" lacks lot',
      ]);
    });

    it('a label that is no key, a key one bundle lacks, a key not in ASCII', () => {
      const copy = broken((m) => {
        field(m, component('texte'), 'texte').label = 'Texte';
        field(m, component('video'), 'videoId').label = `${APP}.field.nouveau`;
      });
      const en = `i18n/${APP}-messages_en.properties`;
      const fr = `i18n/${APP}-messages_fr.properties`;
      const copyBundles = {
        [en]: `${bundles[en]}\n${APP}.field.nouveau=New\n`,
        [fr]: `${bundles[fr]}\n${APP}.field.opération=Opération\n`,
      };
      expect(checkMessages(copy, copyBundles)).toEqual([
        `${fr}: key "${APP}.field.opération" is not ASCII`,
        'dialogs/components/texte.yaml: field "form.properties.texte.label" is "Texte", not a message key',
        `dialogs/components/video.yaml: field "form.properties.videoId.label" uses the key ${APP}.field.nouveau, missing from ${fr}`,
      ]);
    });

    it('a page template without the SPA renderer, an optional module required', () => {
      const copy = broken((m) => {
        delete m['templates/pages/chronique.yaml']?.renderType;
        (m['templates/pages/standard.yaml'] as Yaml).class =
          'info.magnolia.rendering.template.configured.ConfiguredTemplateDefinition';
        const deps = m['module.yaml']?.dependencies as Yaml;
        delete (deps.webhooks as Yaml).optional;
      });
      expect([...checkPageTemplates(copy), ...checkDependencies(copy)]).toEqual([
        'templates/pages/chronique.yaml: field "renderType" is undefined, not spa',
        'templates/pages/standard.yaml: field "class" is info.magnolia.rendering.template.configured.ConfiguredTemplateDefinition, not info.magnolia.rendering.spa.renderer.SpaRenderableDefinition',
        'module.yaml: dependency "webhooks" is not optional: true',
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
