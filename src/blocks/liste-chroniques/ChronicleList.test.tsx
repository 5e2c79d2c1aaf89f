// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BlockData, ChronicleCard, ComponentOf } from '../../content/models';
import { BlockDataContext, LoadChroniclesContext, type LoadChronicles } from '../../ui/block-data';
import { LocaleContext } from '../../ui/i18n';
import { hydrateServed } from '../../../testing/hydration';
import { TimeZoneContext } from '../../ui/now';
import { ChronicleList } from './ChronicleList';

const block: ComponentOf<'liste-chroniques'> = {
  kind: 'liste-chroniques',
  id: 'c',
  name: 'c',
  fields: { fluid: false, displayCover: false, nouvelleFenetre: false, window: {} },
};

const card = (i: number): ChronicleCard => ({
  id: `c${i}`,
  title: `Chronique ${i}`,
  dateChronique: '2026-11-19T00:00:00.000-05:00',
  summary: `Résumé ${i}…`,
  href: `/fr/chroniques/c${i}`,
  newWindow: false,
});
const ALL = Array.from({ length: 10 }, (_, i) => card(i + 1));

function ui(data: BlockData, load?: LoadChronicles) {
  return (
    <LocaleContext.Provider value="fr">
      <TimeZoneContext.Provider value="America/Toronto">
        <BlockDataContext.Provider value={data}>
          <LoadChroniclesContext.Provider value={load}>
            <ChronicleList component={block} />
          </LoadChroniclesContext.Provider>
        </BlockDataContext.Provider>
      </TimeZoneContext.Provider>
    </LocaleContext.Provider>
  );
}

const items = () => screen.getAllByRole('article');
const more = () => screen.queryByRole('link', { name: 'Voir plus de chroniques' });
// One object per page load, as the app's store holds it.
const firstBlock = (): BlockData => ({
  playlists: {},
  chronicles: ALL.slice(0, 4),
  chroniclesTotal: 10,
});

afterEach(cleanup);

describe('chroniques list', () => {
  it('shows 4, then 4 more per click, focus on the first new one, then no link', () => {
    render(ui({ playlists: {}, chronicles: ALL }));
    expect(items()).toHaveLength(4);
    fireEvent.click(more() as HTMLElement);
    expect(items()).toHaveLength(8);
    expect(document.activeElement?.textContent).toBe('Chronique 5');
    fireEvent.click(more() as HTMLElement);
    expect(items()).toHaveLength(10);
    expect(more()).toBeNull();
  });

  it('renders as many as its address asks, its link to the next landing on the first new one (decision 0078)', () => {
    const first = renderToString(ui({ playlists: {}, chronicles: ALL }));
    const [, href = '', id = ''] = /<a href="(\?chroniques=\d+)#([^"]+)"/.exec(first) ?? [];
    expect(href).toBe('?chroniques=8');
    // The 5th card's id is on the page with 8, not on this one.
    expect(first).not.toContain(`id="${id}"`);
    const eight = renderToString(
      ui({ playlists: {}, chronicles: ALL.slice(0, 8), chroniclesTotal: 10, chroniclesShown: 8 }),
    );
    expect(eight.match(/<article/g)).toHaveLength(8);
    expect(eight).toContain(`<li id="${id}">`);
    expect(eight).toMatch(/<a href="\?chroniques=10#[^"]+-8"/);
    render(ui({ playlists: {}, chronicles: ALL, chroniclesShown: 8 }));
    expect(items()).toHaveLength(8);
    expect(fireEvent.click(more() as HTMLElement)).toBe(false);
    expect(items()).toHaveLength(10);
  });

  it('says there are none, and warns once when the call failed', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(ui({ playlists: {}, chronicles: null }));
    expect(screen.getByText('Aucune chronique pour le moment.')).toBeTruthy();
    expect(console.warn).toHaveBeenCalledTimes(1);
  });
});

describe('chroniques list holding only its first block (docs/decisions/0041)', () => {
  it('renders as with all its cards: 4 and the link', () => {
    expect(renderToString(ui(firstBlock()))).toBe(
      renderToString(ui({ playlists: {}, chronicles: ALL })),
    );
  });

  it('asks for the rest once on "more", busy until it comes, then focuses the first new one', async () => {
    let resolve: (cards: ChronicleCard[] | null) => void = () => undefined;
    const answer = new Promise<ChronicleCard[] | null>((r) => (resolve = r));
    const load = vi.fn<LoadChronicles>(() => answer);
    render(ui(firstBlock(), load));
    expect(load).not.toHaveBeenCalled();
    fireEvent.click(more() as HTMLElement);
    expect(load).toHaveBeenCalledWith('fr');
    expect(items()).toHaveLength(4);
    expect(screen.getByRole('list').getAttribute('aria-busy')).toBe('true');
    await act(async () => {
      resolve(ALL);
      await answer;
    });
    expect(items()).toHaveLength(8);
    expect(screen.getByRole('list').getAttribute('aria-busy')).toBeNull();
    expect(document.activeElement?.textContent).toBe('Chronique 5');
    fireEvent.click(more() as HTMLElement);
    expect(items()).toHaveLength(10);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps its first block, without the link, when the rest cannot be fetched', async () => {
    const load = vi.fn<LoadChronicles>(() => Promise.resolve(null));
    render(ui(firstBlock(), load));
    fireEvent.click(more() as HTMLElement);
    await act(() => Promise.resolve());
    expect(items()).toHaveLength(4);
    expect(more()).toBeNull();
  });
});

describe('chroniques list hydrating without its cards (docs/decisions/0051)', () => {
  it('keeps the server markup while it asks for them once, then hydrates with them and shows more without asking', async () => {
    let resolve: (cards: ChronicleCard[] | null) => void = () => undefined;
    const answer = new Promise<ChronicleCard[] | null>((r) => (resolve = r));
    const load = vi.fn<LoadChronicles>(() => answer);
    const server = renderToString(<Suspense fallback={null}>{ui(firstBlock())}</Suspense>);
    // The state holds no card (`chroniclesLater`); the boundary is inside the page, as LazyBlock's.
    const state: BlockData = {
      playlists: {},
      chronicles: [],
      chroniclesTotal: 10,
      chroniclesLater: true,
    };
    const { container, parsed, errors } = await hydrateServed(
      server,
      <Suspense fallback={null}>{ui(state, load)}</Suspense>,
    );
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.innerHTML).toBe(parsed);
    await act(async () => {
      resolve(ALL);
      await answer;
    });
    expect(errors).toEqual([]);
    expect(within(container).getAllByRole('article')).toHaveLength(4);
    fireEvent.click(within(container).getByRole('link', { name: 'Voir plus de chroniques' }));
    expect(within(container).getAllByRole('article')).toHaveLength(8);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
