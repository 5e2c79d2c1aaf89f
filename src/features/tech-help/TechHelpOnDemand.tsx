/**
 * The technical-help modal's stand-in in the page: it listens for the `client-config` action and
 * only then loads the modal's code (most visitors never open it), which opens at once.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { lateMessages } from '../../i18n/catalogue';
import { useLocale } from '../../ui/i18n';
import { LINK_ACTION_EVENT } from '../../ui/navigation';
import { CLIENT_CONFIG_ACTION } from './open';

const TechHelp = lazy(() => import('./TechHelp').then((m) => ({ default: m.TechHelp })));

export function TechHelpOnDemand() {
  const [wanted, setWanted] = useState(false);
  const locale = useLocale();

  useEffect(() => {
    if (wanted) return;
    const onAction = (event: Event) => {
      if ((event as CustomEvent<unknown>).detail !== CLIENT_CONFIG_ACTION) return;
      // Its texts travel apart (src/i18n/late-keys.ts): asked for beside the modal's code.
      void lateMessages(locale).catch(() => undefined);
      setWanted(true);
    };
    window.addEventListener(LINK_ACTION_EVENT, onAction);
    return () => window.removeEventListener(LINK_ACTION_EVENT, onAction);
  }, [wanted, locale]);

  if (!wanted) return null;
  // From here on the modal's own listener handles later openings.
  return (
    <Suspense fallback={null}>
      <TechHelp initiallyOpen />
    </Suspense>
  );
}
