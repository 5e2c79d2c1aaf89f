/**
 * What the content client relies on of each delivery endpoint (src/content/client.ts), derived
 * from what the site reads: the workspace and root of the nodes each call reads, their node
 * types, whether it reads `mgnl:template`, and how many levels of children it reads.
 */
import type { ContentTypeReads, SiteArea, SiteKinds, SiteNodeParts } from '../site-fields';
import type { EndpointNeeds } from './definitions';
import { APP, objectAt, type Module } from './module';

/**
 * Levels of children a node of `kind` needs below it: each list area and its item, then the
 * item's own; a component area holds page components, counted once (a nested component is read
 * like the top one, and nesting is the editors' choice, not the site's need).
 */
function kindDepth(kind: string, kinds: SiteKinds, seen: ReadonlySet<string> = new Set()): number {
  let depth = 0;
  for (const field of Object.values(kinds[kind] ?? {})) {
    if (field.type !== 'area') continue;
    const item = field.itemKind;
    const below = item && !seen.has(item) ? kindDepth(item, kinds, new Set([...seen, kind])) : 0;
    depth = Math.max(depth, 2 + below);
  }
  return depth;
}

/** The deepest page component's own depth, for an area of page components. */
function componentsDepth(kinds: SiteKinds): number {
  return Math.max(0, ...Object.keys(kinds).map((kind) => kindDepth(kind, kinds)));
}

function areaDepth(area: SiteArea, kinds: SiteKinds, all: SiteKinds): number {
  return Math.max(
    0,
    ...Object.values(area.lists).map((item) => 2 + kindDepth(item, all)),
    ...area.components.map(() => 2 + componentsDepth(kinds)),
    ...Object.values(area.areas).map((sub) => 1 + areaDepth(sub, kinds, all)),
  );
}

/** A content type's items: one level per sub-model child, two for a list of them. */
function itemDepth(reads: ContentTypeReads): number {
  return Math.max(
    0,
    ...Object.values(reads.properties).map((p) => (p.subModel ? (p.multiple ? 2 : 1) : 0)),
  );
}

const WEBSITE_CHILDREN = ['mgnl:area', 'mgnl:component'];

/** The needs of each endpoint path the content client calls. */
export function endpointNeeds(
  module: Module,
  what: { kinds: SiteKinds; site: SiteNodeParts; lots: ContentTypeReads; tiles: ContentTypeReads },
): Record<string, EndpointNeeds> {
  const { kinds, site, lots, tiles } = what;
  const all = { ...kinds, ...site.components };
  // A page's `main`, a component in it, and what that component holds (a chronique's
  // columnist, one level, is less; a row's columns, read by name, are two, as a section's).
  const page = 2 + componentsDepth(kinds);
  const siteDepth =
    1 + Math.max(0, ...Object.values(site.areas).map((a) => areaDepth(a, kinds, all)));
  const website = (rootPath: string, depth: number, under = false): EndpointNeeds => ({
    workspace: 'website',
    rootPath,
    under,
    nodeTypes: ['mgnl:page'],
    childNodeTypes: WEBSITE_CHILDREN,
    includeSystemProperties: true,
    depth,
  });
  const contentType = (file: string, reads: ContentTypeReads): EndpointNeeds => {
    const datasource = objectAt(module[file], 'datasource');
    const model = objectAt(module[file], 'model');
    const depth = itemDepth(reads);
    return {
      workspace: typeof datasource.workspace === 'string' ? datasource.workspace : '',
      rootPath: typeof datasource.rootPath === 'string' ? datasource.rootPath : '/',
      nodeTypes: typeof model.nodeType === 'string' ? [model.nodeType] : [],
      childNodeTypes: depth > 0 ? ['mgnl:contentNode'] : [],
      // Lots and tiles are read by their `@`-names, which every answer carries.
      includeSystemProperties: false,
      depth,
    };
  };
  return {
    // `listerTout/{app}`: the node `/{app}` under the endpoint's root, the workspace's own.
    [`${APP}/listerTout`]: website('/', siteDepth),
    // Pages are looked up and listed under the site node, never the site node itself.
    [`${APP}/listerPages`]: website(`/${APP}`, page),
    [`${APP}/listerChroniques`]: website(`/${APP}`, page, true),
    [`${APP}/listerLots`]: contentType('contentTypes/lot.yaml', lots),
    [`${APP}/listerVignettesDeco`]: contentType('contentTypes/vignette.yaml', tiles),
  };
}
