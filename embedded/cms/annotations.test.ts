/**
 * The author instance's template annotations: what the page editor reads for a page, its areas
 * (present or only declared by a template) and its components, and the copy of the editors'
 * module they are drawn from, checked against the module itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { ANNOTATIONS_ENDPOINT, annotationsReply, pageAnnotations, TEMPLATES } from './annotations';
import { loadContent, withDrafts, type Content } from './load';

const APP = 'pari-boreal';
const published = loadContent();
const contents = { published, author: withDrafts(published) };
const PAGE = `/${APP}/accueil`;

function annotationsOf(nodePath: string, from = contents): Record<string, string> {
  const found = pageAnnotations(nodePath, from, { app: APP });
  if (found === null) throw new Error(`no page at ${nodePath}`);
  return found;
}

describe('the templates table', () => {
  const TEMPLATES_DIR = fileURLToPath(
    new URL('../../magnolia/pari-boreal/templates/', import.meta.url),
  );
  type Yaml = Record<string, unknown>;
  const isObject = (value: unknown): value is Yaml =>
    typeof value === 'object' && value !== null && !Array.isArray(value);

  /** A template's (or an area's) areas, as the table writes them: nested ones and dialogs too. */
  function areasOf(yaml: Yaml): unknown[] {
    const areas = isObject(yaml.areas) ? yaml.areas : {};
    return Object.entries(areas).map(([name, area]) => {
      const def = isObject(area) ? area : {};
      const available = isObject(def.availableComponents) ? def.availableComponents : {};
      return {
        name,
        type: def.type,
        availableComponents: Object.values(available).map((c) => (isObject(c) ? c.id : undefined)),
        ...(def.label === undefined ? {} : { label: def.label }),
        ...(def.dialog === undefined ? {} : { dialog: def.dialog }),
        ...(def.areas === undefined ? {} : { areas: areasOf(def) }),
      };
    });
  }

  /** The module's templates by id, as the table should have them. */
  function moduleTemplates(): Map<string, unknown> {
    const found = new Map<string, unknown>();
    for (const folder of ['pages', 'components']) {
      for (const file of readdirSync(`${TEMPLATES_DIR}${folder}`)) {
        if (!file.endsWith('.yaml')) continue;
        const yaml = load(readFileSync(`${TEMPLATES_DIR}${folder}/${file}`, 'utf8')) as Yaml;
        found.set(`${APP}:${folder}/${file.slice(0, -'.yaml'.length)}`, {
          dialog: yaml.dialog,
          areas: areasOf(yaml),
        });
      }
    }
    return found;
  }

  it('says what the editors’ module says, template by template and area by area', () => {
    const module = moduleTemplates();
    expect(module.size).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const [id, expected] of module) {
      const table = TEMPLATES[id];
      if (table === undefined) {
        problems.push(`${id}: in the module, not in the table`);
        continue;
      }
      const { dialog, areas } = expected as { dialog: unknown; areas: { name: string }[] };
      if (table.dialog !== dialog) problems.push(`${id}: dialog ${String(dialog)} in the module`);
      const names = (list: readonly { name: string }[]) => list.map((area) => area.name).join(', ');
      if (names(table.areas) !== names(areas))
        problems.push(`${id}: areas ${names(areas)} in the module, ${names(table.areas)} here`);
      for (const area of areas) {
        const mine = table.areas.find((a) => a.name === area.name);
        if (mine !== undefined && JSON.stringify(mine) !== JSON.stringify(area))
          problems.push(`${id}: area ${area.name} differs: ${JSON.stringify(area)} in the module`);
      }
    }
    for (const id of Object.keys(TEMPLATES)) {
      if (!module.has(id)) problems.push(`${id}: in the table, not in the module`);
    }
    expect(problems).toEqual([]);
  });
});

describe('the annotations of a page', () => {
  const home = annotationsOf(PAGE);
  const any = TEMPLATES[`${APP}:pages/standard`]?.areas[0]?.availableComponents.join(',');

  it('annotate the page with its template’s dialog, first', () => {
    expect(Object.entries(home)[0]).toEqual([
      PAGE,
      `cms:page content="website:${PAGE}" dialog="${APP}:pages/standard"`,
    ]);
  });

  it('annotate its main area with the components it takes, in the module’s order', () => {
    expect(any?.split(',').slice(0, 3)).toEqual([
      `${APP}:components/entete`,
      `${APP}:components/section`,
      `${APP}:components/rangee`,
    ]);
    expect(home[`${PAGE}/main`]).toBe(
      `cms:area content="website:${PAGE}/main" name="main" availableComponents="${any}" type="list" showAddButton="true" showNewComponentArea="true" activationStatus="2"`,
    );
  });

  it('annotate a component, a nested area and its components, in document order', () => {
    const section = `${PAGE}/main/section-vedette`;
    expect(home[section]).toBe(
      `cms:component content="website:${section}" dialog="${APP}:components/section" label="section" activationStatus="2"`,
    );
    const keys = Object.keys(home);
    const row = `${section}/composantes/rangee-cartes`;
    expect(keys.indexOf(`${section}/composantes`)).toBe(keys.indexOf(section) + 1);
    expect(home[`${row}/colonne0/carte-hockey`]).toBe(
      `cms:component content="website:${row}/colonne0/carte-hockey" dialog="${APP}:components/carte" label="carte" activationStatus="2"`,
    );
    expect(keys.indexOf(`${row}/colonne0/carte-hockey`)).toBe(keys.indexOf(`${row}/colonne0`) + 1);
  });

  it('annotate the areas a template declares and the content lacks, never published', () => {
    const row = `${PAGE}/main/section-vedette/composantes/rangee-cartes`;
    const columns = Object.keys(home).filter((key) => key.startsWith(`${row}/colonne`));
    expect(columns.filter((key) => !key.slice(row.length + 1).includes('/'))).toEqual(
      [0, 1, 2, 3, 4, 5].map((n) => `${row}/colonne${n}`),
    );
    expect(home[`${row}/colonne4`]).toBe(
      `cms:area content="website:${row}/colonne4" name="colonne4" availableComponents="${any}" type="list" showAddButton="true" showNewComponentArea="true" activationStatus="0"`,
    );
  });

  it('annotate a component of a template the module does not know, without a dialog', () => {
    const path = `/${APP}/demo/robustesse/main/composante-inconnue-haut`;
    expect(annotationsOf(`/${APP}/demo/robustesse`)[path]).toBe(
      `cms:component content="website:${path}" label="composante-inconnue" activationStatus="2"`,
    );
  });

  it('say 0 for a page never published, 1 for a component a draft changed', () => {
    const draft = annotationsOf(`/${APP}/tirage-hiver`);
    expect(Object.keys(draft).length).toBeGreaterThan(3);
    expect(Object.values(draft).filter((value) => !value.startsWith('cms:page'))).toEqual(
      Object.values(draft)
        .filter((value) => !value.startsWith('cms:page'))
        .map(() => expect.stringMatching(/ activationStatus="0"$/) as unknown),
    );
    const winners = annotationsOf(`/${APP}/gagnants`);
    expect(winners[`/${APP}/gagnants/main/entete-gagnants`]).toMatch(/ activationStatus="1"$/);
    expect(winners[`/${APP}/gagnants/main/section-liste-gagnants`]).toMatch(
      / activationStatus="2"$/,
    );
  });

  it('skip, with a log line, a node whose values could end the comment', () => {
    const source = contents.author.pages[0];
    if (source === undefined) throw new Error('no page');
    const page = {
      ...source.page,
      URLfr: 'piege',
      main: [{ name: 'texte--fin', kind: 'texte', texte: 'x' }],
    };
    const author: Content = { ...contents.author, pages: [{ file: 'piege.json', page }] };
    const lines: string[] = [];
    const found = pageAnnotations(
      `/${APP}/piege`,
      { author, published },
      { app: APP, log: (line) => lines.push(line) },
    );
    expect(Object.keys(found ?? {})).toEqual([`/${APP}/piege`, `/${APP}/piege/main`]);
    expect(lines).toEqual([
      `template annotations: "/${APP}/piege/main/texte--fin" skipped: a value holds --, <, > or "`,
    ]);
  });

  it('are null for a path that is not a page of the author instance', () => {
    expect(pageAnnotations(`/${APP}/nulle-part`, contents, { app: APP })).toBeNull();
    expect(pageAnnotations('/accueil', contents, { app: APP })).toBeNull();
  });
});

describe('the annotations of the site node', () => {
  const SITE = `/${APP}`;
  const site = annotationsOf(SITE);
  const keys = Object.keys(site);

  it('annotate the site node as a page of the site template', () => {
    expect(Object.entries(site)[0]).toEqual([
      SITE,
      `cms:page content="website:${SITE}" dialog="${APP}:pages/site"`,
    ]);
  });

  it('annotate the header and the footer as areas of areas, with their area dialogs', () => {
    expect(site[`${SITE}/header`]).toBe(
      `cms:area content="website:${SITE}/header" name="header" availableComponents="" type="noComponent" showAddButton="false" showNewComponentArea="true" activationStatus="2"`,
    );
    expect(site[`${SITE}/footer`]).toMatch(
      /^cms:area content="website:\/pari-boreal\/footer" name="footer" availableComponents="" type="noComponent" dialog="pari-boreal:areas\/pied" showAddButton="false" /,
    );
    expect(site[`${SITE}/header/achatEnMagasin`]).toMatch(
      / type="noComponent" dialog="pari-boreal:areas\/achat-en-magasin" showAddButton="false" /,
    );
    expect(site[`${SITE}/footer/telephone`]).toMatch(/ dialog="pari-boreal:areas\/telephone" /);
    const areas = (owner: string) =>
      keys.filter(
        (key) =>
          key.startsWith(`${owner}/`) &&
          !key.slice(owner.length + 1).includes('/') &&
          site[key]?.startsWith('cms:area'),
      );
    expect(areas(`${SITE}/header`)).toEqual(
      ['menu', 'messages', 'achatEnMagasin'].map((n) => `${SITE}/header/${n}`),
    );
    expect(areas(`${SITE}/footer`)).toEqual(
      ['menu', 'telephone', 'logos-medias-sociaux', 'logos-corpo', 'partenaires', 'pub'].map(
        (n) => `${SITE}/footer/${n}`,
      ),
    );
  });

  it('annotate the items, their own lists and the messages where messages live, in order', () => {
    const group = `${SITE}/header/menu/parier`;
    expect(site[`${SITE}/header/menu`]).toMatch(
      / availableComponents="pari-boreal:components\/groupe-menu" type="list" /,
    );
    expect(site[group]).toBe(
      `cms:component content="website:${group}" dialog="${APP}:components/groupe-menu" label="groupe-menu" activationStatus="2"`,
    );
    expect(keys.indexOf(`${group}/groupe-liens`)).toBe(keys.indexOf(group) + 1);
    expect(site[`${group}/groupe-liens/sports`]).toMatch(
      /dialog="pari-boreal:components\/lien-menu"/,
    );
    expect(site[`${SITE}/header/messages`]).toMatch(
      / availableComponents="pari-boreal:components\/message" /,
    );
    expect(site[`${SITE}/header/messages/message-series`]).toMatch(
      /dialog="pari-boreal:components\/message"/,
    );
    expect(site[`${SITE}/footer/menu/colonne-aide/liens/temoins`]).toMatch(
      /dialog="pari-boreal:components\/lien-pied"/,
    );
    expect(site[`${SITE}/footer/partenaires/ligue-hockey`]).toMatch(
      /dialog="pari-boreal:components\/logo"/,
    );
    expect(site[`${SITE}/footer/pub/pub-carte`]).toMatch(/dialog="pari-boreal:components\/carte"/);
    // Document order: the header's areas and items before the footer's.
    expect(keys.indexOf(`${SITE}/header/achatEnMagasin`)).toBeLessThan(
      keys.indexOf(`${SITE}/footer`),
    );
  });
});

describe('the endpoint', () => {
  const reply = (path: string) => annotationsReply(path, contents, { app: APP });
  const status = (path: string) => reply(`${ANNOTATIONS_ENDPOINT}${path}`)?.status;

  it('answers JSON, never stored, for a page', () => {
    const answer = reply(`${ANNOTATIONS_ENDPOINT}${PAGE}`);
    expect(answer?.status).toBe(200);
    expect(answer?.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    expect(JSON.parse(String(answer?.body))).toEqual(annotationsOf(PAGE));
  });

  it('answers the site node’s', () => {
    const answer = reply(`${ANNOTATIONS_ENDPOINT}/${APP}`);
    expect(answer?.status).toBe(200);
    expect(JSON.parse(String(answer?.body))).toEqual(annotationsOf(`/${APP}`));
  });

  it('answers 404 with Magnolia’s error shape for an unknown page', () => {
    const answer = reply(`${ANNOTATIONS_ENDPOINT}/${APP}/nulle-part`);
    expect(answer?.status).toBe(404);
    expect(JSON.parse(String(answer?.body))).toEqual({
      errorCode: 'NOT_FOUND',
      message: `No page at /${APP}/nulle-part`,
    });
  });

  it('refuses paths that do not read as node paths, and overlong ones', () => {
    expect(status(`/${APP}/%2e%2e/${APP}/accueil`)).toBe(400);
    expect(status(`/${APP}//accueil`)).toBe(400);
    expect(status(`/${APP}/%E0%A4%A`)).toBe(400);
    expect(status(`/${APP}/a%00b`)).toBe(400);
    expect(status(`/${APP}/${'a'.repeat(600)}`)).toBe(400);
    expect(status(`/${APP}/a%22b`)).toBe(400);
  });

  it('leaves other paths to the content service', () => {
    expect(reply(`/.rest/${APP}/listerPages`)).toBeNull();
    expect(reply(ANNOTATIONS_ENDPOINT)).toBeNull();
  });
});
