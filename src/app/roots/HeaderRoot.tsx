import { use, useMemo, useSyncExternalStore } from 'react';
import { visibleSite } from '../../content/visible';
import { otherLocale } from '../../domain/locale';
import { sportsAlternatePath } from '../../domain/routes';
import { SiteHeader } from '../../features/site-header/SiteHeader';
import { EditContext } from '../../ui/edit-context';
import { cookiesDisabled, dismissMessagesForVisit } from '../client-session';
import type { ViewState } from '../state';
import { logicalInstant, useApp, useAppStore } from '../store';

function alternateOf(state: ViewState): string | undefined {
  switch (state.view.kind) {
    case 'content':
    case 'site-map':
      return state.view.alternate;
    case 'sports':
      return sportsAlternatePath(state.path.split('?')[0] ?? state.path, otherLocale(state.locale));
    default:
      return undefined;
  }
}

const neverChanges = () => () => undefined;

export function HeaderRoot({ alternateOverride }: { alternateOverride?: string | undefined } = {}) {
  const store = useAppStore();
  const brand = useApp((s) => s.config.brandName);
  const devMode = useApp((s) => s.config.devMode);
  const logicalDate = useApp((s) => s.logicalDate);
  const alternate = useApp(alternateOf);
  const site = useApp((s) => s.site);
  const now = useApp(logicalInstant);
  // The server sent only what is shown now; a window that closes while the page is open hides too.
  const header = useMemo(
    () => (site.status === 'ok' ? visibleSite(site.site, now).header : null),
    [site, now],
  );
  const path = useApp((s) => s.path);
  const messagesDismissed = useApp((s) => s.messagesDismissed);
  // Only the browser can tell whether it accepts cookies: the server renders "accepted", and the
  // browser's answer follows right after hydration.
  const noCookies = useSyncExternalStore(neverChanges, cookiesDisabled, () => false);
  const edit = use(EditContext);
  const shown = (
    <SiteHeader
      brand={brand}
      header={header}
      alternate={alternateOverride ?? alternate}
      logicalDate={devMode ? logicalDate : undefined}
      path={path}
      messagesDismissed={messagesDismissed}
      onDismissMessages={() => dismissMessagesForVisit(store)}
      cookiesDisabled={noCookies}
    />
  );
  // The site node's edit view: the header is its area (docs/editing.md).
  return edit ? edit.site('header', shown) : shown;
}
