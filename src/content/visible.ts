/**
 * What of the content is shown at a logical date (docs/requirements.md §4: an item shows only inside its
 * display window). The server keeps only this in what leaves it, HTML and hydration data alike,
 * so nothing scheduled reaches a browser early; the browser applies the same rules again, for a
 * window that closes while a page stays open (docs/architecture.md, "Skipped content").
 */
import { isInWindow, windowEdges, type DisplayWindow } from '../domain/display-window';
import type { Component, MenuGroup, MenuLink, Site } from './models';
import { forEachComponent, mapComponents } from './walk';

const shown = (c: Component, now: number) => isInWindow(c.fields.window, now);

/** The component's own windowed items (children, slides, offers, promotions) at `now`. */
function withVisibleItems(c: Component, now: number): Component {
  const keep = (list: Component[]) => list.filter((child) => shown(child, now));
  switch (c.kind) {
    case 'section':
    case 'accordeon':
      return { ...c, children: keep(c.children) };
    case 'rangee':
      // Columns stay (their widths come from the layout), only their content goes.
      return { ...c, columns: c.columns.map(keep) };
    case 'contenant-onglets':
      // A tab with nothing shown stays: the tabs block says it is empty, as the browser would.
      return { ...c, tabs: c.tabs.map((tab) => ({ ...tab, children: keep(tab.children) })) };
    case 'carrousel':
      return { ...c, slides: c.slides.filter((s) => isInWindow(s.fields.window, now)) };
    case 'offres':
      return { ...c, offers: c.offers.filter((o) => isInWindow(o.fields.window, now)) };
    case 'promotions':
      return { ...c, items: c.items.filter((p) => isInWindow(p.window, now)) };
    default:
      return c;
  }
}

/** The components shown at `now`, at every depth, each with only its items shown at `now`. */
export function visibleComponents(list: readonly Component[], now: number): Component[] {
  return mapComponents(
    list.filter((c) => shown(c, now)),
    (c) => withVisibleItems(c, now),
  );
}

function visibleLinks<L extends MenuLink>(links: readonly L[], now: number): L[] {
  return links.filter((link) => isInWindow(link.window, now));
}

/** A menu group shown at `now`, or null: out of its window, or all its links are and it has no link of its own. */
function visibleGroup(group: MenuGroup, now: number): MenuGroup | null {
  if (!isInWindow(group.window, now)) return null;
  const links = visibleLinks(group.links, now);
  if (group.links.length > 0 && links.length === 0 && !group.lien) return null;
  return { ...group, links };
}

/** The header and footer as shown at `now`: menu links, messages and the ad zone. */
export function visibleSite(site: Site, now: number): Site {
  return {
    header: {
      ...site.header,
      menu: site.header.menu.flatMap((group) => visibleGroup(group, now) ?? []),
      messages: site.header.messages.filter((m) => isInWindow(m.window, now)),
    },
    footer: {
      ...site.footer,
      menu: site.footer.menu.map((column) => ({
        ...column,
        links: visibleLinks(column.links, now),
      })),
      pub: visibleComponents(site.footer.pub, now),
    },
  };
}

/**
 * Every instant at which an item of these components opens or closes, shown now or not: a page
 * made of them may be kept only until the first of these that is still to come.
 */
export function componentWindowEdges(list: readonly Component[]): number[] {
  const edges: number[] = [];
  forEachComponent(list, (c) => {
    edges.push(...windowEdges(c.fields.window));
    if (c.kind === 'carrousel')
      c.slides.forEach((s) => edges.push(...windowEdges(s.fields.window)));
    if (c.kind === 'offres') c.offers.forEach((o) => edges.push(...windowEdges(o.fields.window)));
    if (c.kind === 'promotions') c.items.forEach((p) => edges.push(...windowEdges(p.window)));
  });
  return edges;
}

/** The same for the header and footer. */
export function siteWindowEdges(site: Site): number[] {
  const links = [
    ...site.header.menu.flatMap((group) => [group, ...group.links]),
    ...site.footer.menu.flatMap((column) => column.links),
  ];
  return [
    ...links.flatMap((link) => windowEdges(link.window)),
    ...site.header.messages.flatMap((m) => windowEdges(m.window)),
    ...componentWindowEdges(site.footer.pub),
  ];
}

/** A component or list item outside its display window at a date, for editors (docs/preview.md). */
export interface HiddenByWindow {
  /** The component's name, then the item's title or id when it is an item of its list. */
  where: string;
  kind: Component['kind'];
  window: DisplayWindow;
}

/**
 * What the visitor does not see at `now` because of its own display window: components at every
 * depth, and the slides, offers and promotions of a list.
 */
export function hiddenByWindow(list: readonly Component[], now: number): HiddenByWindow[] {
  const hidden: HiddenByWindow[] = [];
  const item = (c: Component, label: string, window: DisplayWindow) => {
    if (!isInWindow(window, now))
      hidden.push({ where: `${c.name ?? c.id} › ${label}`, kind: c.kind, window });
  };
  forEachComponent(list, (c) => {
    if (!shown(c, now))
      hidden.push({ where: c.name ?? c.id, kind: c.kind, window: c.fields.window });
    if (c.kind === 'carrousel')
      c.slides.forEach((s) => item(c, s.fields.title || s.id, s.fields.window));
    if (c.kind === 'offres')
      c.offers.forEach((o) => item(c, o.fields.title || o.id, o.fields.window));
    if (c.kind === 'promotions') c.items.forEach((p) => item(c, p.titre || p.id, p.window));
  });
  return hidden;
}
