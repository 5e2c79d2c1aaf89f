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
   * A list that is a content area (`area`: its name, or the rank of a row's column among its
   * owner's areas): each node it holds between its annotations, those not shown as placeholders.
   * `render(index)` draws `shown[index]`.
   */
  Area: ComponentType<{
    area: string | number;
    shown: readonly EditShown[];
    render: (index: number) => ReactNode;
  }>;
  /**
   * An area drawn in place that holds areas or an area dialog's fields (the site node's header,
   * footer, phone…): between its annotations; its children as they are where it is not known.
   */
  Region: ComponentType<{ area: string; children: ReactNode }>;
  /** The site node's header or footer, when the plan is the site node's; else its children. */
  SitePart: ComponentType<{ part: 'header' | 'footer'; children: ReactNode }>;
}

export const EditContext = createContext<EditKit | null>(null);
