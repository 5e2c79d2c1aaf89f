import { SiteFooter } from '../../features/site-footer/SiteFooter';
import { logicalInstant, useApp } from '../store';

export function FooterRoot() {
  const brand = useApp((s) => s.config.brandName);
  const timeZone = useApp((s) => s.config.timeZone);
  const now = useApp(logicalInstant);
  return <SiteFooter brand={brand} now={now} timeZone={timeZone} />;
}
