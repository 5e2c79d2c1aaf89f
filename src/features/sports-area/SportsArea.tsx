/**
 * The sports area (SPEC.md §2): an empty content region and the betting widget's own container.
 * React renders the container once and never touches what the widget puts in it.
 */
import { memo } from 'react';
import { useT } from '../../ui/i18n';

export const SPORTS_WIDGET_ID = 'sports-widget';

export const SportsArea = memo(function SportsArea() {
  const t = useT();
  return (
    <div className="sports-area">
      <h1 className="visually-hidden">{t('sports.titre')}</h1>
      <div id={SPORTS_WIDGET_ID} className="sports-widget" aria-live="polite" />
    </div>
  );
});
