// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MobilePlatform } from '../../domain/browser';
import { LocaleContext } from '../../ui/i18n';
import { AppBanner } from './AppBanner';
import { AppBannerTemplates } from './AppBannerTemplates';
import { showEarlyBanner, takeOverEarlyBanner } from './early';
import { BANNER_ROOM, EARLY_BANNER_ATTRIBUTE } from './markers';
import { APP_BANNER_KEY, bannerPlatform, dismissAppBanner, isAppBannerDismissed } from './platform';

const STORES = { android: 'https://play.example/app', ios: 'https://apps.example/app' };

function ui(platform: MobilePlatform, locale: 'fr' | 'en' = 'fr') {
  return (
    <LocaleContext.Provider value={locale}>
      <AppBanner platform={platform} storeUrls={STORES} brand="Pari Boréal" />
    </LocaleContext.Provider>
  );
}

const AGENTS = {
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile',
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0',
};

function browseAs(agent: string): void {
  Object.defineProperty(window.navigator, 'userAgent', { value: agent, configurable: true });
}

/** The document as the server sends it: the templates at the end of the body. */
function serverTemplates(locale: 'fr' | 'en' = 'fr'): void {
  document.body.innerHTML = `<main>Page</main>${renderToString(
    <LocaleContext.Provider value={locale}>
      <AppBannerTemplates storeUrls={STORES} brand="Pari Boréal" />
    </LocaleContext.Provider>,
  )}`;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  document.documentElement.style.removeProperty(BANNER_ROOM);
});

describe('bannerPlatform', () => {
  it('keeps the server’s Android and iOS', () => {
    expect(bannerPlatform('android', 'Mozilla/5.0 (Linux; Android 14)', 5)).toBe('android');
    expect(bannerPlatform('ios', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)', 5)).toBe('ios');
  });
  it('tells an iPad (a Mac with touch) from a Mac', () => {
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)';
    expect(bannerPlatform('other', mac, 5)).toBe('ios');
    expect(bannerPlatform('other', mac, 0)).toBeNull();
    expect(bannerPlatform('other', 'Mozilla/5.0 (Windows NT 10.0)', 10)).toBeNull();
  });
});

describe('dismissal', () => {
  it('"don’t show again" is remembered in local storage, a close for the session', () => {
    expect(isAppBannerDismissed()).toBe(false);
    dismissAppBanner(false);
    expect(sessionStorage.getItem(APP_BANNER_KEY)).not.toBeNull();
    expect(localStorage.getItem(APP_BANNER_KEY)).toBeNull();
    expect(isAppBannerDismissed()).toBe(true);
    sessionStorage.clear();
    dismissAppBanner(true);
    expect(localStorage.getItem(APP_BANNER_KEY)).not.toBeNull();
    expect(isAppBannerDismissed()).toBe(true);
  });
});

describe('AppBanner', () => {
  it('is never in the server HTML (the remembered choice is only known in the browser)', () => {
    expect(renderToString(ui('android'))).toBe('');
  });

  it('shows Android visitors "New app" with a button to the store', () => {
    render(ui('android', 'en'));
    const banner = screen.getByRole('region', { name: 'New app' });
    expect(banner.dataset.platform).toBe('android');
    const store = screen.getByRole('link', { name: 'Download' });
    expect(store.getAttribute('href')).toBe(STORES.android);
    expect(screen.getByText(/on Google Play\./).id).toBe(store.getAttribute('aria-describedby'));
    expect(screen.getByRole('button', { name: "Don't show again" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close the app banner' })).toBeTruthy();
  });

  it('shows iOS visitors the App Store, in French', () => {
    render(ui('ios'));
    screen.getByRole('region', { name: 'Nouvelle application' });
    expect(screen.getByRole('link', { name: 'Télécharger' }).getAttribute('href')).toBe(STORES.ios);
    screen.getByText(/dans l’App Store\./);
    screen.getByRole('button', { name: 'Ne plus afficher' });
  });

  it('shows nothing to other platforms', () => {
    const { container } = render(ui('other'));
    expect(container.innerHTML).toBe('');
  });

  it('"Ne plus afficher" hides it, for good', () => {
    const first = render(ui('android'));
    fireEvent.click(screen.getByRole('button', { name: 'Ne plus afficher' }));
    expect(screen.queryByTestId('app-banner')).toBeNull();
    first.unmount();
    render(ui('android'));
    expect(screen.queryByTestId('app-banner')).toBeNull();
    expect(localStorage.getItem(APP_BANNER_KEY)).not.toBeNull();
  });

  it('the close button hides it for the session only', () => {
    render(ui('ios'));
    fireEvent.click(screen.getByRole('button', { name: 'Fermer la bannière de l’application' }));
    expect(screen.queryByTestId('app-banner')).toBeNull();
    expect(localStorage.getItem(APP_BANNER_KEY)).toBeNull();
    expect(sessionStorage.getItem(APP_BANNER_KEY)).not.toBeNull();
  });

  it('hides when another tab chooses "don’t show again"', () => {
    render(ui('android'));
    screen.getByTestId('app-banner');
    act(() => {
      dismissAppBanner(true);
      window.dispatchEvent(new StorageEvent('storage', { key: APP_BANNER_KEY }));
    });
    expect(screen.queryByTestId('app-banner')).toBeNull();
  });
});

describe('the early banner (before the site’s code)', () => {
  const early = () => document.querySelector<HTMLElement>(`[${EARLY_BANNER_ATTRIBUTE}]`);

  it('copies the template of an Android visitor’s platform to the end of the page', () => {
    browseAs(AGENTS.android);
    serverTemplates('en');
    const banner = showEarlyBanner(document);
    expect(banner).toBe(early());
    expect(document.body.lastElementChild).toBe(banner);
    expect(banner?.dataset.platform).toBe('android');
    expect(screen.getByRole('region', { name: 'New app' })).toBe(banner);
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      STORES.android,
    );
  });

  it('shows an iPhone visitor the App Store', () => {
    browseAs(AGENTS.ios);
    serverTemplates();
    expect(showEarlyBanner(document)?.dataset.platform).toBe('ios');
    screen.getByText(/dans l’App Store\./);
  });

  it('shows nothing to a desktop, to a visitor who put it away, or without templates', () => {
    browseAs(AGENTS.desktop);
    serverTemplates();
    expect(showEarlyBanner(document)).toBeNull();
    browseAs(AGENTS.android);
    dismissAppBanner(false);
    expect(showEarlyBanner(document)).toBeNull();
    sessionStorage.clear();
    document.body.innerHTML = '<main>Page</main>';
    expect(showEarlyBanner(document)).toBeNull();
    expect(early()).toBeNull();
  });

  it('works before the site does: "don’t show again" and close put it away', () => {
    browseAs(AGENTS.android);
    serverTemplates();
    showEarlyBanner(document);
    fireEvent.click(screen.getByRole('button', { name: 'Ne plus afficher' }));
    expect(early()).toBeNull();
    expect(localStorage.getItem(APP_BANNER_KEY)).not.toBeNull();
    localStorage.clear();
    showEarlyBanner(document);
    fireEvent.click(screen.getByRole('button', { name: 'Fermer la bannière de l’application' }));
    expect(early()).toBeNull();
    expect(sessionStorage.getItem(APP_BANNER_KEY)).not.toBeNull();
  });

  it('gives way to the site’s banner, which takes the focus it had', () => {
    browseAs(AGENTS.android);
    serverTemplates();
    showEarlyBanner(document);
    screen.getByRole('button', { name: 'Ne plus afficher' }).focus();
    render(ui('android'));
    expect(early()).toBeNull();
    expect(screen.getAllByTestId('app-banner')).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ne plus afficher' }));
  });

  it('says nothing had focus when there is no early copy', () => {
    expect(takeOverEarlyBanner(document)).toEqual({ focused: null, pressed: null });
  });

  it('finishes on the site’s banner a press begun on the early copy', () => {
    browseAs(AGENTS.android);
    serverTemplates();
    showEarlyBanner(document);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Ne plus afficher' }));
    render(ui('android'));
    expect(early()).toBeNull();
    // Released on the same control of the site's banner, which now sits under the pointer.
    fireEvent.pointerUp(screen.getByRole('button', { name: 'Ne plus afficher' }));
    expect(screen.queryByTestId('app-banner')).toBeNull();
    expect(isAppBannerDismissed()).toBe(true);
    expect(localStorage.getItem(APP_BANNER_KEY)).not.toBeNull();
  });

  it('lets a press that ends elsewhere, or ended before the site came, do nothing', () => {
    browseAs(AGENTS.android);
    serverTemplates();
    showEarlyBanner(document);
    const never = screen.getByRole('button', { name: 'Ne plus afficher' });
    fireEvent.pointerDown(never);
    fireEvent.pointerUp(document.body);
    expect(takeOverEarlyBanner(document)).toEqual({ focused: null, pressed: null });

    showEarlyBanner(document);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Ne plus afficher' }));
    render(ui('android'));
    // Released on another control: no action, as the browser would do.
    fireEvent.pointerUp(
      screen.getByRole('button', { name: 'Fermer la bannière de l’application' }),
    );
    expect(screen.getAllByTestId('app-banner')).toHaveLength(1);
    expect(isAppBannerDismissed()).toBe(false);
    // The press is over: a later release on the control pressed does nothing either.
    fireEvent.pointerUp(screen.getByRole('button', { name: 'Ne plus afficher' }));
    expect(screen.getAllByTestId('app-banner')).toHaveLength(1);
  });
});
