// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  builtInManager,
  consentManager,
  type ConsentManager,
  type DidomiApi,
} from '../../ui/consent/consent';
import { useConsent } from '../../ui/consent/ConsentGate';
import { LocaleContext } from '../../ui/i18n';
import { ConsentPreferences } from './ConsentPreferences';
import { openConsentPreferences } from './open';

afterEach(cleanup);

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

function openDialog(manager: ConsentManager, locale: 'fr' | 'en' = 'fr') {
  const onClosed = vi.fn();
  render(
    <LocaleContext.Provider value={locale}>
      <ConsentPreferences manager={manager} onClosed={onClosed} />
    </LocaleContext.Provider>,
  );
  return onClosed;
}

const switchFor = (name: string) => screen.getByRole<HTMLInputElement>('switch', { name });

describe('ConsentPreferences', () => {
  it('opens as a modal dialog named and described, one switch per vendor showing the stored choice', () => {
    const manager = builtInManager(memoryStorage());
    manager.grant('podcast');
    openDialog(manager);
    const dialog = screen.getByRole<HTMLDialogElement>('dialog', {
      name: 'Paramètres des témoins',
    });
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getAllByRole('switch')).toHaveLength(2);
    expect(switchFor('Plateforme vidéo').checked).toBe(false);
    expect(switchFor('Lecteur de balados').checked).toBe(true);
    expect(switchFor('Plateforme vidéo').getAttribute('aria-describedby')).toBeTruthy();
    screen.getByRole('button', { name: 'Enregistrer' });
    screen.getByRole('button', { name: 'Annuler' });
    screen.getByRole('button', { name: 'Fermer' });
  });

  it('speaks English on an English page', () => {
    openDialog(builtInManager(memoryStorage()), 'en');
    screen.getByRole('dialog', { name: 'Cookie settings' });
    switchFor('Video platform');
    switchFor('Podcast player');
    screen.getByRole('button', { name: 'Save' });
    screen.getByRole('button', { name: 'Cancel' });
  });

  it('saves the changes to the store, which tells its subscribers and persists them', () => {
    const storage = memoryStorage();
    const manager = builtInManager(storage);
    manager.grant('podcast');
    const listener = vi.fn();
    manager.subscribe(listener);
    const onClosed = openDialog(manager);
    act(() => switchFor('Plateforme vidéo').click());
    act(() => switchFor('Lecteur de balados').click());
    expect(manager.has('video')).toBe(false);
    act(() => screen.getByRole('button', { name: 'Enregistrer' }).click());
    expect(manager.has('video')).toBe(true);
    expect(manager.has('podcast')).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    const again = builtInManager(storage);
    expect([again.has('video'), again.has('podcast')]).toEqual([true, false]);
    expect(onClosed).toHaveBeenCalled();
  });

  it('changes nothing on Cancel', () => {
    const manager = builtInManager(memoryStorage());
    const onClosed = openDialog(manager);
    act(() => switchFor('Plateforme vidéo').click());
    expect(switchFor('Plateforme vidéo').checked).toBe(true);
    act(() => screen.getByRole('button', { name: 'Annuler' }).click());
    expect(manager.has('video')).toBe(false);
    expect(onClosed).toHaveBeenCalled();
  });
});

/** A consent gate's view of the page's store: what an embed waiting for consent sees. */
function GateProbe() {
  return <output data-testid="probe">{useConsent('video') ? 'granted' : 'waiting'}</output>;
}

describe('the cookie-settings link', () => {
  it('opens the dialog over the built-in store in a root of its own; saving lets a waiting embed load; focus returns to the link', async () => {
    window.localStorage.clear();
    // The page's store lives as long as the page: here the worker's shared modules
    // (docs/decisions/0079-unit-tests-share-modules.md), where another file may have granted it.
    consentManager().withdraw('video');
    render(
      <>
        <button type="button">Paramètres</button>
        <GateProbe />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Paramètres' });
    opener.focus();
    await act(() => openConsentPreferences('fr', opener));
    const dialog = await screen.findByRole<HTMLDialogElement>('dialog', {
      name: 'Paramètres des témoins',
    });
    expect(dialog.open).toBe(true);
    // Asked again while open: still one dialog.
    await act(() => openConsentPreferences('fr', opener));
    expect(screen.getAllByTestId('consent-preferences')).toHaveLength(1);
    expect(screen.getByTestId('probe').textContent).toBe('waiting');
    act(() => switchFor('Plateforme vidéo').click());
    act(() => screen.getByRole('button', { name: 'Enregistrer' }).click());
    expect(screen.getByTestId('probe').textContent).toBe('granted');
    expect(document.activeElement).toBe(opener);
    await waitFor(() =>
      expect(document.querySelector('[data-root="consent-preferences"]')).toBeNull(),
    );
    expect(window.localStorage.getItem('consentements')).toContain('"video":true');
    // And it opens again, in English this time.
    await act(() => openConsentPreferences('en', opener));
    expect(switchFor('Video platform').checked).toBe(true);
    act(() => screen.getByRole('button', { name: 'Cancel' }).click());
    await waitFor(() => expect(screen.queryByTestId('consent-preferences')).toBeNull());
  });

  // Last: once Didomi is on the page it stays the page's consent manager.
  it("calls Didomi's own preferences when its SDK is on the page, and shows no dialog", async () => {
    const show = vi.fn();
    const didomi: DidomiApi = {
      getUserConsentStatusForVendor: () => false,
      getUserStatus: () => ({
        purposes: { consent: { enabled: [], disabled: [] } },
        vendors: { consent: { enabled: [], disabled: [] } },
      }),
      setUserStatus: () => undefined,
      preferences: { show },
    };
    window.Didomi = didomi;
    await act(() => openConsentPreferences('fr', null));
    expect(show).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('consent-preferences')).toBeNull();
    delete window.Didomi;
  });
});
