/** Allow-listed actions of content links that the app itself handles. */
import type { LinkAction } from '../domain/links';
import { LINK_ACTION_EVENT } from '../ui/navigation';

export function handleLinkActions(win: Window): void {
  win.addEventListener(LINK_ACTION_EVENT, (event) => {
    const action = (event as CustomEvent<LinkAction>).detail;
    // The consent interface is only needed once a visitor asks for the preferences.
    if (action === 'consent-preferences') {
      void import('../ui/consent/consent').then((m) => m.consentManager().showPreferences());
    }
  });
}
