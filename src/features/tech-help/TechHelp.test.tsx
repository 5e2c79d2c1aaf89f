// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocaleContext } from '../../ui/i18n';
import { LINK_ACTION_EVENT } from '../../ui/navigation';
import { openClientConfig } from './open';
import { TechHelp } from './TechHelp';

afterEach(cleanup);

function withOpener(locale: 'fr' | 'en' = 'fr') {
  render(
    <LocaleContext.Provider value={locale}>
      <button type="button" onClick={openClientConfig}>
        Aide
      </button>
      <TechHelp />
    </LocaleContext.Provider>,
  );
  const opener = screen.getByRole('button', { name: 'Aide' });
  opener.focus();
  act(() => opener.click());
  return opener;
}

const dialog = () => screen.getByTestId<HTMLDialogElement>('tech-help');

describe('openClientConfig', () => {
  it('announces the client-config link action, as a content link would', () => {
    const listener = vi.fn();
    window.addEventListener(LINK_ACTION_EVENT, listener);
    openClientConfig();
    window.removeEventListener(LINK_ACTION_EVENT, listener);
    expect((listener.mock.calls[0]?.[0] as CustomEvent<unknown>).detail).toBe('client-config');
  });
});

describe('TechHelp', () => {
  it('renders nothing until asked (nothing in the server HTML either)', () => {
    const { container } = render(<TechHelp />);
    expect(container.innerHTML).toBe('');
  });

  it('ignores other link actions', () => {
    render(<TechHelp />);
    act(() => {
      window.dispatchEvent(new CustomEvent(LINK_ACTION_EVENT, { detail: 'consent-preferences' }));
    });
    expect(screen.queryByTestId('tech-help')).toBeNull();
  });

  it('opens as a modal dialog named by its heading, with a close button labelled X', async () => {
    withOpener();
    expect(dialog().open).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Aide technique' })).toBe(dialog());
    const close = screen.getByRole('button', { name: 'Fermer' });
    expect(close.textContent).toBe('X');
    await screen.findByText('Navigateur');
  });

  it('lists the browser configuration (docs/requirements.md §3)', async () => {
    withOpener();
    await screen.findByText('Navigateur');
    for (const field of [
      'navigateur',
      'langue',
      'aCookies',
      'os',
      'estMobile',
      'userAgent',
      'ecran',
      'densite',
      'fenetre',
      'tactile',
      'fuseau',
    ]) {
      expect(dialog().querySelector(`[data-field="${field}"] dd`), field).not.toBeNull();
    }
    expect(dialog().querySelector('[data-field="aCookies"] dd')?.textContent).toBe('Oui');
    expect(dialog().querySelector('[data-field="userAgent"] dd')?.textContent).toBe(
      navigator.userAgent,
    );
    screen.getByRole('heading', { name: 'Informations techniques' });
  });

  it('speaks English on an English page', async () => {
    withOpener('en');
    screen.getByRole('dialog', { name: 'Technical help' });
    screen.getByRole('button', { name: 'Close' });
    await screen.findByText('Cookies enabled');
    screen.getByText('Operating system');
  });

  it('closes with its button and gives focus back to the opener', async () => {
    const opener = withOpener();
    await screen.findByText('Navigateur');
    act(() => screen.getByRole('button', { name: 'Fermer' }).click());
    await waitFor(() => expect(screen.queryByTestId('tech-help')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside the dialog', async () => {
    withOpener();
    await screen.findByText('Navigateur');
    const close = screen.getByRole('button', { name: 'Fermer' });
    close.focus();
    // fireEvent answers false when the default (leaving the dialog) was prevented.
    expect(fireEvent.keyDown(close, { key: 'Tab' })).toBe(false);
    expect(document.activeElement).toBe(close);
    expect(fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })).toBe(false);
    expect(document.activeElement).toBe(close);
    expect(fireEvent.keyDown(close, { key: 'a' })).toBe(true);
  });

  it('can be opened again after closing', async () => {
    withOpener();
    act(() => dialog().close());
    await waitFor(() => expect(screen.queryByTestId('tech-help')).toBeNull());
    act(() => openClientConfig());
    expect(dialog().open).toBe(true);
  });
});
