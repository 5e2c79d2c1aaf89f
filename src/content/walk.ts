/** Walking the component tree: every nested list (sections, rows, tabs, accordions). */
import type { Component, ComponentKind } from './models';

export function forEachComponent(list: readonly Component[], visit: (c: Component) => void): void {
  for (const component of list) {
    visit(component);
    switch (component.kind) {
      case 'section':
      case 'accordeon':
        forEachComponent(component.children, visit);
        break;
      case 'rangee':
        component.columns.forEach((column) => forEachComponent(column, visit));
        break;
      case 'contenant-onglets':
        component.tabs.forEach((tab) => forEachComponent(tab.children, visit));
        break;
      default:
        break;
    }
  }
}

/** The kinds of the components in the list, at any depth. */
export function componentKinds(list: readonly Component[]): Set<ComponentKind> {
  const kinds = new Set<ComponentKind>();
  forEachComponent(list, (c) => kinds.add(c.kind));
  return kinds;
}

/** A copy of the tree with each component passed through `map` (children first). */
export function mapComponents(
  list: readonly Component[],
  map: (c: Component) => Component,
): Component[] {
  return list.map((component) => {
    switch (component.kind) {
      case 'section':
        return map({ ...component, children: mapComponents(component.children, map) });
      case 'accordeon':
        return map({ ...component, children: mapComponents(component.children, map) });
      case 'rangee':
        return map({ ...component, columns: component.columns.map((c) => mapComponents(c, map)) });
      case 'contenant-onglets':
        return map({
          ...component,
          tabs: component.tabs.map((tab) => ({
            ...tab,
            children: mapComponents(tab.children, map),
          })),
        });
      default:
        return map(component);
    }
  });
}
