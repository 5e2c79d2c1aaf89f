import { wallClockAt } from '../../domain/dates';
import { MinimalFooter, SiteFooter } from '../../features/site-footer/SiteFooter';
import { logicalInstant, useApp } from '../store';

export function FooterRoot() {
  const brand = useApp((s) => s.config.brandName);
  const timeZone = useApp((s) => s.config.timeZone);
  const year = useApp((s) => wallClockAt(logicalInstant(s), timeZone).year);
  const site = useApp((s) => s.site);
  const view = useApp((s) => s.view);
  // The error page keeps only the 18+ badge and the copyright line (SPEC.md §2).
  if (view.kind === 'error') return <MinimalFooter brand={brand} year={year} />;
  // A failed footer call hides the whole footer (SPEC.md §8).
  if (site.status !== 'ok') return null;
  return (
    <SiteFooter
      footer={site.site.footer}
      brand={brand}
      year={year}
      pageHidesAdZone={view.kind === 'content' && view.page.nePasAfficherZonePub}
    />
  );
}
