// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BlockDataContext } from '../../ui/block-data';
import { LocaleContext } from '../../ui/i18n';
import { markInteractive, resetInteractiveForTests } from '../../ui/interactive';
import { lotOpener, takeWaitingLots } from '../../ui/lot-events';
import { NowContext, TimeZoneContext } from '../../ui/now';
import { LOTS, NOW, list } from '../../../testing/lots';
import { LotModal } from './LotModal';

/*
 * The real dialog reports the lot it shows from an effect after it paints. A visitor can close
 * it before that (Escape right after Forward reopened it): this stand-in never reports, so the
 * host must still know which lot was open and give focus to its card.
 */
vi.mock('./LotDialog', () => ({
  LotDialog: ({ onClosed }: { onClosed: () => void }) => (
    <dialog open data-testid="lot-modal">
      <button type="button" onClick={onClosed}>
        Fermer
      </button>
    </dialog>
  ),
}));

beforeEach(() => markInteractive());

afterEach(() => {
  cleanup();
  resetInteractiveForTests();
  takeWaitingLots();
  window.history.replaceState(null, '', '/');
});

describe('LotModal: a close before the dialog reported its lot', () => {
  it('gives focus to the card of the lot it opened on, not to the heading', async () => {
    window.history.replaceState(null, '', '/fr/billets-gagnants?lot=ticket-only');
    render(
      <LocaleContext.Provider value="fr">
        <NowContext.Provider value={NOW}>
          <TimeZoneContext.Provider value="America/Toronto">
            <main>
              <h1>Billets gagnants</h1>
              <button type="button" {...lotOpener('billet', 'ticket-only')}>
                Voir le billet
              </button>
            </main>
            <BlockDataContext.Provider value={{ playlists: {}, lots: LOTS }}>
              <LotModal components={[list('liste-billets')]} />
            </BlockDataContext.Provider>
          </TimeZoneContext.Provider>
        </NowContext.Provider>
      </LocaleContext.Provider>,
    );
    await screen.findByTestId('lot-modal');
    act(() => screen.getByRole('button', { name: 'Fermer' }).click());
    await waitFor(() => expect(screen.queryByTestId('lot-modal')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Voir le billet' }));
  });
});
