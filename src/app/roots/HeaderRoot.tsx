import { otherLocale } from '../../domain/locale';
import { sportsAlternatePath } from '../../domain/routes';
import { SiteHeader } from '../../features/site-header/SiteHeader';
import type { ViewState } from '../state';
import { useApp } from '../store';

function alternateOf(state: ViewState): string | undefined {
  switch (state.view.kind) {
    case 'content':
      return state.view.alternate;
    case 'sports':
      return sportsAlternatePath(state.path.split('?')[0] ?? state.path, otherLocale(state.locale));
    default:
      return undefined;
  }
}

export function HeaderRoot() {
  const brand = useApp((s) => s.config.brandName);
  const devMode = useApp((s) => s.config.devMode);
  const logicalDate = useApp((s) => s.logicalDate);
  const alternate = useApp(alternateOf);
  return (
    <SiteHeader
      brand={brand}
      alternate={alternate}
      logicalDate={devMode ? logicalDate : undefined}
    />
  );
}
