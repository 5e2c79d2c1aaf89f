/**
 * Which blocks travel in the hydration state, and what of them (issue 15 item 1,
 * docs/decisions/0037-static-blocks-out-of-the-state.md): one row per kind, then the stubbing
 * of a tree, then the server's wrapper and the browser's keeping of its markup.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { installSanitizerWindow } from '../content/sanitize';
import type { BlockFields, Component, ContentKind, StaticStub } from '../content/models';
import { NowContext } from '../ui/now';
import { Components } from './Components';
import { fields } from '../../testing/fields';
import {
  HYDRATION,
  isStaticStub,
  isStaticTree,
  shownKind,
  staticElementId,
  stubStaticTrees,
  type Hydration,
} from './static-blocks';
import { TEST_NOW } from '../../testing/today';

// Rich text is sanitised where it renders: DOMPurify over a window of the tests' own.
beforeAll(() => installSanitizerWindow(new JSDOM('').window));

const card = (id: string, over: Partial<BlockFields> = {}): Component => ({
  kind: 'carte',
  id,
  name: id,
  fields: fields({ title: `Carte ${id}`, ...over }),
});
const texte = (id: string): Component => ({
  kind: 'texte',
  id,
  name: id,
  fields: fields({ texte: `<p>Texte ${id}</p>` }),
});
const video = (id: string): Component => ({
  kind: 'video',
  id,
  name: id,
  fields: fields(),
  videoId: 'dQw4w9WgXcQ',
});
const section = (id: string, children: Component[]): Component => ({
  kind: 'section',
  id,
  name: id,
  fields: fields({ title: `Section ${id}` }),
  children,
});

describe('what each kind needs in the browser', () => {
  it('says it for every kind: static (its markup is all) or its props (it behaves)', () => {
    const expected: Record<ContentKind, Hydration> = {
      // Structure and text: no state, no handler of their own (their links are delegated).
      entete: 'static',
      section: 'static',
      rangee: 'static',
      texte: 'static',
      image: 'static',
      carte: 'static',
      // Cards and promotions filtered by date: static while their items' windows hold.
      offres: 'static',
      promotions: 'static',
      // Rendered by the header, never as a page block: nothing to keep, nothing to wrap.
      message: 'none',
      // Behaviour: each needs the props it renders from.
      'contenant-onglets': 'props',
      accordeon: 'props',
      video: 'props',
      carrousel: 'props',
      galerie: 'props',
      'liste-billets': 'props',
      'liste-gagnants': 'props',
      'liste-chroniques': 'props',
      'liste-videos': 'props',
      balado: 'props',
    };
    expect(HYDRATION).toEqual(expected);
  });
});

describe('stubStaticTrees', () => {
  const NOW = TEST_NOW;

  it('replaces each outermost static tree by its id, kind and window, nothing else', () => {
    const window = { start: '2026-11-01T00:00:00-04:00' };
    const [stub] = stubStaticTrees([section('s', [card('a', { window }), texte('t')])], NOW);
    expect(stub).toEqual({ kind: 'static', of: 'section', id: 's', fields: { window: {} } });
    expect(JSON.stringify(stub)).not.toContain('Carte a');
  });

  it('keeps a tree whose inner window still opens or closes: the browser must hide it then', () => {
    const closes = { window: { end: '2026-11-22T00:00:00-05:00' } };
    const opened = { window: { start: '2026-11-01T00:00:00-04:00' } };
    expect(isStaticTree(section('s', [card('a', closes)]), NOW)).toBe(false);
    expect(isStaticTree(section('s', [card('a', opened)]), NOW)).toBe(true);
    // The outermost window travels in the stub: it does not keep the tree.
    expect(isStaticTree(card('a', closes), NOW)).toBe(true);
    const [kept] = stubStaticTrees([section('s', [card('a', closes), texte('t')])], NOW);
    // The section stays; the card is stubbed alone, with the window the browser filters it by.
    expect(kept?.kind).toBe('section');
    const children = (kept as Extract<Component, { kind: 'section' }>).children;
    expect(children[0]).toEqual({ kind: 'static', of: 'carte', id: 'a', fields: closes });
    expect(children[1] && isStaticStub(children[1])).toBe(true);
  });

  it('keeps offers and promotions while one of their items still opens or closes', () => {
    const item = (window: object) => ({
      id: 'i',
      position: 'left' as const,
      titre: 'Promo',
      window,
    });
    const promotions = (window: object): Component => ({
      kind: 'promotions',
      id: 'p',
      fields: fields(),
      typePromotions: 'enCours',
      items: [item({}), item(window)],
    });
    const offres = (window: object): Component => ({
      kind: 'offres',
      id: 'o',
      fields: fields(),
      offers: [{ id: 'a', fields: fields({ title: 'Offre', window }) }],
    });
    const closes = { end: '2026-11-22T00:00:00-05:00' };
    const opened = { start: '2026-11-01T00:00:00-04:00' };
    for (const block of [promotions, offres]) {
      expect(isStaticTree(block(opened), NOW)).toBe(true);
      // The stub carries the block's window, not its items': the browser must filter them.
      expect(isStaticTree(block(closes), NOW)).toBe(false);
      expect(isStaticTree(section('s', [block(closes)]), NOW)).toBe(false);
      expect(stubStaticTrees([section('s', [block(opened)])], NOW)[0]?.kind).toBe('static');
    }
  });

  it('keeps a container that holds a block with behaviour, and stubs its static children', () => {
    const list = stubStaticTrees([section('s', [texte('t'), video('v'), card('c')])], NOW);
    const kept = list[0] as Extract<Component, { kind: 'section' }>;
    expect(kept.kind).toBe('section');
    expect(kept.children.map((c) => shownKind(c))).toEqual(['texte', 'video', 'carte']);
    expect(kept.children.map((c) => isStaticStub(c))).toEqual([true, false, true]);
    expect(isStaticTree(section('x', [video('v')]), NOW)).toBe(false);
  });
});

describe('rendering', () => {
  const NOW = TEST_NOW;
  const render = (list: readonly Component[]) =>
    renderToStaticMarkup(
      <NowContext.Provider value={NOW}>
        <Components list={list} />
      </NowContext.Provider>,
    );

  it('wraps each outermost static tree once, with the id its stub will look for', () => {
    const out = render([section('s', [card('a'), texte('t')])]);
    expect(out.match(/class="static-block"/g)).toHaveLength(1);
    expect(out).toContain(`id="${staticElementId('s')}"`);
    expect(out).toContain('Carte a');
  });

  it('filters a stub by its window as it would the component', () => {
    const stub: StaticStub = {
      kind: 'static',
      of: 'texte',
      id: 'later',
      fields: { window: { start: '2026-12-01T00:00:00-05:00' } },
    };
    expect(render([stub])).toBe('');
  });
});
