/**
 * The carousel's controls (docs/requirements.md §4, §9): play/pause, one indicator per slide and,
 * when the editor asks, the arrows. Each acts on the carousel through `go` (the rotation stops for
 * good once the visitor takes over) or `toggle`.
 */
import type { RefObject } from 'react';
import { ChevronIcon } from '../../ui/icons';
import { useT } from '../../ui/i18n';
import type { EmblaApi } from '../shared/EmblaEngine';
import { hasControls, type EligibleSlide } from './slides';
import { cx } from './SlideView';
import styles from './Carousel.module.css';

function PlayPauseIcon({ paused }: { paused: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {paused ? (
        <path d="M8 5v14l11-7z" fill="currentColor" />
      ) : (
        <path d="M7 5h4v14H7zM13 5h4v14h-4z" fill="currentColor" />
      )}
    </svg>
  );
}

interface ControlsProps {
  entries: EligibleSlide[];
  /** The slide on screen. */
  current: number;
  /** The id of the slides' track, which every control controls. */
  trackId: string;
  paused: boolean;
  /** Whether motion is reduced: moves jump instead of sliding. */
  jump: boolean;
  /** Whether the screen size is still unknown: CSS hides what one screen size has no use for. */
  anyScreen: boolean;
  phoneCount: number;
  desktopCount: number;
  arrows: boolean;
  navTextPrev: string | undefined;
  navTextNext: string | undefined;
  pauseButton: RefObject<HTMLButtonElement | null>;
  toggle: () => void;
  go: (move: (api: EmblaApi) => void) => void;
}

export function Controls({
  entries,
  current,
  trackId,
  paused,
  jump,
  anyScreen,
  phoneCount,
  desktopCount,
  arrows,
  navTextPrev,
  navTextNext,
  pauseButton,
  toggle,
  go,
}: ControlsProps) {
  const t = useT();
  const total = entries.length;
  return (
    <div
      className={cx(
        styles.controls,
        anyScreen && !hasControls(phoneCount) && styles.desktopOnly,
        anyScreen && !hasControls(desktopCount) && styles.phoneOnly,
      )}
    >
      <button
        ref={pauseButton}
        type="button"
        className={styles.control}
        // The name says what a press does, so it flips with the state (no aria-pressed too:
        // a toggle whose name changes would then read as its opposite).
        aria-label={t(paused ? 'carrousel.lecture' : 'carrousel.pause')}
        data-paused={paused}
        onClick={toggle}
      >
        <PlayPauseIcon paused={paused} />
      </button>
      <div role="group" aria-label={t('carrousel.indicateurs')} className={styles.dots}>
        {entries.map((entry, index) => (
          <button
            key={entry.slide.id}
            type="button"
            className={cx(styles.dot, anyScreen && !entry.desktop && styles.phoneOnly)}
            aria-controls={trackId}
            aria-current={index === current ? 'true' : undefined}
            aria-label={t('carrousel.indicateur', { n: index + 1, total })}
            onClick={() => go((a) => a.scrollTo(index, jump))}
          />
        ))}
      </div>
      {arrows ? (
        <div className={styles.arrows}>
          <button
            type="button"
            className={styles.control}
            aria-controls={trackId}
            onClick={() => go((a) => a.scrollPrev(jump))}
          >
            <ChevronIcon direction="prev" />
            <span className="visually-hidden">{navTextPrev ?? t('carrousel.precedent')}</span>
          </button>
          <button
            type="button"
            className={styles.control}
            aria-controls={trackId}
            onClick={() => go((a) => a.scrollNext(jump))}
          >
            <ChevronIcon direction="next" />
            <span className="visually-hidden">{navTextNext ?? t('carrousel.suivant')}</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
