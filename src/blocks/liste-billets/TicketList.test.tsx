// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlockData, ComponentOf } from '../../content/models';
import { FirstScreenContext } from '../../ui/first-screen';
import { OPEN_LOTS_EVENT, type OpenLotsDetail } from '../../ui/lot-events';
import { TicketList } from './TicketList';
import lotStyles from '../shared/LotList.module.css';
import type { Lot } from '../../content/models';
import { FirstBlockOnly, lot, lots, Providers, setPhone, tiles } from '../../../testing/lot-lists';

const block = (over: Partial<ComponentOf<'liste-billets'>> = {}): ComponentOf<'liste-billets'> => ({
  kind: 'liste-billets',
  id: 'b',
  name: 'b',
  fields: { fluid: false, displayCover: false, nouvelleFenetre: false, window: {} },
  nbJoursNouveau: 7,
  ...over,
});

const ui = (data: Partial<BlockData>, locale: 'fr' | 'en' = 'fr') => (
  <Providers data={data} locale={locale}>
    <TicketList component={block()} />
  </Providers>
);

const items = () => screen.getAllByRole('listitem');
const tickets = () => screen.getAllByRole('listitem').filter((li) => li.dataset.lotIndex);
const tileItems = () => document.querySelectorAll('li[aria-hidden="true"]');

const scrolled = vi.fn();
beforeEach(() => {
  scrolled.mockClear();
  Element.prototype.scrollIntoView = scrolled;
});
afterEach(cleanup);

describe('ticket list on the server', () => {
  it('loads its first ticket at once when it opens the page, the others lazily', () => {
    const images = (opens: boolean) =>
      [
        ...renderToString(
          <FirstScreenContext.Provider value={opens}>
            {ui({ lots: lots(3) })}
          </FirstScreenContext.Provider>,
        )
          // The details for a reader without script: inert text when script runs (LotDetails).
          .replace(/<noscript[^>]*>.*?<\/noscript>/gs, '')
          .matchAll(/<img [^>]*src="https:\/\/m\.example\/b-[^>]*>/g),
      ].map(([tag]) => /loading="([a-z]+)"/.exec(tag)?.[1]);
    expect(images(true)).toEqual(['eager', 'lazy', 'lazy']);
    expect(images(false)).toEqual(['lazy', 'lazy', 'lazy']);
  });

  it('writes each lot’s details in a <noscript> disclosure, for a reader without script', () => {
    // Issue 45: without script the button opens nothing, and no lot's details could be read.
    const html = renderToString(ui({ lots: [{ ...lot('fresh', 2), montantMise: 20 }] }, 'fr'));
    const hidden =
      /<noscript data-lot-details=""><details[^>]*><summary aria-label="Voir le billet : [^"]+">Voir le billet<\/summary>(.*?)<\/details><\/noscript>/s.exec(
        html,
      );
    expect(hidden?.[1]).toContain('MISE 20\u00a0$ / GAIN 1\u00a0235\u00a0$');
    // The ticket's picture is the card's own, not written twice.
    expect(hidden?.[1]).not.toContain('<img');
  });

  it('renders 6 tickets, no tile, with the surplus hidden on phones until the screen is known', () => {
    const html = renderToString(ui({ lots: lots(18), decorTiles: tiles(3) }));
    expect(html.match(/data-lot-index=/g)).toHaveLength(6);
    expect(html).not.toContain('tile-');
    expect(html).toContain(lotStyles.pending);
    expect(html).not.toMatch(/style=/);
    expect(html).toContain('Voir 6 billets de plus');
  });

  it('holds a phone-only link when a phone would have more to show than a large screen', () => {
    const html = renderToString(ui({ lots: lots(5) }));
    expect(html.match(/data-lot-index=/g)).toHaveLength(5);
    expect(html).toContain(lotStyles.phoneOnly);
    expect(html).toContain('Voir 2 billets de plus');
  });
});

describe('ticket list on a large screen', () => {
  beforeEach(() => setPhone(false));

  it('shows 6, then 6 more with decorative tiles, and focuses the first new ticket', () => {
    render(ui({ lots: lots(18), decorTiles: tiles(3) }));
    expect(tickets()).toHaveLength(6);
    expect(tileItems()).toHaveLength(0);
    expect(screen.getByRole('list').className).not.toContain(lotStyles.pending);

    fireEvent.click(screen.getByRole('link', { name: 'Voir 6 billets de plus' }));
    expect(tickets()).toHaveLength(12);
    expect(tileItems().length).toBeGreaterThanOrEqual(1);
    expect(tileItems().length).toBeLessThanOrEqual(2);
    const seventh = tickets()[6];
    expect(seventh?.dataset.lotIndex).toBe('6');
    expect(document.activeElement).toBe(within(seventh as HTMLElement).getByRole('button'));
    expect(scrolled).toHaveBeenCalledWith({ block: 'start', behavior: 'smooth' });

    fireEvent.click(screen.getByRole('link', { name: 'Voir 6 billets de plus' }));
    expect(tickets()).toHaveLength(18);
    expect(tileItems().length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('link', { name: /de plus/ })).toBeNull();
  });

  it('keeps tickets newest first, and tiles never at the end', () => {
    render(ui({ lots: [...lots(12)].reverse(), decorTiles: tiles(1) }));
    fireEvent.click(screen.getByRole('link', { name: /de plus/ }));
    const cities = tickets().map((li) => within(li).getByRole('heading').textContent);
    expect(cities[0]).toBe('Ville l01');
    expect(cities[11]).toBe('Ville l12');
    expect(items().at(-1)?.dataset.lotIndex).toBe('11');
  });

  it('opens the modal on the displayed ticket list at the chosen ticket', () => {
    const seen: OpenLotsDetail[] = [];
    const listen = (e: Event) => seen.push((e as CustomEvent<OpenLotsDetail>).detail);
    window.addEventListener(OPEN_LOTS_EVENT, listen);
    const old = lot('old', 400);
    const winnerOnly = lot('w', 2, { gagnant: true });
    render(ui({ lots: [old, winnerOnly, ...lots(4)] }));
    fireEvent.click(
      screen.getByRole('button', {
        name: /^Voir le billet : Ville l03, gain de 1\u00a0234,56\u00a0\$, novembre 2026$/,
      }),
    );
    window.removeEventListener(OPEN_LOTS_EVENT, listen);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.caller).toBe('billet');
    expect(seen[0]?.index).toBe(2);
    expect(seen[0]?.lots.map((l) => l.name)).toEqual(['l01', 'l02', 'l03', 'l04']);
  });

  it('shows the card: city, stake and winnings with cents, month and year, new badge', () => {
    render(ui({ lots: [lot('fresh', 2), lot('older', 30)] }, 'en'));
    const [fresh, older] = tickets();
    expect(fresh?.textContent).toContain('City fresh');
    expect(fresh?.textContent).toContain('Bet$7.50');
    expect(fresh?.textContent).toContain('Won$1,234.56');
    expect(fresh?.textContent).toContain('November 2026');
    expect(fresh?.textContent).toContain('New');
    expect(older?.textContent).not.toContain('New');
    expect(within(fresh as HTMLElement).getByRole('img', { name: 'Sélection' })).toBeTruthy();
  });

  it('shows French amounts with a comma, a whole stake without decimals', () => {
    render(ui({ lots: [{ ...lot('fresh', 2), montantMise: 20 }] }, 'fr'));
    const [fresh] = tickets();
    // Intl's French spaces are non-breaking; a whole stake has no decimals (issue 45).
    expect(fresh?.textContent).toContain('Mise20\u00a0$Gain');
    expect(fresh?.textContent).toContain('Gain1\u00a0234,56\u00a0$');
  });
});

describe('ticket list on a phone', () => {
  beforeEach(() => setPhone(true));

  it('shows 3, then 3 more per click, never a tile', () => {
    render(ui({ lots: lots(8), decorTiles: tiles(3) }));
    expect(tickets()).toHaveLength(3);
    fireEvent.click(screen.getByRole('link', { name: 'Voir 3 billets de plus' }));
    expect(tickets()).toHaveLength(6);
    expect(document.activeElement).toBe(within(tickets()[3] as HTMLElement).getByRole('button'));
    fireEvent.click(screen.getByRole('link', { name: 'Voir 2 billets de plus' }));
    expect(tickets()).toHaveLength(8);
    expect(tileItems()).toHaveLength(0);
  });
});

describe('ticket list empty states', () => {
  beforeEach(() => setPhone(false));

  it('says there are no winning tickets when none is listable', () => {
    render(ui({ lots: [lot('old', 400), lot('w', 2, { gagnant: true })] }));
    expect(screen.getByText('Aucun billet gagnant pour le moment.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says there are no tickets to show, and warns once, when the call failed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { rerender } = render(ui({ lots: null }, 'en'));
    await act(async () => {
      rerender(ui({ lots: null }, 'en'));
      await Promise.resolve();
    });
    expect(screen.getByText('No tickets to show at the moment.')).toBeTruthy();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('renders nothing before the lots are loaded', () => {
    const { container } = render(ui({}));
    expect(container.innerHTML).toBe('');
  });
});

describe('ticket list on a page that holds only its first block (docs/decisions/0041)', () => {
  it('asks for the rest on "show more" and on a ticket, then shows and opens the whole list', async () => {
    setPhone(false);
    const all = lots(18);
    let resolve: (value: Lot[] | null) => void = () => undefined;
    const answer = new Promise<Lot[] | null>((r) => (resolve = r));
    let asked = 0;
    const seen: OpenLotsDetail[] = [];
    const listen = (e: Event) => seen.push((e as CustomEvent<OpenLotsDetail>).detail);
    window.addEventListener(OPEN_LOTS_EVENT, listen);
    render(
      <FirstBlockOnly
        first={all.slice(0, 6)}
        total={18}
        caller="billet"
        answer={answer}
        onAsk={() => (asked += 1)}
      >
        <TicketList component={block()} />
      </FirstBlockOnly>,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Voir le billet : Ville l02,/ }));
    fireEvent.click(screen.getByRole('link', { name: 'Voir 6 billets de plus' }));
    // One request for both.
    expect(asked).toBe(1);
    expect(seen).toHaveLength(0);
    expect(tickets()).toHaveLength(6);
    await act(async () => {
      resolve(all);
      await answer;
    });
    window.removeEventListener(OPEN_LOTS_EVENT, listen);
    expect(tickets()).toHaveLength(12);
    expect(document.activeElement).toBe(within(tickets()[6] as HTMLElement).getByRole('button'));
    expect(seen).toHaveLength(1);
    expect(seen[0]?.lots).toHaveLength(18);
    expect(seen[0]?.index).toBe(1);
  });
});
