/**
 * Shows the cookie-settings dialog in a root of its own, made when the visitor asks: nothing of
 * it sits in the page's roots, so the code loaded before interaction does not grow
 * (docs/decisions/0031-cookie-settings-dialog.md).
 */
import { createRoot } from 'react-dom/client';
import type { Locale } from '../../domain/locale';
import { LocaleContext } from '../../ui/i18n';
import { ConsentPreferences } from './ConsentPreferences';

let showing = false;

export function mountConsentPreferences(locale: Locale, opener: Element | null): void {
  // A second click while it is open (the page behind is inert, but a script may ask) is ignored.
  if (showing) return;
  showing = true;
  const container = document.createElement('div');
  container.dataset.root = 'consent-preferences';
  document.body.append(container);
  const root = createRoot(container);
  const onClosed = () => {
    showing = false;
    // The close event is React's own: unmount after it.
    setTimeout(() => {
      root.unmount();
      container.remove();
    });
    // The browser gives focus back to the opener of a modal dialog too, but not to one that a
    // click did not focus (Safari's buttons): do it explicitly.
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
  };
  root.render(
    <LocaleContext.Provider value={locale}>
      <ConsentPreferences onClosed={onClosed} />
    </LocaleContext.Provider>,
  );
}
