// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Component, Lot } from '../../content/models';
import type { Locale } from '../../domain/locale';
import { BlockDataContext, LoadLotsContext } from '../../ui/block-data';
import { LocaleContext } from '../../ui/i18n';
import { markInteractive, resetInteractiveForTests } from '../../ui/interactive';
import { openLots, takeWaitingLots } from '../../ui/lot-events';
import { NowContext, TimeZoneContext } from '../../ui/now';
import { PlayerConfigContext } from '../../ui/players';
import { withLotQuery, withoutLotQuery } from './address';
import { LotModal } from './LotModal';
import { LotModalOnDemand, wantsLotModal } from './LotModalOnDemand';
import { winnerQuote } from './LotView';
import { modalLots } from './rules';
import { LOTS, NOW, list, lot, ticket, winner } from '../../../testing/lots';

// The test DOM would otherwise fetch the player page for real.
const testDom = window as unknown as {
  happyDOM?: { settings: { disableIframePageLoading: boolean } };
};
beforeEach(() => {
  if (testDom.happyDOM) testDom.happyDOM.settings.disableIframePageLoading = true;
  // The browser entry marks the page interactive once every root has hydrated.
  markInteractive();
});

afterEach(() => {
  cleanup();
  resetInteractiveForTests();
  takeWaitingLots();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

function Providers({ children, locale }: { children: ReactNode; locale: Locale }) {
  return (
    <LocaleContext.Provider value={locale}>
      <NowContext.Provider value={NOW}>
        <TimeZoneContext.Provider value="America/Toronto">
          <PlayerConfigContext.Provider
            value={{
              videoPlayerBase: 'https://player.example/embed/',
              podcastPlayerUrl: '',
              podcastUserId: '',
            }}
          >
            {children}
          </PlayerConfigContext.Provider>
        </TimeZoneContext.Provider>
      </NowContext.Provider>
    </LocaleContext.Provider>
  );
}

function page({
  locale = 'fr',
  components = [],
  lots = LOTS,
}: { locale?: Locale; components?: Component[]; lots?: Lot[] } = {}) {
  return render(
    <Providers locale={locale}>
      <button type="button">Ouvrir</button>
      <BlockDataContext.Provider value={{ playlists: {}, lots }}>
        <LotModal components={components} />
      </BlockDataContext.Provider>
    </Providers>,
  );
}

const dialog = () => screen.findByTestId<HTMLDialogElement>('lot-modal');
const open = (lots: Lot[], index: number, caller: 'billet' | 'gagnant') =>
  act(() => openLots({ lots, index, caller }));

describe('LotModal: opening', () => {
  it('renders nothing until asked', () => {
    const { container } = page();
    expect(container.querySelector('dialog')).toBeNull();
  });

  it('opens on the lists’ event, as a modal dialog named by its header', async () => {
    page();
    open(modalLots(LOTS, 'billet', NOW), 0, 'billet');
    expect((await dialog()).open).toBe(true);
    expect(screen.getByRole('dialog', { name: 'BILLET GAGNANT' })).toBe(await dialog());
    expect(screen.getByRole('button', { name: 'Fermer' }).textContent).toBe('X');
  });

  it('gives focus back to the opener when closed', async () => {
    page();
    const opener = screen.getByRole('button', { name: 'Ouvrir' });
    opener.focus();
    open(modalLots(LOTS, 'billet', NOW), 0, 'billet');
    await dialog();
    act(() => screen.getByRole('button', { name: 'Fermer' }).click());
    await waitFor(() => expect(screen.queryByTestId('lot-modal')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('ignores an event without lots', async () => {
    page();
    open([], 0, 'billet');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('lot-modal')).toBeNull();
  });
});

describe('LotModalOnDemand: the host only where the modal may open', () => {
  const onDemand = (lots: Lot[] | null | undefined) => (
    <Providers locale="fr">
      <BlockDataContext.Provider value={{ playlists: {}, lots }}>
        <LotModalOnDemand components={[]} />
      </BlockDataContext.Provider>
    </Providers>
  );

  it('is wanted on a page with lots (even failed ones) or a `?lot=` address', () => {
    expect(wantsLotModal(LOTS, '')).toBe(true);
    expect(wantsLotModal(null, '')).toBe(true);
    expect(wantsLotModal(undefined, 'lot=lot-1')).toBe(true);
    expect(wantsLotModal(undefined, 'lots=1&x=lot')).toBe(false);
    expect(wantsLotModal(undefined, '')).toBe(false);
    // A chronique page fetches its lots: it hosts the modal for the lists' event too.
    expect(wantsLotModal(undefined, '', true)).toBe(true);
  });

  it('is not in the server’s markup: its code comes after hydration', () => {
    expect(renderToString(onDemand(LOTS))).toBe('');
  });

  it('answers a click on a list made before its code arrived', async () => {
    render(onDemand(LOTS));
    open(modalLots(LOTS, 'billet', NOW), 0, 'billet');
    const element = await dialog();
    expect(element.open).toBe(true);
    expect(element.dataset.caller).toBe('billet');
  });

  it('asks for its code only once the page is interactive; a click held meanwhile opens then', async () => {
    resetInteractiveForTests();
    render(onDemand(LOTS));
    open(modalLots(LOTS, 'billet', NOW), 0, 'billet');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('lot-modal')).toBeNull();
    act(() => markInteractive());
    const element = await dialog();
    expect(element.open).toBe(true);
    expect(element.dataset.caller).toBe('billet');
  });

  it('is absent from a page without lots: a request there opens nothing', async () => {
    const { container } = render(onDemand(undefined));
    open(modalLots(LOTS, 'billet', NOW), 0, 'billet');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.innerHTML).toBe('');
    expect(screen.queryByTestId('lot-modal')).toBeNull();
  });

  it('comes for a `?lot=` on a page without lots, and clears it', async () => {
    window.history.replaceState(null, '', '/fr/promotions?lot=lot-1&x=1');
    render(onDemand(undefined));
    await waitFor(() => expect(window.location.search).toBe('?x=1'));
    expect(screen.queryByTestId('lot-modal')).toBeNull();
  });
});

describe('LotModal: deep link', () => {
  it('opens the lot of `?lot=` on a ticket page, as a ticket, on an entry of its own', async () => {
    window.history.replaceState(null, '', '/fr/billets-gagnants?lot=ticket-only#liste');
    const entries = window.history.length;
    page({ components: [list('liste-billets')] });
    const element = await dialog();
    expect(element.dataset.caller).toBe('billet');
    expect(element.dataset.lot).toBe('ticket-only');
    // The address names the open lot (it can be shared), on an entry above the page's.
    const address = () => window.location.pathname + window.location.search + window.location.hash;
    // The entry is pushed by an effect once the dialog is up: waited for, not assumed.
    await waitFor(() => expect(window.history.length).toBe(entries + 1));
    expect(address()).toBe('/fr/billets-gagnants?lot=ticket-only#liste');
    // Closed, the lot's entry goes and with it the query.
    act(() => screen.getByRole('button', { name: 'Fermer' }).click());
    await waitFor(() => expect(address()).toBe('/fr/billets-gagnants#liste'));
  });

  it('opens a winner on a winners page', async () => {
    window.history.replaceState(null, '', '/en/winners?lot=winner-only');
    page({ locale: 'en', components: [list('liste-gagnants')] });
    const element = await dialog();
    expect(element.dataset.caller).toBe('gagnant');
    screen.getByRole('dialog', { name: 'VIDEO OF THE WINNER' });
    screen.getByText('2 of 2');
  });

  it('does nothing for an unknown lot, and still clears the query', async () => {
    window.history.replaceState(null, '', '/fr/chroniques/bilan?lot=nope&x=1');
    page();
    await waitFor(() => expect(window.location.search).toBe('?x=1'));
    expect(screen.queryByTestId('lot-modal')).toBeNull();
  });

  it('on a page without lots of its own (a chronique), fetches them for the link only', async () => {
    const asked: Locale[] = [];
    const loadLots = (locale: Locale) => {
      asked.push(locale);
      return Promise.resolve(LOTS);
    };
    const chronicle = () => (
      <Providers locale="en">
        <BlockDataContext.Provider value={{ playlists: {} }}>
          <LotModalOnDemand components={[]} loadLots={loadLots} />
        </BlockDataContext.Provider>
      </Providers>
    );
    const first = render(chronicle());
    // The lists' event opens it there without a request.
    open(modalLots(LOTS, 'billet', NOW), 0, 'billet');
    expect((await dialog()).dataset.caller).toBe('billet');
    expect(asked).toEqual([]);
    first.unmount();

    window.history.replaceState(null, '', '/en/columns/review?lot=winner-only');
    render(chronicle());
    const element = await dialog();
    expect(asked).toEqual(['en']);
    expect(element.dataset.lot).toBe('winner-only');
    expect(window.location.search).toBe('?lot=winner-only');
  });

  it('on a page holding only its lists’ first blocks, resolves the link against all the lots', async () => {
    const asked: unknown[] = [];
    const load = (locale: Locale, lists?: readonly string[]) => {
      asked.push([locale, lists]);
      return Promise.resolve(LOTS);
    };
    window.history.replaceState(null, '', '/fr/gagnants?lot=winner-only');
    render(
      <Providers locale="fr">
        <BlockDataContext.Provider
          value={{ playlists: {}, lots: LOTS.slice(0, 1), lotTotals: { gagnant: 3 } }}
        >
          <LoadLotsContext.Provider value={load}>
            <LotModal components={[list('liste-gagnants')]} />
          </LoadLotsContext.Provider>
        </BlockDataContext.Provider>
      </Providers>,
    );
    const element = await dialog();
    expect(asked).toEqual([['fr', ['gagnant']]]);
    expect(element.dataset.lot).toBe('winner-only');
    expect(window.location.search).toBe('?lot=winner-only');
  });

  it('opens nothing when those lots could not be fetched, and still clears the query', async () => {
    window.history.replaceState(null, '', '/fr/chroniques/bilan?lot=ticket-only&x=1');
    render(
      <Providers locale="fr">
        <BlockDataContext.Provider value={{ playlists: {} }}>
          <LotModal components={[]} loadLots={() => Promise.resolve(null)} />
        </BlockDataContext.Provider>
      </Providers>,
    );
    await waitFor(() => expect(window.location.search).toBe('?x=1'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('lot-modal')).toBeNull();
  });

  it('keeps other parameters and the hash when it sets or clears the query', () => {
    expect(withoutLotQuery({ pathname: '/p', search: '?lot=a', hash: '' })).toBe('/p');
    expect(withoutLotQuery({ pathname: '/p', search: '?a=1&lot=b', hash: '#t' })).toBe('/p?a=1#t');
    expect(withLotQuery({ pathname: '/p', search: '', hash: '' }, 'a')).toBe('/p?lot=a');
    expect(withLotQuery({ pathname: '/p', search: '?a=1&lot=b', hash: '#t' }, 'c')).toBe(
      '/p?a=1&lot=c#t',
    );
  });
});

describe('LotModal: content', () => {
  it('shows a ticket: header, city, ticket image, BET/WON in whole dollars, month and year', async () => {
    page({ locale: 'en' });
    open([lot('t', { billet: ticket() })], 0, 'billet');
    const element = await dialog();
    screen.getByRole('heading', { name: 'WINNING TICKET' });
    expect(screen.getByTestId('lot-city').textContent).toBe('Montreal');
    expect(screen.getByTestId('lot-amounts').textContent).toBe('BET $20 / WON $1,235');
    expect(screen.getByTestId('lot-date').textContent).toBe('November 2026');
    screen.getByRole('img', { name: 'Pari Boréal Sélection' });
    // A sport logo without its own text takes the sport's name.
    expect(screen.getByRole('img', { name: 'Hockey' }).className).toMatch(/sport/);
    screen.getByRole('img', { name: 'Winning ticket from Montreal' });
    expect(element.querySelector('[data-testid="lot-names"]')).toBeNull();
    expect(element.querySelector('iframe, [data-consent]')).toBeNull();
  });

  it('in French: MISE/GAIN, and the French city when there is no English one', async () => {
    page({ locale: 'fr' });
    open([lot('t', { billet: ticket() })], 0, 'billet');
    await dialog();
    screen.getByRole('heading', { name: 'BILLET GAGNANT' });
    expect(screen.getByTestId('lot-city').textContent).toBe('Montréal');
    // Intl puts non-breaking spaces in French amounts.
    expect(screen.getByTestId('lot-amounts').textContent).toMatch(
      /^MISE 20\s\$ \/ GAIN 1\s235\s\$$/u,
    );
    expect(screen.getByTestId('lot-date').textContent).toBe('novembre 2026');
    cleanup();
    page({ locale: 'en' });
    open([lot('t', { billet: ticket({ villeEn: undefined }) })], 0, 'billet');
    await dialog();
    expect(screen.getByTestId('lot-city').textContent).toBe('Montréal');
  });

  it('rounds the winnings to whole dollars, never the stake', async () => {
    page({ locale: 'en' });
    open([lot('t', { montantMise: 2.5, montantGain: 4580.49, billet: ticket() })], 0, 'billet');
    await dialog();
    expect(screen.getByTestId('lot-amounts').textContent).toBe('BET $2.50 / WON $4,580');
  });

  it('shows a winner: names, region’s first part, words without their quotes, video, note', async () => {
    page({ locale: 'en' });
    open([lot('w', { gagnant: winner() })], 0, 'gagnant');
    const element = await dialog();
    screen.getByRole('heading', { name: 'VIDEO OF THE WINNER' });
    expect(screen.getByTestId('lot-names').textContent).toBe('Julie B.');
    expect(screen.getByTestId('lot-region').textContent).toBe('Montréal');
    expect(screen.getByTestId('lot-quote').textContent).toBe('Je n’y croyais pas. Incroyable');
    expect(screen.getByTestId('lot-note').textContent).toBe(
      'Vidéo tournée avec l’accord du gagnant.',
    );
    // The player waits for consent.
    expect(element.querySelector('iframe')).toBeNull();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: /Accept|Accepter/ }));
    });
    const frame = element.querySelector('iframe');
    expect(frame?.getAttribute('src')).toMatch(/^https:\/\/player\.example\/embed\/bRl0009iiii\?/);
    expect(frame?.getAttribute('title')).toBe('Video of the winner: Julie B.');
    expect(element.querySelector('[data-testid="lot-city"]')).toBeNull();
  });

  it('removes laquo, raquo and quot, as entities or characters, from the words', () => {
    expect(winnerQuote('&laquo; Wow &raquo; &quot;yes&quot;')).toBe('Wow yes');
    expect(winnerQuote('<p>« Un <strong>combiné</strong> ! » "Du jamais vu"</p>')).toBe(
      'Un combiné ! Du jamais vu',
    );
    expect(winnerQuote('<p>Un.</p><p>Deux.</p>')).toBe('Un. Deux.');
    expect(winnerQuote(undefined)).toBe('');
  });

  it('gives a multisport logo its own, wider class', async () => {
    page();
    const multi = lot('m', {
      billet: ticket(),
      sports: [{ name: 'multisport', image: { src: '/logos/multisport.svg', alt: 'Multisport' } }],
    });
    open([multi], 0, 'billet');
    await dialog();
    expect(screen.getByRole('img', { name: 'Multisport' }).className).toMatch(/multisport/);
  });
});

describe('LotModal: navigation', () => {
  const lots = [
    lot('a', { billet: ticket({ ville: 'A' }) }),
    lot('b', { billet: ticket({ ville: 'B' }) }),
    lot('c', { billet: ticket({ ville: 'C' }) }),
  ];
  const previous = () => screen.getByRole('button', { name: 'Précédent' });
  const next = () => screen.getByRole('button', { name: 'Suivant' });
  const city = () => screen.getByTestId('lot-city').textContent;

  it('steps with the arrows, inactive at both ends, without wrapping', async () => {
    page();
    open(lots, 0, 'billet');
    await dialog();
    expect(previous().getAttribute('aria-disabled')).toBe('true');
    expect(next().getAttribute('aria-disabled')).toBe('false');
    screen.getByText('1 sur 3');
    act(() => previous().click());
    expect(city()).toBe('A');
    act(() => next().click());
    act(() => next().click());
    expect(city()).toBe('C');
    screen.getByText('3 sur 3');
    expect(next().getAttribute('aria-disabled')).toBe('true');
    act(() => next().click());
    expect(city()).toBe('C');
    act(() => previous().click());
    expect(city()).toBe('B');
  });

  it('announces the position politely', async () => {
    page();
    open(lots, 1, 'billet');
    await dialog();
    const status = screen.getByText('2 sur 3');
    expect(status.getAttribute('aria-live')).toBe('polite');
  });

  it('follows the Left and Right arrow keys', async () => {
    page();
    open(lots, 2, 'billet');
    const element = await dialog();
    fireEvent.keyDown(element, { key: 'ArrowRight' });
    expect(city()).toBe('C');
    fireEvent.keyDown(element, { key: 'ArrowLeft' });
    expect(city()).toBe('B');
    // Alt+Left is the browser's "back", not the modal's.
    fireEvent.keyDown(element, { key: 'ArrowLeft', altKey: true });
    expect(city()).toBe('B');
    fireEvent.keyDown(element, { key: 'ArrowLeft' });
    fireEvent.keyDown(element, { key: 'ArrowLeft' });
    expect(city()).toBe('A');
  });

  it('keeps Tab inside the dialog', async () => {
    page();
    open(lots, 1, 'billet');
    await dialog();
    const close = screen.getByRole('button', { name: 'Fermer' });
    next().focus();
    expect(fireEvent.keyDown(next(), { key: 'Tab' })).toBe(false);
    expect(document.activeElement).toBe(close);
    expect(fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })).toBe(false);
    expect(document.activeElement).toBe(next());
  });
});
