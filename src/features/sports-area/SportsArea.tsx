/**
 * The sports area (SPEC.md §2): an empty content region and the betting widget's own container.
 * React renders the container once and never touches what the widget puts in it; all of
 * /sports/ is one page (the main root's key), so the container outlives moves inside the area.
 */
import { memo, useEffect, useRef, useState } from 'react';
import { useLocale, useT } from '../../ui/i18n';
import { navigate } from '../../ui/navigation';
import styles from './SportsArea.module.css';
import { activateWidget, type WidgetHost, type WidgetStatus } from './widget-host';

export const SPORTS_WIDGET_ID = 'sports-widget';

export interface SportsAreaProps {
  /** The widget script (the third party's, or the embedded stand-in). */
  widgetUrl: string;
  /** The current path (and query), as the store holds it. */
  path: string;
}

export const SportsArea = memo(function SportsArea({ widgetUrl, path }: SportsAreaProps) {
  const t = useT();
  const locale = useLocale();
  const route = path.split('?')[0] ?? path;
  const container = useRef<HTMLDivElement>(null);
  const host = useRef<WidgetHost | null>(null);
  const [status, setStatus] = useState<WidgetStatus>('loading');

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const active = activateWidget({
      url: widgetUrl,
      container: element,
      navigate,
      onStatus: setStatus,
    });
    host.current = active;
    return () => {
      active.destroy();
      host.current = null;
    };
  }, [widgetUrl]);

  // Runs after the activation above (same commit), so the first call lets the widget mount.
  useEffect(() => {
    host.current?.update(locale, route);
  }, [widgetUrl, locale, route]);

  return (
    <div className={`sports-area container ${styles.area}`}>
      <h1 className="visually-hidden">{t('sports.titre')}</h1>
      {status === 'ready' ? null : (
        <p role="status" className={status === 'failed' ? styles.failed : styles.loading}>
          {status === 'failed' ? t('sports.indisponible') : t('sports.chargement')}
        </p>
      )}
      <div
        ref={container}
        id={SPORTS_WIDGET_ID}
        className="sports-widget"
        aria-busy={status === 'loading'}
        hidden={status === 'failed'}
      />
    </div>
  );
});
