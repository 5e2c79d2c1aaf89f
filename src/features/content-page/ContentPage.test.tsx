// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lots, setPhone } from '../../../testing/lot-lists';
import type { BlockData, Lot, Page } from '../../content/models';
import type { Locale } from '../../domain/locale';
import type { LotCaller } from '../../domain/lots';
import { LocaleContext } from '../../ui/i18n';
import { NowContext, TimeZoneContext } from '../../ui/now';
import { ContentPage } from './ContentPage';
import { TEST_NOW } from '../../../testing/today';

const NOW = TEST_NOW;
const ALL = lots(14, { gagnant: true });

const page: Page = {
  id: 'p',
  path: '/gagnants',
  type: 'standard',
  meta: { title: 'Nos gagnants' },
  window: {},
  nePasAfficherZonePub: false,
  components: [
    {
      kind: 'liste-gagnants',
      id: 'g',
      name: 'g',
      fields: { fluid: false, displayCover: false, nouvelleFenetre: false, window: {} },
      nbJoursNouveau: 7,
    },
  ],
};

// A new object per page load, as the app's store holds it: what was fetched belongs to it.
const firstBlock = (): BlockData => ({
  playlists: {},
  lots: ALL.slice(0, 6),
  lotTotals: { gagnant: 14 },
});

function view(
  data: BlockData,
  loadLots: (locale: Locale, lists?: readonly LotCaller[]) => Promise<Lot[] | null>,
) {
  return (
    <LocaleContext.Provider value="fr">
      <TimeZoneContext.Provider value="America/Toronto">
        <NowContext.Provider value={NOW}>
          <ContentPage page={page} data={data} loadLots={loadLots} />
        </NowContext.Provider>
      </TimeZoneContext.Provider>
    </LocaleContext.Provider>
  );
}

const cards = () => screen.getAllByRole('listitem');
const more = () => screen.queryByRole('link', { name: /gagnants? de plus/ });

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
  setPhone(false);
});
afterEach(cleanup);

describe('ContentPage: the lots after the first screen (docs/decisions/0041)', () => {
  it('asks once, for the lists the page has, and hands all the lots to its blocks', async () => {
    let resolve: (value: Lot[] | null) => void = () => undefined;
    const answer = new Promise<Lot[] | null>((r) => (resolve = r));
    const loadLots = vi.fn(() => answer);
    render(view(firstBlock(), loadLots));
    expect(loadLots).not.toHaveBeenCalled();
    fireEvent.click(more() as HTMLElement);
    fireEvent.click(more() as HTMLElement);
    expect(loadLots).toHaveBeenCalledTimes(1);
    expect(loadLots).toHaveBeenCalledWith('fr', ['gagnant']);
    await act(async () => {
      resolve(ALL);
      await answer;
    });
    // Two clicks: all 14 shown, and nothing more to ask.
    expect(cards()).toHaveLength(14);
    expect(more()).toBeNull();
    expect(loadLots).toHaveBeenCalledTimes(1);
  });

  it('keeps the first block, and no "show more", when the request fails', async () => {
    const loadLots = vi.fn(() => Promise.resolve(null));
    render(view(firstBlock(), loadLots));
    fireEvent.click(more() as HTMLElement);
    await act(() => Promise.resolve());
    expect(cards()).toHaveLength(6);
    expect(more()).toBeNull();
  });

  it('asks again for refreshed data, and never for a page that holds every lot', async () => {
    const loadLots = vi.fn(() => Promise.resolve(ALL));
    const { rerender } = render(view(firstBlock(), loadLots));
    fireEvent.click(more() as HTMLElement);
    await act(() => Promise.resolve());
    expect(cards()).toHaveLength(12);
    // Refreshed data holds the first block again: the grown list asks for the rest at once.
    rerender(view(firstBlock(), loadLots));
    await act(() => Promise.resolve());
    expect(loadLots).toHaveBeenCalledTimes(2);
    expect(cards()).toHaveLength(12);

    cleanup();
    const never = vi.fn(() => Promise.resolve(ALL));
    render(view({ playlists: {}, lots: ALL }, never));
    fireEvent.click(more() as HTMLElement);
    expect(cards()).toHaveLength(12);
    expect(never).not.toHaveBeenCalled();
  });
});
