/**
 * Edit mode's kit (docs/editing.md), handed down by the app: null on every page but an edit-mode
 * one, whose code (src/ui/edit-kit.tsx) only edit-mode pages load.
 */
import { createContext, type ComponentType, type ReactNode } from 'react';
import type { EditPlan } from '../content/edit-plan';

/** What a list shows of each item it draws: its id, and its kind (a static tree's outer one). */
export interface EditShown {
  id: string;
  kind: string | undefined;
}

export interface EditKit {
  plan: EditPlan;
  /** A page or a component between its annotations; the areas it does not draw follow it. */
  Node: ComponentType<{
    path: string;
    page?: boolean;
    inPlace: readonly string[];
    children: ReactNode;
  }>;
  /**
   * A list that is a content area (`area`: its name): each node it holds between its
   * annotations, those not shown as placeholders.
   * `render(index)` draws `shown[index]`.
   */
  Area: ComponentType<{
    area: string;
    shown: readonly EditShown[];
    render: (index: number) => ReactNode;
  }>;
  /**
   * A list of the site node's components drawn in place (`area`, each item of `kind`): as
   * `Area`. `render` gives each item's element its key.
   */
  list: <T extends { id: string }>(
    area: string,
    kind: string,
    items: readonly T[],
    render: (item: T) => ReactNode,
  ) => ReactNode;
  /**
   * An area drawn in place that holds areas or an area dialog's fields (the site node's header,
   * footer, phone…): between its annotations; `children` as they are where it is not known.
   */
  region: (area: string, children: ReactNode) => ReactNode;
  /** The site node's header or footer, when the plan is the site node's; else `children`. */
  site: (part: 'header' | 'footer', children: ReactNode) => ReactNode;
}

export const EditContext = createContext<EditKit | null>(null);

/**
 * The header's and footer's lists and areas (docs/editing.md "The header and the footer"): the
 * kit's in edit mode, the items as they are elsewhere. Calls, not components: visitors' code
 * carries only these two lines.
 */
export const editList = <T extends { id: string }>(
  edit: EditKit | null,
  area: string,
  kind: string,
  items: readonly T[],
  render: (item: T) => ReactNode,
): ReactNode => (edit ? edit.list(area, kind, items, render) : items.map(render));

export const editRegion = (edit: EditKit | null, area: string, children?: ReactNode): ReactNode =>
  edit ? edit.region(area, children) : children;
