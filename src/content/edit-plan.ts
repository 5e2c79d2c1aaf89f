/**
 * Editing in Magnolia's Pages app (docs/editing.md): what the page editor needs around a page,
 * read from the author instance's page node and its template annotations. The site renders the
 * page from its models as always; the plan says where each annotation goes, which areas a node
 * has (those not yet created too) and what each area holds in the content, skipped nodes
 * included, so that an editor can select them.
 */
import { shortNodeId } from '../domain/ids';
import { childNodes, componentKind, isNode, nodeId, type RawNode } from './nodes';
import { columnRank, rowLayout } from './row-layout';

export interface EditArea {
  name: string;
  /** In the content already; else only annotated (Magnolia creates it on the first add). */
  created: boolean;
  /** A row's column beyond its layout, `disposition`: the public site does not show it. */
  beyondLayout?: true;
}

/**
 * Why a page has no annotations: the author instance refused the account (401), refused it the
 * right to write to `website` (403, Pages 6.3.5 and later), or failed otherwise.
 */
export type AnnotationsMissing = 'unauthorized' | 'forbidden' | 'failed';

export interface EditPlan {
  /** The page node's path. */
  page: string;
  /** Node path → the annotation written before the node: `cms:page …`, `cms:area …`, `cms:component …`. */
  annotations: Record<string, string>;
  /** A component's id, as the models carry it → its node path. */
  paths: Record<string, string>;
  /** Page or component path → its areas: in the content (`@nodes` order), then annotated only. */
  areas: Record<string, EditArea[]>;
  /** Area path → the paths of the components it holds in the content, in `@nodes` order. */
  children: Record<string, string[]>;
  /** Component path → what the editor is told it is: its kind, and its title when it has one. */
  labels: Record<string, string>;
  /** Node path → why the site leaves it out, in the editor's language (filled by the server). */
  notes: Record<string, string[]>;
  /** What a placeholder says first, in the editor's language (filled by the server). */
  hidden: string;
  /** Set when the author instance gave no annotations: why (the page says so, docs/editing.md). */
  missing?: AnnotationsMissing;
  /**
   * The plan is the site node's (docs/editing.md "The header and the footer"): the header and
   * the footer are edited, the page they are shown around is not.
   */
  site?: true;
}

/**
 * Whether a text can be written as an HTML comment's content as it is: no `<!--`, `-->`, `--!>`,
 * no leading `>` or `->`, no trailing `<!-` (the HTML standard's rule). An annotation that could
 * end its comment early is dropped.
 */
function isCommentSafe(text: string): boolean {
  return !/<!--|--!?>|<!-$|^-?>/.test(text);
}

/** The annotations endpoint's answer, less what is not a string annotation or is unsafe. */
export function readAnnotations(
  value: unknown,
  warn: (message: string) => void,
): Record<string, string> {
  const annotations: Record<string, string> = {};
  if (!isNode(value)) {
    warn('template annotations: the answer is not an object; the page has none');
    return annotations;
  }
  for (const [path, text] of Object.entries(value)) {
    if (typeof text !== 'string' || !/^cms:(page|area|component)\b/.test(text)) {
      warn(`template annotations: ${path.slice(0, 200)}: not an annotation, left out`);
    } else if (!isCommentSafe(text)) {
      warn(`template annotations: ${path.slice(0, 200)}: could end its comment early, left out`);
    } else {
      annotations[path] = text;
    }
  }
  return annotations;
}

const TITLE_FIELDS = ['titre', 'title', 'titreChronique', 'name'] as const;

function labelOf(node: RawNode, name: string): string {
  const kind = componentKind(node) ?? '?';
  const title = TITLE_FIELDS.map((field) => node[field]).find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return `${kind} · ${(title ?? name).trim().slice(0, 80)}`;
}

/** A row's columns are those of its layout (content/row-layout.ts); its other columns are marked. */
function markBeyondLayout(row: RawNode, areas: EditArea[]): void {
  const disposition = typeof row.disposition === 'string' ? row.disposition : undefined;
  const layout = rowLayout(disposition, row);
  for (const area of areas) {
    const rank = columnRank(area.name);
    if (rank !== undefined && rank >= layout.columns.length) area.beyondLayout = true;
  }
}

/** Areas nested deeper than this are not walked (the site reads no deeper either). */
const MAX_DEPTH = 16;

/** The plan of a page node from the author instance, with its annotations. */
export function editPlanOf(page: RawNode, annotations: Record<string, string>): EditPlan {
  const pagePath = typeof page['@path'] === 'string' ? page['@path'] : '';
  const plan: EditPlan = {
    page: pagePath,
    annotations,
    paths: {},
    areas: {},
    children: {},
    labels: {},
    notes: {},
    hidden: '',
  };
  const isAreaAnnotation = (path: string) => annotations[path]?.startsWith('cms:area') ?? false;
  const pathOf = (node: RawNode, parent: string, name: string) =>
    typeof node['@path'] === 'string' ? node['@path'] : `${parent}/${name}`;

  function walkOwner(node: RawNode | undefined, path: string, depth: number): void {
    const areas: EditArea[] = [];
    for (const { name, node: child } of childNodes(node)) {
      const areaPath = pathOf(child, path, name);
      // Magnolia annotates every area: without annotations, no area is marked (docs/editing.md).
      if (!isAreaAnnotation(areaPath)) continue;
      areas.push({ name, created: true });
      walkArea(child, areaPath, depth);
    }
    // Areas the templates declare that the content does not have yet, as Magnolia lists them.
    const prefix = `${path}/`;
    for (const key of Object.keys(annotations)) {
      const name = key.slice(prefix.length);
      if (!key.startsWith(prefix) || name.includes('/') || !isAreaAnnotation(key)) continue;
      if (areas.some((area) => area.name === name)) continue;
      areas.push({ name, created: false });
      plan.children[key] = [];
      // An area of areas not created yet has its own declared ones (the site node's header).
      if (depth < MAX_DEPTH) walkOwner(undefined, key, depth + 1);
    }
    if (node && componentKind(node) === 'rangee') markBeyondLayout(node, areas);
    if (areas.length) plan.areas[path] = areas;
  }

  function walkArea(area: RawNode, path: string, depth: number): void {
    const children: string[] = [];
    for (const { name, node } of childNodes(area)) {
      const childPath = pathOf(node, path, name);
      // An area inside an area (the site node's header and footer) is one of its areas.
      if (isAreaAnnotation(childPath)) continue;
      children.push(childPath);
      plan.paths[shortNodeId(nodeId(node, childPath))] = childPath;
      plan.labels[childPath] = labelOf(node, name);
      if (depth < MAX_DEPTH) walkOwner(node, childPath, depth + 1);
    }
    plan.children[path] = children;
    if (depth < MAX_DEPTH) walkOwner(area, path, depth + 1);
  }

  walkOwner(page, pagePath, 0);
  return plan;
}
