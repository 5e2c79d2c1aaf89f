/**
 * What the module must carry for a real instance beyond the kinds the site renders (issue 42):
 * its optional dependencies, the site definition, the lots as the lots app stores them, the site
 * node's templates and dialogs, the publish webhook's filters, numbers with their converter and
 * message bundles Magnolia can read (docs/editing.md, "Setting it up").
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SCHEMA, load, Type } from 'js-yaml';
import { describe, expect, it } from 'vitest';

type Yaml = Record<string, unknown>;

const MODULE_DIR = fileURLToPath(new URL('./pari-boreal/', import.meta.url));
const SITE_JSON = fileURLToPath(new URL('../embedded/cms/content/site.json', import.meta.url));
const APP = 'pari-boreal';

/** Apps made from a content type start with Magnolia's own tag, `!content-type:NAME`. */
const contentTypeTag = new Type('!content-type:', {
  kind: 'mapping',
  multi: true,
  construct: (data: Yaml, tag?: string) => ({ ...data, '!content-type': tag?.split(':')[1] }),
});
const SCHEMA = DEFAULT_SCHEMA.extend([contentTypeTag]);

function isObject(value: unknown): value is Yaml {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function obj(value: unknown): Yaml {
  return isObject(value) ? value : {};
}

function yaml(file: string): Yaml {
  return obj(load(readFileSync(path.join(MODULE_DIR, file), 'utf8'), { schema: SCHEMA }));
}

function yamlFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (sub: string) => {
    for (const name of readdirSync(path.join(dir, sub))) {
      const rel = sub ? `${sub}/${name}` : name;
      if (statSync(path.join(dir, rel)).isDirectory()) walk(rel);
      else if (name.endsWith('.yaml')) out.push(rel);
    }
  };
  walk('');
  return out.sort();
}

function formProperties(dialog: Yaml): Yaml {
  return obj(obj(dialog.form).properties);
}

// --- The webhook's filter, read as the Webhooks module documents it -------------------------

interface PublishedNode {
  workspace: string;
  path: string;
}

/**
 * Evaluates a webhook filter (`@name = 'v'`, `@name LIKE 'p%'`, AND, OR, parentheses) against a
 * node, as the Webhooks module's documentation describes its filters. Anything else throws, so
 * a filter the test cannot read fails instead of passing.
 */
export function matchesFilter(filter: string, node: PublishedNode): boolean {
  const tokens = filter.match(/\(|\)|'[^']*'|@\w+|=|\bLIKE\b|\bAND\b|\bOR\b|\S+/g) ?? [];
  let at = 0;
  const next = () => tokens[at++];
  const attribute = (name: string) => {
    if (name === '@workspace') return node.workspace;
    if (name === '@path') return node.path;
    throw new Error(`filter attribute ${name} unknown to the test`);
  };
  const like = (value: string, pattern: string) =>
    new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%/g, '.*')}$`).test(
      value,
    );
  const primary = (): boolean => {
    const token = next();
    if (token === '(') {
      const value = or();
      if (next() !== ')') throw new Error(`filter: ) expected in ${filter}`);
      return value;
    }
    if (!token?.startsWith('@')) throw new Error(`filter: ${token} unexpected in ${filter}`);
    const op = next();
    const literal = next();
    if (!literal?.startsWith("'")) throw new Error(`filter: a quoted value expected in ${filter}`);
    const value = literal.slice(1, -1);
    if (op === '=') return attribute(token) === value;
    if (op === 'LIKE') return like(attribute(token), value);
    throw new Error(`filter: operator ${op} unknown to the test`);
  };
  const and = (): boolean => {
    let value = primary();
    while (tokens[at] === 'AND') {
      next();
      value = primary() && value;
    }
    return value;
  };
  const or = (): boolean => {
    let value = and();
    while (tokens[at] === 'OR') {
      next();
      value = and() || value;
    }
    return value;
  };
  const result = or();
  if (at !== tokens.length) throw new Error(`filter: trailing ${tokens.slice(at).join(' ')}`);
  return result;
}

describe('the module on a real instance', () => {
  it('declares content-types and webhooks as optional dependencies, the others as required', () => {
    const deps = obj(yaml('module.yaml').dependencies);
    expect(obj(deps['content-types']).optional).toBe(true);
    expect(obj(deps.webhooks).optional).toBe(true);
    for (const name of ['rest-content-delivery', 'pages', 'dam']) {
      expect(obj(deps[name]).optional, name).toBeUndefined();
    }
  });

  it('ships the site definition: i18n on, French by default and as fallback, English beside', () => {
    expect(yamlFiles(MODULE_DIR).filter((f) => f.startsWith('sites/'))).toEqual([
      `sites/${APP}.yaml`,
    ]);
    const site = yaml(`sites/${APP}.yaml`);
    const i18n = obj(site.i18n);
    expect(i18n.enabled).toBe(true);
    expect(i18n.class).toBe('info.magnolia.cms.i18n.DefaultI18nContentSupport');
    expect(i18n.defaultLocale).toBe('fr');
    expect(i18n.fallbackLocale).toBe('fr');
    const locales = Object.values(obj(i18n.locales)).map(obj);
    expect(locales.map((l) => [l.language, l.enabled])).toEqual([
      ['fr', true],
      ['en', true],
    ]);
    const website = obj(obj(site.mappings).website);
    expect([website.repository, website.handlePrefix]).toEqual(['website', `/${APP}`]);
  });

  describe('lots, as the lots app writes them', () => {
    const model = obj(yaml('contentTypes/lot.yaml').model);
    const properties = (Array.isArray(model.properties) ? model.properties : []).map(obj);
    const subModels = (Array.isArray(model.subModels) ? model.subModels : []).map(obj);
    const app = yaml('apps/lots.yaml');
    const form = obj(obj(obj(app.subApps).detail).form);
    const fields = obj(form.properties);

    it('types produit, billet, gagnant and sports (several, ordered) with the sub-models', () => {
      const typed = properties
        .filter((p) => subModels.some((s) => s.name === p.type))
        .map((p) => [p.name, p.type, p.multiple === true]);
      expect(typed).toEqual([
        ['produit', 'produit', false],
        ['sports', 'sport', true],
        ['billet', 'billet', false],
        ['gagnant', 'gagnant', false],
      ]);
      // No sub-model without a property using it.
      expect(subModels.map((s) => s.name).sort()).toEqual(
        [...new Set(typed.map(([, type]) => type))].sort(),
      );
    });

    it('stores each as the child node named after its field, the sports as its ordered children', () => {
      expect(app['!content-type']).toBe('lot');
      for (const name of ['produit', 'billet', 'gagnant']) {
        const field = obj(fields[name]);
        expect([field.$type, obj(field.itemProvider).$type], name).toEqual([
          'compositeField',
          'jcrChildNodeProvider',
        ]);
      }
      const sports = obj(fields.sports);
      expect([sports.$type, obj(sports.itemProvider).$type]).toEqual([
        'jcrMultiField',
        'jcrChildNodeProvider',
      ]);
      expect(obj(sports.field).$type).toBe('compositeField');
    });

    it('offers in the form every property of the content type, translated alike', () => {
      const compare = (where: string, props: Yaml[], form: Yaml) => {
        expect(Object.keys(form).sort(), where).toEqual(props.map((p) => String(p.name)).sort());
        for (const p of props) {
          const field = obj(form[String(p.name)]);
          expect(field.i18n === true, `${where}.${String(p.name)} i18n`).toBe(p.i18n === true);
        }
      };
      compare('lot', properties, fields);
      for (const p of properties) {
        const sub = subModels.find((s) => s.name === p.type);
        if (!sub) continue;
        const field = obj(fields[String(p.name)]);
        const inner =
          p.multiple === true ? obj(obj(field.field).properties) : obj(field.properties);
        compare(
          String(p.name),
          (Array.isArray(sub.properties) ? sub.properties : []).map(obj),
          inner,
        );
      }
    });
  });

  describe("the site node's templates and dialogs", () => {
    const site = yaml('templates/pages/site.yaml');
    const areas = obj(site.areas);
    const header = obj(areas.header);
    const footer = obj(areas.footer);
    const sub = (area: Yaml, name: string) => obj(obj(area.areas)[name]);
    const offered = (area: Yaml) =>
      Object.values(obj(area.availableComponents)).map((c) => String(obj(c).id));
    const component = (kind: string) => `${APP}:components/${kind}`;

    it('declares the header and footer as the site reads them, message offered with messages', () => {
      expect([site.renderType, site.class, site.dialog]).toEqual([
        'spa',
        'info.magnolia.rendering.spa.renderer.SpaRenderableDefinition',
        `${APP}:pages/site`,
      ]);
      expect([header.type, footer.type, footer.dialog]).toEqual([
        'noComponent',
        'noComponent',
        `${APP}:areas/pied`,
      ]);
      expect(offered(sub(header, 'menu'))).toEqual([component('groupe-menu')]);
      expect(offered(sub(header, 'messages'))).toEqual([component('message')]);
      const store = sub(header, 'achatEnMagasin');
      expect([store.type, store.dialog]).toEqual(['noComponent', `${APP}:areas/achat-en-magasin`]);
      expect(offered(sub(footer, 'menu'))).toEqual([component('colonne-pied')]);
      const phone = sub(footer, 'telephone');
      expect([phone.type, phone.dialog]).toEqual(['noComponent', `${APP}:areas/telephone`]);
      for (const logos of ['logos-medias-sociaux', 'logos-corpo', 'partenaires']) {
        expect(offered(sub(footer, logos)), logos).toEqual([component('logo')]);
      }
      const main = obj(obj(yaml('templates/pages/standard.yaml').areas).main);
      expect(offered(sub(footer, 'pub'))).toEqual(offered(main));
      const nested = (kind: string, area: string) =>
        offered(obj(obj(yaml(`templates/components/${kind}.yaml`).areas)[area]));
      expect(nested('groupe-menu', 'groupe-liens')).toEqual([component('lien-menu')]);
      expect(nested('colonne-pied', 'liens')).toEqual([component('lien-pied')]);
    });

    it("offers every field of the demo's site node, translated where it holds both languages", () => {
      const dialogOf = (file: string) => formProperties(yaml(`dialogs/${file}.yaml`));
      /** Where each part of the site node is written: its dialog. */
      const problems: string[] = [];
      const check = (where: string, node: unknown, dialog: string) => {
        const props = dialogOf(dialog);
        for (const [key, value] of Object.entries(obj(node))) {
          // The node's name, its kind, its lists (areas) and static theme artwork are not fields.
          if (['name', 'kind', 'image'].includes(key) || Array.isArray(value)) continue;
          if (isObject(value) && !('fr' in value)) continue;
          const field = obj(props[key]);
          if (!isObject(props[key])) problems.push(`${where}.${key}: not offered by ${dialog}`);
          else if (isObject(value) && field.i18n !== true) {
            problems.push(`${where}.${key}: both languages in the demo, not i18n in ${dialog}`);
          }
        }
      };
      const demo = obj(JSON.parse(readFileSync(SITE_JSON, 'utf8')));
      const h = obj(demo.header);
      const f = obj(demo.footer);
      const list = (value: unknown): unknown[] =>
        Array.isArray(value) ? (value as unknown[]) : [];
      for (const entry of list(h.menu)) {
        check('header.menu', entry, 'components/groupe-menu');
        for (const link of list(obj(entry)['groupe-liens'])) {
          check('header.menu.groupe-liens', link, 'components/lien-menu');
        }
      }
      for (const message of list(h.messages))
        check('header.messages', message, 'components/message');
      check('header.achatEnMagasin', h.achatEnMagasin, 'areas/achat-en-magasin');
      check('footer', f, 'areas/pied');
      for (const column of list(f.menu)) {
        check('footer.menu', column, 'components/colonne-pied');
        for (const link of list(obj(column).liens))
          check('footer.menu.liens', link, 'components/lien-pied');
      }
      check('footer.telephone', f.telephone, 'areas/telephone');
      for (const logos of ['logos-medias-sociaux', 'logos-corpo', 'partenaires']) {
        for (const logo of list(f[logos])) check(`footer.${logos}`, logo, 'components/logo');
      }
      expect(problems).toEqual([]);
    });
  });

  describe('the publish webhook', () => {
    const hook = yaml('webhooks/siteContentPublished.yaml');
    const events = (Array.isArray(hook.events) ? hook.events : []).map(obj);

    it('calls on publication and unpublication with one filter', () => {
      expect(events.map((e) => e.eventType)).toEqual(['Published', 'Unpublished']);
      expect(new Set(events.map((e) => e.filter)).size).toBe(1);
    });

    it('matches the site node, its pages, the lots and the tiles where Magnolia keeps them', () => {
      const filter = String(events[0]?.filter);
      const at = (workspace: string, p: string) => matchesFilter(filter, { workspace, path: p });
      expect(at('website', `/${APP}`)).toBe(true);
      expect(at('website', `/${APP}/accueil`)).toBe(true);
      expect(at('website', `/${APP}/chroniques/une-chronique`)).toBe(true);
      expect(at('lots', '/lot-2026-001')).toBe(true);
      expect(at('vignettes', '/decoration/vignette-1')).toBe(true);
      expect(at('website', '/autre-site/accueil')).toBe(false);
      expect(at('website', `/${APP}-archive`)).toBe(false);
      expect(at('dam', `/${APP}/image.jpg`)).toBe(false);
    });

    it('reads the filters the test knows, and no other', () => {
      expect(() => matchesFilter("@nodeType = 'lot'", { workspace: 'lots', path: '/a' })).toThrow(
        /unknown to the test/,
      );
      expect(matchesFilter("@path LIKE '/lots/%'", { workspace: 'lots', path: '/lot-1' })).toBe(
        false,
      );
    });
  });

  describe('fields and labels as Magnolia reads them', () => {
    const files = yamlFiles(MODULE_DIR);

    /** Every field definition of a dialog or app, nested ones included, with where it is. */
    function allFields(node: unknown, where: string, out: [string, Yaml][] = []): [string, Yaml][] {
      if (Array.isArray(node)) node.forEach((n, i) => allFields(n, `${where}[${i}]`, out));
      else if (isObject(node)) {
        if (typeof node.$type === 'string') out.push([where, node]);
        for (const [key, value] of Object.entries(node)) allFields(value, `${where}.${key}`, out);
      }
      return out;
    }

    it('gives every number field typed Long or Double its converter', () => {
      const missing = files
        .filter((f) => f.startsWith('dialogs/') || f.startsWith('apps/'))
        .flatMap((f) => allFields(yaml(f), f))
        .filter(([, def]) => def.type === 'java.lang.Long' || def.type === 'java.lang.Double')
        .filter(([, def]) => typeof def.converterClass !== 'string')
        .map(([where]) => where);
      expect(missing).toEqual([]);
    });

    const bundle = (lang: string) =>
      readFileSync(path.join(MODULE_DIR, `i18n/${APP}-messages_${lang}.properties`), 'utf8')
        .split('\n')
        .filter((line) => line.trim() && !line.startsWith('#'))
        .map((line) => line.slice(0, line.indexOf('=')));

    it('writes both bundles in UTF-8 with the same keys, each once', () => {
      const keys = (lang: string) => {
        const bytes = readFileSync(
          path.join(MODULE_DIR, `i18n/${APP}-messages_${lang}.properties`),
        );
        // A strict decoder throws on bytes that are not UTF-8 (an ISO-8859-1 "é", for one).
        new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        const list = bundle(lang);
        expect(
          list.filter((key, i) => list.indexOf(key) !== i),
          `${lang}: twice`,
        ).toEqual([]);
        return [...list].sort();
      };
      expect(keys('en')).toEqual(keys('fr'));
    });

    it('keeps message keys in ASCII in both bundles', () => {
      for (const lang of ['fr', 'en']) {
        expect(
          bundle(lang).filter((key) => !/^[\x21-\x7e]+$/.test(key)),
          lang,
        ).toEqual([]);
      }
    });

    it('has every label of the site node, the lots app and the area dialogs in both bundles', () => {
      const ours = files.filter(
        (f) =>
          f === 'templates/pages/site.yaml' ||
          f === 'apps/lots.yaml' ||
          f.startsWith('dialogs/areas/') ||
          ['groupe-menu', 'lien-menu', 'colonne-pied', 'lien-pied', 'logo'].some((k) =>
            f.endsWith(`/${k}.yaml`),
          ),
      );
      const keys = new Set<string>();
      const collect = (node: unknown) => {
        if (Array.isArray(node)) node.forEach(collect);
        else if (isObject(node)) {
          for (const [key, value] of Object.entries(node)) {
            const isLabel = ['label', 'title', 'buttonLabel', 'description'].includes(key);
            if (isLabel && typeof value === 'string' && value.startsWith(`${APP}.`))
              keys.add(value);
            else collect(value);
          }
        }
      };
      for (const f of ours) collect(yaml(f));
      expect(keys.size).toBeGreaterThan(30);
      for (const lang of ['fr', 'en']) {
        const have = new Set(bundle(lang));
        expect(
          [...keys].filter((k) => !have.has(k)),
          lang,
        ).toEqual([]);
      }
    });
  });
});
