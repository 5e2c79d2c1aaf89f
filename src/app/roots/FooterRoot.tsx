import { use, useMemo } from 'react';
import { visibleSite } from '../../content/visible';
import { wallClockAt } from '../../domain/dates';
import { MinimalFooter, SiteFooter } from '../../features/site-footer/SiteFooter';
import { EditContext } from '../../ui/edit-context';
import { OnFirstScreenContext } from '../../ui/first-screen';
import { logicalInstant, useApp } from '../store';

export function FooterRoot() {
  const brand = useApp((s) => s.config.brandName);
  const timeZone = useApp((s) => s.config.timeZone);
  const year = useApp((s) => wallClockAt(logicalInstant(s), timeZone).year);
  const site = useApp((s) => s.site);
  const now = useApp(logicalInstant);
  // The server sent only what is shown now; a window that closes while the page is open hides too.
  const footer = useMemo(
    () => (site.status === 'ok' ? visibleSite(site.site, now).footer : null),
    [site, now],
  );
  const view = useApp((s) => s.view);
  const edit = use(EditContext);
  // The site node's edit view: the footer is its area (docs/editing.md).
  const asSitePart = (footerView: React.ReactNode) =>
    edit ? edit.site('footer', footerView) : footerView;
  const path = useApp((s) => s.path);
  // The error page keeps only the 18+ badge and the copyright line (docs/requirements.md §2).
  if (view.kind === 'error') return <MinimalFooter brand={brand} year={year} />;
  // A failed footer call hides the whole footer (docs/requirements.md §8).
  if (footer === null) return null;
  // The not-found page is a few lines long: its footer, ad zone included, is on the first screen.
  const shortPage = view.kind === 'content' && /\/404\.html$/.test(path.split('?')[0] ?? path);
  return (
    <OnFirstScreenContext.Provider value={shortPage}>
      {asSitePart(
        <SiteFooter
          footer={footer}
          brand={brand}
          year={year}
          pageHidesAdZone={view.kind === 'content' && view.page.nePasAfficherZonePub}
          bodyKept={site.status === 'ok' && site.footerKept === true}
        />,
      )}
    </OnFirstScreenContext.Provider>
  );
}
