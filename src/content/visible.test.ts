import { describe, expect, it } from 'vitest';
import type { DisplayWindow } from '../domain/display-window';
import type { BlockFields, Component, MenuLink, Site } from './models';
import {
  componentWindowEdges,
  hiddenByWindow,
  siteWindowEdges,
  visibleComponents,
  visibleSite,
} from './visible';
import { forEachComponent } from './walk';
import { TEST_NOW } from '../../testing/today';

const NOW = TEST_NOW;
const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();
const SHOWN: DisplayWindow = {};
const LATER: DisplayWindow = { start: at(NOW + HOUR) };
const ENDED: DisplayWindow = { start: at(NOW - 2 * HOUR), end: at(NOW - HOUR) };

const fields = (window: DisplayWindow, title = ''): BlockFields => ({
  fluid: false,
  displayCover: false,
  nouvelleFenetre: false,
  title,
  window,
});

const texte = (id: string, window: DisplayWindow): Component => ({
  kind: 'texte',
  id,
  name: id,
  fields: { ...fields(window), texte: `<p>${id}</p>` },
});

const page: Component[] = [
  texte('top-shown', SHOWN),
  texte('top-later', LATER),
  {
    kind: 'section',
    id: 'section',
    name: 'section',
    fields: fields(SHOWN),
    children: [
      texte('in-section-ended', ENDED),
      {
        kind: 'rangee',
        id: 'row',
        name: 'row',
        fields: fields(SHOWN),
        widths: [6, 6],
        columns: [[texte('col-shown', SHOWN)], [texte('col-later', LATER)]],
      },
      {
        kind: 'contenant-onglets',
        id: 'tabs',
        name: 'tabs',
        fields: fields(SHOWN),
        tabs: [
          { id: 't1', titre: 'T1', lienCle: 't1', children: [texte('tab-later', LATER)] },
          { id: 't2', titre: 'T2', lienCle: 't2', children: [texte('tab-shown', SHOWN)] },
        ],
      },
      {
        kind: 'accordeon',
        id: 'acc',
        name: 'acc',
        fields: fields(SHOWN),
        titre: 'Q',
        children: [texte('acc-ended', ENDED), texte('acc-shown', SHOWN)],
      },
    ],
  },
  {
    kind: 'carrousel',
    id: 'car',
    name: 'car',
    fields: fields(SHOWN),
    arrows: true,
    slides: [
      { id: 'slide-shown', fields: fields(SHOWN) },
      { id: 'slide-later', fields: fields(LATER) },
      { id: 'slide-ended', fields: fields(ENDED) },
    ],
  },
  {
    kind: 'offres',
    id: 'offers',
    name: 'offers',
    fields: fields(SHOWN),
    offers: [
      { id: 'offer-ended', fields: fields(ENDED) },
      { id: 'offer-shown', fields: fields(SHOWN) },
    ],
  },
  {
    kind: 'promotions',
    id: 'promos',
    name: 'promos',
    fields: fields(SHOWN),
    typePromotions: 'enCours',
    items: [
      { id: 'promo-later', position: 'left', window: LATER },
      { id: 'promo-shown', position: 'left', window: SHOWN },
    ],
  },
  { kind: 'liste-billets', id: 'tickets-ended', name: 'tickets', fields: fields(ENDED) },
];

/** Every id in a tree: components, tabs, slides, offers, promotions. */
function ids(list: readonly Component[]): string[] {
  const out: string[] = [];
  forEachComponent(list, (c) => {
    out.push(c.id);
    if (c.kind === 'contenant-onglets') out.push(...c.tabs.map((t) => t.id));
    if (c.kind === 'carrousel') out.push(...c.slides.map((s) => s.id));
    if (c.kind === 'offres') out.push(...c.offers.map((o) => o.id));
    if (c.kind === 'promotions') out.push(...c.items.map((p) => p.id));
  });
  return out;
}

describe('what a date hides, for the preview', () => {
  it('names each component and list item outside its window, at every depth', () => {
    expect(hiddenByWindow(page, NOW).map((h) => [h.where, h.kind])).toEqual([
      ['top-later', 'texte'],
      ['in-section-ended', 'texte'],
      ['col-later', 'texte'],
      ['tab-later', 'texte'],
      ['acc-ended', 'texte'],
      ['car › slide-later', 'carrousel'],
      ['car › slide-ended', 'carrousel'],
      ['offers › offer-ended', 'offres'],
      ['promos › promo-later', 'promotions'],
      ['tickets', 'liste-billets'],
    ]);
    expect(hiddenByWindow(page, NOW)[0]?.window).toEqual(LATER);
  });
});

describe('components shown at a date', () => {
  it('keeps, at every depth, only what is in its window', () => {
    const kept = ids(visibleComponents(page, NOW));
    expect(kept).toEqual([
      'top-shown',
      'section',
      'row',
      'col-shown',
      'tabs',
      't1',
      't2',
      'tab-shown',
      'acc',
      'acc-shown',
      'car',
      'slide-shown',
      'offers',
      'offer-shown',
      'promos',
      'promo-shown',
    ]);
  });
  it('keeps the layout: both columns of a row, a tab left empty', () => {
    const section = visibleComponents(page, NOW).find((c) => c.kind === 'section');
    if (section?.kind !== 'section') throw new Error('no section');
    const row = section.children.find((c) => c.kind === 'rangee');
    expect(row?.kind === 'rangee' && row.columns.map((col) => col.length)).toEqual([1, 0]);
  });
  it('shows later items once their window opens, and leaves the input untouched', () => {
    const later = ids(visibleComponents(page, NOW + 2 * HOUR));
    expect(later).toEqual(expect.arrayContaining(['top-later', 'col-later', 'slide-later']));
    expect(ids(page)).toContain('top-later');
  });
  it('names every window edge of the tree, shown or not', () => {
    const edges = componentWindowEdges(page);
    expect(edges).toContain(NOW + HOUR);
    expect(edges).toContain(NOW - HOUR);
    expect(edges.filter((t) => t === NOW + HOUR)).toHaveLength(5);
  });
});

describe('header and footer shown at a date', () => {
  const link = (id: string, window: DisplayWindow, lien?: string): MenuLink => ({
    id,
    titre: id,
    lien,
    nouvelleFenetre: false,
    window,
  });
  const site: Site = {
    header: {
      menu: [
        {
          ...link('group-shown', SHOWN),
          links: [link('sub-shown', SHOWN), link('sub-later', LATER)],
        },
        { ...link('group-later', LATER, '/fr/x'), links: [] },
        // Only closed links and no link of its own: the group has nothing left to offer.
        { ...link('group-emptied', SHOWN), links: [link('sub-ended', ENDED)] },
      ],
      messages: [
        { id: 'message-shown', texte: '<p>a</p>', window: SHOWN },
        { id: 'message-later', texte: '<p>b</p>', window: LATER },
        { id: 'message-ended', texte: '<p>c</p>', window: ENDED },
      ],
    },
    footer: {
      menu: [{ id: 'col', links: [link('foot-ended', ENDED), link('foot-shown', SHOWN)] }],
      socialLogos: [],
      corporateLogos: [],
      partners: [],
      pub: [texte('pub-later', LATER), texte('pub-shown', SHOWN)],
      nePasAfficherZonePub: false,
    },
  };

  it('keeps only the menu links, messages and ads in their window', () => {
    const shown = visibleSite(site, NOW);
    expect(shown.header.menu.map((g) => [g.id, g.links.map((l) => l.id)])).toEqual([
      ['group-shown', ['sub-shown']],
    ]);
    expect(shown.header.messages.map((m) => m.id)).toEqual(['message-shown']);
    expect(shown.footer.menu[0]?.links.map((l) => l.id)).toEqual(['foot-shown']);
    expect(shown.footer.pub.map((c) => c.id)).toEqual(['pub-shown']);
    expect(JSON.stringify(shown)).not.toMatch(/later|ended/);
  });
  it('names every window edge of the header and footer', () => {
    const edges = siteWindowEdges(site);
    expect(edges.filter((t) => t === NOW + HOUR)).toHaveLength(4);
    expect(edges).toContain(NOW - HOUR);
  });
});
