/** Allow-listed actions of content links that the app itself handles. */
import type { Locale } from '../domain/locale';
import type { LinkAction } from '../domain/links';
import { LINK_ACTION_EVENT } from '../ui/navigation';

export function handleLinkActions(win: Window, locale: () => Locale): void {
  win.addEventListener(LINK_ACTION_EVENT, (event) => {
    const action = (event as CustomEvent<LinkAction>).detail;
    // The cookie settings' code is only needed once a visitor asks for them.
    if (action === 'consent-preferences') {
      const opener = win.document.activeElement;
      void import('../features/consent-preferences/open').then((m) =>
        m.openConsentPreferences(locale(), opener),
      );
    }
  });
}
