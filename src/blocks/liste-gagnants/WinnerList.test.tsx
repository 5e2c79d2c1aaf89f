// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlockData, ComponentOf } from '../../content/models';
import { FollowsOpenerContext } from '../../ui/first-screen';
import { hydrateServed } from '../../../testing/hydration';
import { OPEN_LOTS_EVENT, type OpenLotsDetail } from '../../ui/lot-events';
import lotStyles from '../shared/LotList.module.css';
import type { Lot } from '../../content/models';
import { FirstBlockOnly, lot, lots, Providers, setPhone } from '../../../testing/lot-lists';
import { WinnerList } from './WinnerList';

const block = (title?: string): ComponentOf<'liste-gagnants'> => ({
  kind: 'liste-gagnants',
  id: 'g',
  name: 'g',
  fields: { fluid: false, displayCover: false, nouvelleFenetre: false, window: {}, title },
  nbJoursNouveau: 7,
});

const ui = (data: Partial<BlockData>, locale: 'fr' | 'en' = 'fr', title?: string) => (
  <Providers data={data} locale={locale}>
    <WinnerList component={block(title)} />
  </Providers>
);

const cards = () => screen.getAllByRole('listitem');

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(cleanup);

describe('winner list', () => {
  it('renders 6 winners on the server, the surplus hidden on phones until the screen is known', () => {
    const html = renderToString(ui({ lots: lots(20) }));
    expect(html.match(/data-lot-index=/g)).toHaveLength(6);
    expect(html).toContain(lotStyles.pending);
  });

  it('keeps the phone’s link, the very element, once the screen is known: focus on it stays', async () => {
    setPhone(true);
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui({ lots: lots(20) }));
    document.body.append(container);
    // The server's two links, each shown on its screen by CSS: a phone's visitor may be on its own.
    const phoneLink = container.querySelector(`a.${lotStyles.phoneOnly}`);
    expect(phoneLink).not.toBeNull();
    await act(async () => {
      hydrateRoot(container, ui({ lots: lots(20) }));
      await Promise.resolve();
    });
    // Hydrated, then drawn again for the phone: one link left, the one that was the phone's.
    const links = within(container).getAllByRole('link', { name: /gagnants de plus/ });
    expect(links).toEqual([phoneLink]);
    container.remove();
  });

  it('renders as many as its address asks, on every screen, with the links to the next (decision 0078)', () => {
    const html = renderToString(ui({ lots: lots(20), lotsShown: { gagnant: 12 } }));
    expect(html.match(/data-lot-index=/g)).toHaveLength(12);
    expect(html).not.toContain(lotStyles.pending);
    // The large screen's 6 more and the phone's 3, each landing on the 13th.
    const links = [...html.matchAll(/<a href="([^"]+)" class="([^"]+)">([^<]+)</g)];
    expect(links.map(([, href, , text]) => [href?.replace(/#.*-/, '#-'), text])).toEqual([
      ['?gagnants=18#-12', 'Voir 6 gagnants de plus'],
      ['?gagnants=15#-12', 'Voir 3 gagnants de plus'],
    ]);
    expect(links[0]?.[2]).toContain(lotStyles.largeOnly);
    expect(links[1]?.[2]).toContain(lotStyles.phoneOnly);
    // The next page has the 13th's id, and the last link, one for every screen.
    const last = renderToString(ui({ lots: lots(20), lotsShown: { gagnant: 18 } }));
    const target = links[0]?.[1]?.split('#')[1] ?? '-';
    expect(last).toContain(`<li id="${target}" data-lot-index="12">`);
    expect([...last.matchAll(/<a href="(\?[^"#]+)/g)].map(([, href]) => href)).toEqual([
      '?gagnants=20',
    ]);
  });

  it('shows more in place on a plain click of its link, from the count its address asked', () => {
    setPhone(true);
    render(ui({ lots: lots(20), lotsShown: { gagnant: 12 } }, 'en'));
    expect(cards()).toHaveLength(12);
    const link = screen.getByRole('link', { name: 'Show 3 more winners' });
    expect(link.getAttribute('href')).toMatch(/^\?gagnants=15#/);
    // The link's own navigation is cancelled.
    expect(fireEvent.click(link)).toBe(false);
    expect(cards()).toHaveLength(15);
  });

  it('loads its first photo at once right after the page’s opener, the others lazily', () => {
    const photos = (follows: boolean) =>
      [
        ...renderToString(
          <FollowsOpenerContext.Provider value={follows}>
            {ui({ lots: lots(4) })}
          </FollowsOpenerContext.Provider>,
        ).matchAll(/<img [^>]*class="[^"]*photo[^>]*>/g),
      ].map(([tag]) => /loading="([a-z]+)"/.exec(tag)?.[1]);
    expect(photos(true)).toEqual(['eager', 'lazy', 'lazy', 'lazy']);
    expect(photos(false)).toEqual(['lazy', 'lazy', 'lazy', 'lazy']);
  });

  it('shows 6 on large screens, 6 more per click, focus on the first new winner', () => {
    setPhone(false);
    render(ui({ lots: lots(14) }));
    expect(cards()).toHaveLength(6);
    fireEvent.click(screen.getByRole('link', { name: 'Voir 6 gagnants de plus' }));
    expect(cards()).toHaveLength(12);
    expect(document.activeElement).toBe(within(cards()[6] as HTMLElement).getByRole('article'));
    fireEvent.click(screen.getByRole('link', { name: 'Voir 2 gagnants de plus' }));
    expect(cards()).toHaveLength(14);
  });

  it('shows 3 on phones, 3 more per click', () => {
    setPhone(true);
    render(ui({ lots: lots(7) }, 'en'));
    expect(cards()).toHaveLength(3);
    fireEvent.click(screen.getByRole('link', { name: 'Show 3 more winners' }));
    expect(cards()).toHaveLength(6);
    fireEvent.click(screen.getByRole('link', { name: 'Show 1 more winner' }));
    expect(cards()).toHaveLength(7);
  });

  it('has a video button only for a winner with a video; it opens the winners with a video', () => {
    setPhone(false);
    const seen: OpenLotsDetail[] = [];
    const listen = (e: Event) => seen.push((e as CustomEvent<OpenLotsDetail>).detail);
    window.addEventListener(OPEN_LOTS_EVENT, listen);
    render(
      ui({
        lots: [
          lot('a', 1, { gagnant: true, video: true }),
          lot('b', 2, { gagnant: true }),
          lot('c', 3, { gagnant: true, video: true }),
          lot('t', 4, { billet: true }),
        ],
      }),
    );
    expect(cards()).toHaveLength(3);
    expect(within(cards()[1] as HTMLElement).queryByRole('button')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Voir la vidéo de Noms c' }));
    window.removeEventListener(OPEN_LOTS_EVENT, listen);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.caller).toBe('gagnant');
    expect(seen[0]?.lots.map((l) => l.name)).toEqual(['a', 'c']);
    expect(seen[0]?.index).toBe(1);
  });

  it('shows names, region first part, winnings with cents, month and year, new badge, logo', () => {
    setPhone(false);
    render(ui({ lots: [lot('n', 2, { gagnant: true }), lot('o', 10, { gagnant: true })] }, 'en'));
    const [fresh, older] = cards();
    expect(within(fresh as HTMLElement).getByRole('heading', { level: 2 }).textContent).toBe(
      'Noms n',
    );
    expect(fresh?.textContent).toContain('Région n');
    expect(fresh?.textContent).not.toContain('Region n');
    expect(fresh?.textContent).toContain('$1,234.56');
    expect(fresh?.textContent).toContain('November 2026');
    expect(fresh?.textContent).toContain('New');
    expect(older?.textContent).not.toContain('New');
    expect(within(fresh as HTMLElement).getByRole('img', { name: 'Sélection' })).toBeTruthy();
  });

  it('shows French winnings with a comma and 2 decimals', () => {
    setPhone(false);
    render(ui({ lots: [{ ...lot('n', 2, { gagnant: true }), montantGain: 250000 }] }, 'fr'));
    const [fresh] = cards();
    expect(fresh?.textContent).toContain('250\u00a0000,00\u00a0$');
  });

  it('nests card headings under its own title', () => {
    setPhone(false);
    render(ui({ lots: lots(1) }, 'fr', 'Nos gagnants'));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Nos gagnants');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Noms l01');
    expect(screen.getByRole('region', { name: 'Nos gagnants' })).toBeTruthy();
  });

  it('says there are no winners when none is listable or the call failed', () => {
    setPhone(false);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(ui({ lots: [lot('t', 2, { billet: true })] }));
    expect(screen.getByText('Aucun gagnant pour le moment.')).toBeTruthy();
    cleanup();
    render(ui({ lots: null }, 'en'));
    expect(screen.getByText('No winners at the moment.')).toBeTruthy();
    expect(console.warn).toHaveBeenCalledTimes(1);
  });

  describe('on a page that holds only its first block (docs/decisions/0041)', () => {
    const all = lots(14, { gagnant: true, video: true });
    const deferred = () => {
      let resolve: (value: Lot[] | null) => void = () => undefined;
      const answer = new Promise<Lot[] | null>((r) => (resolve = r));
      return { answer, resolve };
    };
    const partial = (answer: Promise<Lot[] | null>, onAsk: () => void) => (
      <FirstBlockOnly
        first={all.slice(0, 6)}
        total={14}
        caller="gagnant"
        answer={answer}
        onAsk={onAsk}
      >
        <WinnerList component={block()} />
      </FirstBlockOnly>
    );

    it('renders the same markup as with all its lots: six cards and the link for the rest', () => {
      const never = new Promise<Lot[] | null>(() => undefined);
      const html = renderToString(partial(never, () => undefined));
      expect(html).toBe(renderToString(ui({ lots: all })));
    });

    it('hydrates from a state without lots once they have come, the server markup kept meanwhile (0044)', async () => {
      setPhone(false);
      const { answer, resolve } = deferred();
      let asked = 0;
      // The server's page holds the first block; the browser's state none (`later`). The
      // boundary is inside the page, as LazyBlock's: the page's data outlives the wait.
      const page = (later: boolean) => (
        <FirstBlockOnly
          first={all.slice(0, 6)}
          total={14}
          caller="gagnant"
          answer={answer}
          onAsk={() => (asked += 1)}
          later={later}
        >
          <Suspense fallback={null}>
            <WinnerList component={block()} />
          </Suspense>
        </FirstBlockOnly>
      );
      const server = renderToString(page(false));
      expect(asked).toBe(0);
      const { container, parsed, errors } = await hydrateServed(server, page(true));
      expect(asked).toBe(1);
      // The server's markup, as the page parsed it, untouched while the list waits.
      expect(container.innerHTML).toBe(parsed);
      await act(async () => {
        resolve(all);
        await answer;
      });
      expect(errors).toEqual([]);
      expect(within(container).getAllByRole('listitem')).toHaveLength(6);
      // Hydrated: the button works, with the whole list at hand, nothing more asked.
      fireEvent.click(within(container).getByRole('link', { name: 'Voir 6 gagnants de plus' }));
      expect(within(container).getAllByRole('listitem')).toHaveLength(12);
      expect(asked).toBe(1);
    });

    it('asks for the rest on "show more", busy until it comes, then focuses the first new one', async () => {
      setPhone(false);
      const { answer, resolve } = deferred();
      let asked = 0;
      render(partial(answer, () => (asked += 1)));
      expect(asked).toBe(0);
      fireEvent.click(screen.getByRole('link', { name: 'Voir 6 gagnants de plus' }));
      expect(asked).toBe(1);
      expect(cards()).toHaveLength(6);
      expect(screen.getByRole('list').getAttribute('aria-busy')).toBe('true');
      await act(async () => {
        resolve(all);
        await answer;
      });
      expect(cards()).toHaveLength(12);
      expect(screen.getByRole('list').getAttribute('aria-busy')).toBeNull();
      expect(document.activeElement).toBe(within(cards()[6] as HTMLElement).getByRole('article'));
      fireEvent.click(screen.getByRole('link', { name: 'Voir 2 gagnants de plus' }));
      expect(cards()).toHaveLength(14);
      expect(asked).toBe(1);
    });

    it('opens the modal on the whole list of winners with a video, once it has come', async () => {
      setPhone(false);
      const { answer, resolve } = deferred();
      const seen: OpenLotsDetail[] = [];
      const listen = (e: Event) => seen.push((e as CustomEvent<OpenLotsDetail>).detail);
      window.addEventListener(OPEN_LOTS_EVENT, listen);
      render(partial(answer, () => undefined));
      fireEvent.click(screen.getByRole('button', { name: 'Voir la vidéo de Noms l03' }));
      expect(seen).toHaveLength(0);
      await act(async () => {
        resolve(all);
        await answer;
      });
      window.removeEventListener(OPEN_LOTS_EVENT, listen);
      expect(seen).toHaveLength(1);
      expect(seen[0]?.lots).toHaveLength(14);
      expect(seen[0]?.index).toBe(2);
    });

    it('keeps its first block, without a link, when the rest cannot be fetched', async () => {
      setPhone(false);
      const { answer, resolve } = deferred();
      render(partial(answer, () => undefined));
      fireEvent.click(screen.getByRole('link', { name: 'Voir 6 gagnants de plus' }));
      await act(async () => {
        resolve(null);
        await answer;
      });
      expect(cards()).toHaveLength(6);
      expect(screen.queryByRole('link', { name: /de plus/ })).toBeNull();
      expect(screen.getByRole('list').getAttribute('aria-busy')).toBeNull();
    });
  });
});
