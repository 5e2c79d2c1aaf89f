/**
 * Magnolia's editing annotations in the page (docs/editing.md): in edit mode only, each page,
 * area and component is written between the comments the Pages app's editor reads, in the order
 * `@magnolia/react-editor` gives them. React writes no comments: on the server a mark is an
 * element that `withEditComments` turns into its comment once rendered; in the browser it is
 * nothing, and hydration passes the comments by, so they stay where the server put them.
 */
import {
  createContext,
  createElement,
  Fragment,
  use,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { EditArea, EditPlan } from '../content/edit-plan';
import type { EditKit, EditShown } from './edit-context';

/** The node whose areas are being rendered: the page, then each component. */
const OwnerContext = createContext<string | null>(null);

/**
 * Which of a node's areas its block draws in place, among its own markup: the annotations of
 * those go there; the others follow the block, with their nodes as bars.
 */
function areasInPlace(kind: string | undefined, areas: readonly EditArea[]): string[] {
  switch (kind) {
    case 'section':
    case 'accordeon':
    case 'onglet':
      return ['composantes'];
    case 'contenant-onglets':
      return ['onglets'];
    // The site node's: a menu group's links, a footer column's (docs/editing.md).
    case 'groupe-menu':
      return ['groupe-liens'];
    case 'colonne-pied':
      return ['liens'];
    case 'rangee':
      // Its columns are those of its layout, created or not (content/row-layout.ts).
      return areas
        .filter((area) => !area.beyondLayout && /^colonne\d+$/.test(area.name))
        .map((area) => area.name);
    default:
      return [];
  }
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
};

/** The server's HTML with each mark made the comment it stands for. */
export function withEditComments(html: string): string {
  return html.replace(
    /<mgnl-mark>([^<]*)<\/mgnl-mark>/g,
    (_all, text: string) =>
      `<!--${text.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (e) => ENTITIES[e] ?? e)}-->`,
  );
}

/** What the public site leaves out, where it sits: what it is and why, to fix or delete it. */
function Placeholder({ plan, path, label }: { plan: EditPlan; path: string; label?: string }) {
  const notes = plan.notes[path] ?? [];
  return (
    <div className="edit-placeholder" role="note">
      <p>
        <strong>{plan.hidden}</strong> {label ?? plan.labels[path]}
      </p>
      {notes.length ? (
        <ul>
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

type MarkView = ComponentType<{ text: string | undefined }>;
type AreaMarksView = ComponentType<{ path: string; children: ReactNode }>;

/** The kit's pieces for the site node's areas (docs/editing.md "The header and the footer"). */
function sitePieces(
  plan: EditPlan,
  Mark: MarkView,
  AreaMarks: AreaMarksView,
  Area: EditKit['Area'],
): Pick<EditKit, 'list' | 'region' | 'site'> {
  /**
   * An area its owner draws in place that holds areas or an area dialog's fields, not a list
   * (the site node's header, footer, phone…): between its annotations, its own areas under it.
   */
  function Region({ area, children }: { area: string; children: ReactNode }) {
    const owner = use(OwnerContext);
    const known = owner !== null && (plan.areas[owner] ?? []).some((a) => a.name === area);
    if (!known) return children;
    const path = `${owner}/${area}`;
    return (
      <AreaMarks path={path}>
        <OwnerContext.Provider value={path}>{children}</OwnerContext.Provider>
      </AreaMarks>
    );
  }

  return {
    list: (area, kind, items, render) => (
      <Area
        area={area}
        shown={items.map((item) => ({ id: item.id, kind }))}
        render={(index) => {
          const item = items[index];
          return item === undefined ? null : render(item);
        }}
      />
    ),
    region: (area, children) => <Region area={area}>{children}</Region>,
    // The page's annotation first (the header comes first in the document, as react-editor
    // writes it at the top), then the area.
    site: (part, children) =>
      plan.site ? (
        <OwnerContext.Provider value={plan.page}>
          {part === 'header' ? <Mark text={plan.annotations[plan.page]} /> : null}
          <Region area={part}>{children}</Region>
        </OwnerContext.Provider>
      ) : (
        children
      ),
  };
}

/**
 * The areas a node's block does not draw, which follow it. A row's column beyond its layout is
 * left out while empty (an editor could only fill what the site will not show); one that holds
 * something is there, said not shown, its nodes to move or delete.
 */
function areasAfter(plan: EditPlan, path: string, inPlace: readonly string[]) {
  return (plan.areas[path] ?? []).flatMap((area) => {
    const areaPath = `${path}/${area.name}`;
    const nodes = plan.children[areaPath] ?? [];
    if (inPlace.includes(area.name) || (area.beyondLayout && nodes.length === 0)) return [];
    return [{ area, areaPath, nodes }];
  });
}

/**
 * The kit of a page's plan. `writeMarks`: on the server, where the marks become comments; in
 * the browser they are nothing (the server's comments stay).
 */
export function editKit(plan: EditPlan, { writeMarks }: { writeMarks: boolean }): EditKit {
  /** One annotation; nothing for an empty one (Magnolia's editor reads none there). */
  function Mark({ text }: { text: string | undefined }) {
    // A custom element: no content the sanitizers let through can be one (docs/security.md).
    return text && writeMarks ? createElement('mgnl-mark', null, text) : null;
  }

  /** An area between its annotations; `/cms:area` whatever its opening (as react-editor writes). */
  function AreaMarks({ path, children }: { path: string; children: ReactNode }) {
    return (
      <>
        <Mark text={plan.annotations[path]} />
        {children}
        <Mark text="/cms:area" />
      </>
    );
  }

  function Node({
    path,
    page,
    inPlace,
    children,
  }: {
    path: string;
    page?: boolean;
    inPlace: readonly string[];
    children: ReactNode;
  }) {
    return (
      <OwnerContext.Provider value={path}>
        <Mark text={plan.annotations[path]} />
        {children}
        {areasAfter(plan, path, inPlace).map(({ area, areaPath, nodes }) => (
          <Fragment key={area.name}>
            {area.beyondLayout ? (
              <Placeholder plan={plan} path={areaPath} label={area.name} />
            ) : null}
            <AreaMarks path={areaPath}>
              {nodes.map((child) => (
                <Node key={child} path={child} inPlace={[]}>
                  <div className="edit-item">{plan.labels[child]}</div>
                </Node>
              ))}
            </AreaMarks>
          </Fragment>
        ))}
        {/* react-editor closes a component only when it opened it; a page is never closed. */}
        {!page && plan.annotations[path] ? <Mark text="/cms:component" /> : null}
      </OwnerContext.Provider>
    );
  }

  function Area({
    area,
    shown,
    render,
  }: {
    area: string;
    shown: readonly EditShown[];
    render: (index: number) => ReactNode;
  }) {
    const owner = use(OwnerContext);
    const areas = (owner !== null && plan.areas[owner]) || [];
    // An area the plan does not know (no annotation): drawn as on a public page.
    if (owner === null || !areas.some((a) => a.name === area))
      return shown.map((_, i) => render(i));
    const path = `${owner}/${area}`;
    const byPath = new Map(shown.map((item, index) => [plan.paths[item.id], { item, index }]));
    return (
      <AreaMarks path={path}>
        {(plan.children[path] ?? []).map((child) => {
          const found = byPath.get(child);
          return (
            <Node
              key={child}
              path={child}
              inPlace={found ? areasInPlace(found.item.kind, plan.areas[child] ?? []) : []}
            >
              {found ? render(found.index) : <Placeholder plan={plan} path={child} />}
            </Node>
          );
        })}
      </AreaMarks>
    );
  }

  return { plan, Node, Area, ...sitePieces(plan, Mark, AreaMarks, Area) };
}
