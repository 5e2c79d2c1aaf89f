/**
 * The stand-in author's template-definitions endpoint (issue 42 item 9): every page template of
 * the editors' module, as the module declares it, with the deployment's site and token in place
 * of the placeholders; another id is not found.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import {
  MODULE_SITE_ORIGIN,
  MODULE_TOKEN,
  PAGE_TEMPLATES,
  templateDefinitionReply,
} from './definitions';

const PAGES_DIR = fileURLToPath(
  new URL('../../magnolia/pari-boreal/templates/pages/', import.meta.url),
);
const KEYS = ['class', 'renderType', 'title', 'baseUrl', 'routeTemplate', 'dialog'] as const;

/** The module's page templates that the Pages app frames (those with a baseUrl), by id. */
function moduleTemplates(): Map<string, Record<string, unknown>> {
  const found = new Map<string, Record<string, unknown>>();
  for (const file of readdirSync(PAGES_DIR)) {
    if (!file.endsWith('.yaml')) continue;
    const yaml = load(readFileSync(`${PAGES_DIR}${file}`, 'utf8')) as Record<string, unknown>;
    if (yaml.baseUrl === undefined) continue;
    found.set(`pari-boreal:pages/${file.slice(0, -'.yaml'.length)}`, yaml);
  }
  return found;
}

describe('template definitions of the stand-in author', () => {
  it('copies each page template of the module that has a baseUrl', () => {
    const module = moduleTemplates();
    expect([...Object.keys(PAGE_TEMPLATES)].sort()).toEqual([...module.keys()].sort());
    for (const [id, yaml] of module) {
      const picked = Object.fromEntries(KEYS.map((key) => [key, yaml[key]]));
      expect({ id, ...PAGE_TEMPLATES[id] }).toEqual({ id, ...picked });
    }
  });

  it("answers a definition with the deployment's site and token, readable by no other site", () => {
    const reply = templateDefinitionReply(
      '/.rest/template-definitions/v1/pari-boreal:pages/standard',
      {
        siteOrigin: 'https://www.pari.example',
        token: 'T0K3N',
      },
    );
    expect(reply?.status).toBe(200);
    expect(reply?.noCors).toBe(true);
    const body = JSON.parse(String(reply?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      id: 'pari-boreal:pages/standard',
      renderType: 'spa',
      baseUrl: 'https://www.pari.example/_preview/node',
      routeTemplate: '/{language}{{@path}}?token=T0K3N',
    });
    expect(JSON.stringify(body)).not.toContain(MODULE_TOKEN);
    const asShipped = templateDefinitionReply(
      '/.rest/template-definitions/v1/pari-boreal%3Apages%2Fchronique',
      { token: 'T' },
    );
    expect(JSON.parse(String(asShipped?.body))).toMatchObject({
      baseUrl: `${MODULE_SITE_ORIGIN}/_preview/node`,
    });
  });

  it('answers 404 for another template and nothing for another call', () => {
    const path = '/.rest/template-definitions/v1/pari-boreal:pages/inconnue';
    expect(templateDefinitionReply(path, { token: 'T' })?.status).toBe(404);
    expect(templateDefinitionReply('/.rest/pari-boreal/listerLots', { token: 'T' })).toBeNull();
  });
});
