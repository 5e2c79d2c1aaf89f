/**
 * The cookie-settings link (`javascript:Didomi.preferences.show()`, the `consent-preferences`
 * action). With Didomi's SDK on the page its own preference centre opens; with the built-in store
 * the site's dialog does. Nothing of either is loaded before the visitor asks: the consent
 * interface, then the dialog's code only if the store has no preference centre of its own.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { LINK_ACTION_EVENT } from '../../ui/navigation';

export const CONSENT_PREFERENCES_ACTION = 'consent-preferences';

const ConsentPreferences = lazy(() =>
  import('./ConsentPreferences').then((m) => ({ default: m.ConsentPreferences })),
);

export function ConsentPreferencesOnDemand() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onAction = (event: Event) => {
      if ((event as CustomEvent<unknown>).detail !== CONSENT_PREFERENCES_ACTION) return;
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      import('../../ui/consent/consent').then(
        (m) => {
          if (!m.consentManager().showPreferences()) setOpen(true);
        },
        (error: unknown) => console.warn('Cookie settings: the consent code did not load.', error),
      );
    };
    window.addEventListener(LINK_ACTION_EVENT, onAction);
    return () => window.removeEventListener(LINK_ACTION_EVENT, onAction);
  }, []);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ConsentPreferences
        onClosed={() => {
          setOpen(false);
          // As the technical-help modal does: an opener a click did not focus (Safari) gets it too.
          if (opener.current?.isConnected) opener.current.focus();
          opener.current = null;
        }}
      />
    </Suspense>
  );
}
