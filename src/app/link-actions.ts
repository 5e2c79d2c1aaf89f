/** Allow-listed actions of content links that the app itself handles. */
import type { LinkAction } from '../domain/links';
import { consentManager } from '../ui/consent/consent';
import { LINK_ACTION_EVENT } from '../ui/navigation';

export function handleLinkActions(win: Window): void {
  win.addEventListener(LINK_ACTION_EVENT, (event) => {
    const action = (event as CustomEvent<LinkAction>).detail;
    if (action === 'consent-preferences') consentManager().showPreferences();
  });
}
