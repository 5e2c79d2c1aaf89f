/**
 * The author instance's template-definitions endpoint (`/.rest/template-definitions/v1/{id}`),
 * which `npm run cms:check` reads to see where the Pages app frames a page (docs/editing.md,
 * "Checking a live instance"). The page templates as the editors' module declares them
 * (magnolia/pari-boreal/templates/pages; `definitions.test.ts` keeps this in step with its YAML,
 * the stand-in ships without the YAML reader), with the deployed copy's address in place of the
 * module's placeholders: the site's origin and its preview token.
 */
import { jsonReply, type Reply } from '../http';
import { TEMPLATES } from './annotations';

const PREFIX = '/.rest/template-definitions/v1/';

/** The module's placeholders, which a deployment replaces (docs/editing.md). */
export const MODULE_SITE_ORIGIN = 'http://localhost:3000';
export const MODULE_TOKEN = 'CHANGE-ME';

const PAGES = 'pari-boreal:pages/';

/** A page template as the module declares it: every page template is framed the same way. */
const page = (id: string, dialog: string) => ({
  class: 'info.magnolia.rendering.spa.renderer.SpaRenderableDefinition',
  renderType: 'spa',
  title: `pari-boreal.page.${id.slice(PAGES.length)}`,
  baseUrl: `${MODULE_SITE_ORIGIN}/_preview/node`,
  routeTemplate: `/{language}{{@path}}?token=${MODULE_TOKEN}`,
  dialog,
});

/**
 * The module's page templates by id, those of the annotations' copy of the module (which holds
 * their dialogs): what the Pages app needs to frame a page.
 */
export const PAGE_TEMPLATES: Readonly<Record<string, ReturnType<typeof page>>> = Object.fromEntries(
  Object.entries(TEMPLATES)
    .filter(([id]) => id.startsWith(PAGES))
    .map(([id, template]) => [id, page(id, template.dialog)]),
);

interface Deployment {
  /** The site's origin; none: the module's. */
  siteOrigin?: string | undefined;
  token: string;
}

/** The definition at `path` (under the author prefix), or null when the path is another call. */
export function templateDefinitionReply(path: string, deployment: Deployment): Reply | null {
  if (!path.startsWith(PREFIX)) return null;
  const id = decodeURIComponent(path.slice(PREFIX.length));
  const definition = PAGE_TEMPLATES[id];
  if (!definition)
    return jsonReply(404, { errorCode: 'NOT_FOUND', message: `No template definition ${id}` });
  const origin = deployment.siteOrigin ?? MODULE_SITE_ORIGIN;
  return {
    // The token is a secret: no other site may read it.
    ...jsonReply(200, {
      id,
      ...definition,
      baseUrl: definition.baseUrl.replace(MODULE_SITE_ORIGIN, origin),
      routeTemplate: definition.routeTemplate.replace(MODULE_TOKEN, deployment.token),
    }),
    noCors: true,
  };
}
