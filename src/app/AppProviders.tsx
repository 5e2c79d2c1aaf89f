/** What every root shares: the store, the visitor's language, the logical date, the location. */
import { useEffect, type ReactNode } from 'react';
import { Router } from 'wouter';
import { EditContext, type EditKit } from '../ui/edit-context';
import { LocaleContext } from '../ui/i18n';
import { NoReferrerContext } from '../ui/link-base';
import { MediaWidthParamContext } from '../ui/media';
import { NowContext, TimeZoneContext } from '../ui/now';
import { PlayerConfigContext } from '../ui/players';
import { logicalInstant, StoreContext, useApp, type AppStore } from './store';

function FromStore({ children }: { children: ReactNode }) {
  const locale = useApp((s) => s.locale);
  const now = useApp(logicalInstant);
  const players = useApp((s) => s.config.players);
  const timeZone = useApp((s) => s.config.timeZone);
  const mediaWidthParam = useApp((s) => s.config.mediaWidthParam);
  // An editor's preview: its URL holds the token, no link hands it on (docs/preview.md).
  const noReferrer = useApp((s) => (s.preview ? 'noreferrer' : undefined));
  return (
    <LocaleContext.Provider value={locale}>
      <NowContext.Provider value={now}>
        <TimeZoneContext.Provider value={timeZone}>
          <PlayerConfigContext.Provider value={players}>
            <MediaWidthParamContext.Provider value={mediaWidthParam}>
              <NoReferrerContext.Provider value={noReferrer}>{children}</NoReferrerContext.Provider>
            </MediaWidthParamContext.Provider>
          </PlayerConfigContext.Provider>
        </TimeZoneContext.Provider>
      </NowContext.Provider>
    </LocaleContext.Provider>
  );
}

export function AppProviders({
  store,
  ssrPath,
  onHydrated,
  edit = null,
  children,
}: {
  store: AppStore;
  /** On the server: the requested path (the browser reads its own location). */
  ssrPath?: string;
  /**
   * In the browser: called once the root has hydrated, with its effects run. A prop rather than
   * a sibling element, so that the tree (and every `useId`) is the one the server rendered.
   */
  onHydrated?: () => void;
  /** Edit mode's kit (docs/editing.md): only on an edit-mode page. */
  edit?: EditKit | null;
  children: ReactNode;
}) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  const inner = (
    <StoreContext.Provider value={store}>
      <EditContext.Provider value={edit}>
        <FromStore>{children}</FromStore>
      </EditContext.Provider>
    </StoreContext.Provider>
  );
  return ssrPath === undefined ? inner : <Router ssrPath={ssrPath}>{inner}</Router>;
}
