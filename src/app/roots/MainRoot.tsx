import { use } from 'react';
import { routeKey } from '../../domain/routes';
import { ChronicleHeaderOnDemand } from '../../features/chronicle-header/ChronicleHeaderOnDemand';
import { ContentPage } from '../../features/content-page/ContentPage';
import { ErrorPage } from '../../features/error-page/ErrorPage';
import { LotModalOnDemand } from '../../features/lot-modal/LotModalOnDemand';
import { SiteMapOnDemand } from '../../features/site-map/SiteMapOnDemand';
import { SportsAreaOnDemand } from '../../features/sports-area/SportsAreaOnDemand';
import { EditContext } from '../../ui/edit-context';
import { useT } from '../../ui/i18n';
import { useApp } from '../store';
import type { LoadChronicles, LoadLots } from '../../ui/block-data';
import type { View } from '../state';

/**
 * Lots a page asks for after loading (the rest of its lists, or a chronique's deep-link lots);
 * the code, with the answers' checks, only comes then.
 */
const fetchPageLots: LoadLots = (locale, lists) =>
  import('../page-lots').then((module) => module.fetchPageLots(locale, lists));
const fetchChronicles: LoadChronicles = (locale) =>
  import('../page-lots').then((module) => module.fetchChronicles(locale));

function ViewContent({ view, timeZone }: { view: View; timeZone: string }) {
  switch (view.kind) {
    case 'content': {
      const { page } = view;
      const chronicle = page.type === 'chronique' ? page.chronicle : undefined;
      return (
        <ContentPage
          page={page}
          data={view.data}
          loadLots={fetchPageLots}
          loadChronicles={fetchChronicles}
          header={
            chronicle ? <ChronicleHeaderOnDemand info={chronicle} timeZone={timeZone} /> : null
          }
          modal={
            <LotModalOnDemand
              components={page.components}
              // A chronique page hosts the modal without a list (docs/requirements.md §2).
              loadLots={page.type === 'chronique' ? fetchPageLots : undefined}
            />
          }
        />
      );
    }
    case 'error':
      return <ErrorPage code={view.code} />;
    case 'site-map':
      return <SiteMapOnDemand groups={view.groups} />;
    case 'sports':
      return <SportsFromStore />;
    case 'trigger':
      return <div className="trigger-container" />;
  }
}

/**
 * Features do not read the store: the widget's URL (none in a preview) and the current path are
 * handed down.
 */
function SportsFromStore() {
  const widgetUrl = useApp((s) => s.config.bettingWidgetUrl);
  const path = useApp((s) => s.path);
  return <SportsAreaOnDemand widgetUrl={widgetUrl} path={path} />;
}

export function MainRoot({ children }: { children?: React.ReactNode }) {
  // The site node's edit view edits the header and the footer: the page is only shown.
  const editsSite = use(EditContext)?.plan.site === true;
  const main = <MainView>{children}</MainView>;
  return editsSite ? <EditContext.Provider value={null}>{main}</EditContext.Provider> : main;
}

function MainView({ children }: { children?: React.ReactNode }) {
  const t = useT();
  const view = useApp((s) => s.view);
  const path = useApp((s) => s.path);
  const loading = useApp((s) => s.loading);
  const timeZone = useApp((s) => s.config.timeZone);
  return (
    <>
      {children}
      {loading ? (
        <div className="page-loading" role="progressbar" aria-label={t('site.chargement')} />
      ) : null}
      {/* Re-render key (docs/requirements.md §2): all of /sports/ is one page, any other page its path. */}
      <ViewContent key={routeKey(path.split('?')[0] ?? path)} view={view} timeZone={timeZone} />
    </>
  );
}
