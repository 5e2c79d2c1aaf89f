/**
 * The sports area (docs/requirements.md §2): an empty content region and the betting widget's own container.
 * React renders the container once and never touches what the widget puts in it; all of
 * /sports/ is one page (the main root's key), so the container outlives moves inside the area.
 * In an editor's preview there is no widget: the area stays empty, the preview's bar says why
 * (docs/preview.md). Above the widget, in the first screen, a one-line responsible-gambling note
 * with the province's help line (issue 45: it was only in the footer, screens down on a phone).
 */
import { memo, useEffect, useRef, useState } from 'react';
import type { Locale } from '../../domain/locale';
import { useLocale, useT } from '../../ui/i18n';
import { navigate } from '../../ui/navigation';
import styles from './SportsArea.module.css';
import { EARLY_ATTRIBUTES } from './early';
import type { WidgetHost, WidgetStatus } from './widget-host';

export const SPORTS_WIDGET_ID = 'sports-widget';
const EMPTY = { __html: '' };
/** Jeu : aide et référence, the province's help line, as the footer's legal note gives it. */
const HELP_LINE = 'tel:+18004610140';

export interface SportsAreaProps {
  /** The widget script (the third party's, or the embedded stand-in); none in a preview. */
  widgetUrl: string | undefined;
  /** The current path (and query), as the store holds it. */
  path: string;
}

export const SportsArea = memo(function SportsArea({ widgetUrl, path }: SportsAreaProps) {
  return widgetUrl === undefined ? <NoWidget /> : <WidgetArea widgetUrl={widgetUrl} path={path} />;
});

/**
 * Compact, so that the widget's first screen keeps its place: the 18+ badge and one sentence,
 * in small type; on a phone two or three lines.
 */
function ResponsibleNote() {
  const t = useT();
  return (
    <section
      className={styles.note}
      aria-label={t('sports.jeuResponsable.aria')}
      data-testid="responsible-note"
    >
      <span className={styles.badge} role="img" aria-label={t('pied.age.aria')}>
        {t('pied.age')}
      </span>
      {/* Three pieces, each its own box: the note is small type, never the page's largest
          text (the LCP element stays the widget's: docs/operations.md). */}
      <p className={styles.noteText}>
        <span>{t('sports.jeuResponsable')}</span> <span>{t('sports.jeuResponsable.aide')}</span>{' '}
        <span>
          <a href={HELP_LINE} className={styles.helpLine}>
            {t('sports.jeuResponsable.telephone')}
          </a>
          .
        </span>
      </p>
    </section>
  );
}

/** A preview's sports area: the widget is a third party's script, which a preview never runs. */
function NoWidget() {
  const t = useT();
  return (
    <div className={`sports-area container ${styles.area}`}>
      <h1 className="visually-hidden">{t('sports.titre')}</h1>
      <ResponsibleNote />
    </div>
  );
}

function WidgetArea({ widgetUrl, path }: { widgetUrl: string; path: string }) {
  const t = useT();
  const locale = useLocale();
  const route = path.split('?')[0] ?? path;
  const container = useRef<HTMLDivElement>(null);
  const host = useRef<WidgetHost | null>(null);
  const [status, setStatus] = useState<WidgetStatus>('loading');

  // The latest locale and route, for a host that starts after they were set.
  const latest = useRef<[Locale, string]>([locale, route]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let active: WidgetHost | undefined;
    let cancelled = false;
    // The host's code is only for the sports area: loaded with it, not with every page.
    import('./widget-host').then(
      ({ activateWidget }) => {
        if (cancelled) return;
        active = activateWidget({
          url: widgetUrl,
          container: element,
          navigate,
          onStatus: setStatus,
        });
        host.current = active;
        active.update(...latest.current);
      },
      (error: unknown) => {
        console.warn('Betting widget: its host could not be loaded:', error);
        if (!cancelled) setStatus('failed');
      },
    );
    return () => {
      cancelled = true;
      active?.destroy();
      host.current = null;
    };
  }, [widgetUrl]);

  useEffect(() => {
    latest.current = [locale, route];
    host.current?.update(locale, route);
  }, [widgetUrl, locale, route]);

  return (
    <div className={`sports-area container ${styles.area}`}>
      <h1 className="visually-hidden">{t('sports.titre')}</h1>
      <ResponsibleNote />
      {status === 'ready' ? null : (
        <p role="status" className={status === 'failed' ? styles.failed : styles.loading}>
          {status === 'failed' ? t('sports.indisponible') : t('sports.chargement')}
        </p>
      )}
      {/* The widget may fill it before hydration (`startEarly`): its content is not React's. */}
      <div
        ref={container}
        id={SPORTS_WIDGET_ID}
        className={`sports-widget ${styles.widget}`}
        aria-busy={status === 'loading'}
        hidden={status === 'failed'}
        {...{ [EARLY_ATTRIBUTES.url]: widgetUrl, [EARLY_ATTRIBUTES.locale]: locale }}
        dangerouslySetInnerHTML={EMPTY}
        suppressHydrationWarning
      />
    </div>
  );
}
