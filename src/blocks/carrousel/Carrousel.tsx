/**
 * Carousel block (docs/requirements.md §3, §4, §5, §9): slides in their display window with an image for the
 * screen size, a random first slide, autoplay with a play/pause button, arrows and indicators.
 * The server renders the first slide statically; Embla is loaded after hydration.
 */
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useReducer,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
} from 'react';
import type { Slide } from '../../content/models';
import { Heading, Nested } from '../../ui/Heading';
import { BlockText } from '../../ui/BlockText';
import { useOpensPage } from '../../ui/first-screen';
import { PHONE_MEDIA, Picture } from '../../ui/Picture';
import { frameClasses, paletteName, statsData } from '../../ui/frame';
import { useT } from '../../ui/i18n';
import { useNow } from '../../ui/now';
import { ChevronIcon } from '../../ui/icons';
import type { BlockProps } from '../types';
import type { EmblaApi, EmblaOptions } from './EmblaEngine';
import { REDUCED_MOTION, useMediaQuery } from './media';
import {
  autoplayInterval,
  eligibleSlides,
  hasControls,
  INITIAL_PLAY_STATE,
  isPaused,
  isRunning,
  playReducer,
  randomStart,
  slidesForAnyScreen,
  type EligibleSlide,
} from './slides';
import styles from './Carrousel.module.css';

const EmblaEngine = lazy(() => import('./EmblaEngine'));

const cx = (...names: (string | false | undefined)[]): string => names.filter(Boolean).join(' ');

function positionClass(position: string | undefined): string | undefined {
  const p = position?.trim().toLowerCase();
  if (p === 'droite' || p === 'right') return styles.imageRight;
  return styles.imageLeft;
}

interface SlideViewProps {
  entry: EligibleSlide;
  index: number;
  total: number;
  /** Set once Embla runs: slides out of view leave the tab order and the accessibility tree. */
  hidden: boolean | undefined;
  /** Whether the screen size is still unknown (server, hydration): CSS hides unsuitable slides. */
  anyScreen: boolean;
  /** The carousel opens the page: its first slide's image is the first screen's largest. */
  opensPage: boolean;
}

function SlideView({ entry, index, total, hidden, anyScreen, opensPage }: SlideViewProps) {
  const t = useT();
  const { slide } = entry;
  const f = slide.fields;
  const image = f.image ?? f.imageMobile;
  const palette = paletteName(slide.theme);
  return (
    <div
      role="group"
      aria-roledescription={t('carrousel.roleDiapositive')}
      aria-label={t('carrousel.diapositive', { n: index + 1, total })}
      className={cx(
        styles.slide,
        positionClass(slide.imagePosition),
        palette ? `bg-${palette}` : styles.plain,
        anyScreen && !entry.phone && styles.desktopOnly,
        anyScreen && !entry.desktop && styles.phoneOnly,
      )}
      inert={hidden}
      data-slide={slide.id}
      {...statsData(f)}
    >
      {image ? (
        <figure className={styles.media}>
          <Picture
            image={image}
            mobile={f.image ? f.imageMobile : undefined}
            className={styles.image}
            priority={opensPage && index === 0}
          />
          {slide.imageLegende ? (
            <figcaption className={styles.caption}>{slide.imageLegende}</figcaption>
          ) : null}
        </figure>
      ) : null}
      <div className={styles.body}>
        <BlockText fields={f} classes={styles} />
      </div>
    </div>
  );
}

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

export function Carrousel({ component }: BlockProps<'carrousel'>) {
  const t = useT();
  const now = useNow();
  const opensPage = useOpensPage();
  const f = component.fields;
  const trackId = useId();
  const headingId = useId();
  const isPhone = useMediaQuery(PHONE_MEDIA);
  const reducedMotion = useMediaQuery(REDUCED_MOTION) ?? false;
  const anyScreen = isPhone === null;

  const entries: EligibleSlide[] = useMemo(() => {
    if (isPhone === null) return slidesForAnyScreen(component.slides, now);
    const screen = isPhone ? 'phone' : 'desktop';
    return eligibleSlides(component.slides, now, screen).map((slide: Slide) => ({
      slide,
      phone: screen === 'phone',
      desktop: screen === 'desktop',
    }));
  }, [component.slides, now, isPhone]);
  const total = entries.length;
  const phoneCount = entries.filter((e) => e.phone).length;
  const desktopCount = entries.filter((e) => e.desktop).length;

  const [play, dispatch] = useReducer(playReducer, INITIAL_PLAY_STATE);
  const paused = isPaused(play, reducedMotion);
  const running = isRunning(play, reducedMotion, total);
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [api, setApi] = useState<EmblaApi | undefined>(undefined);
  const [selected, setSelected] = useState(0);
  const started = useRef(false);
  const pauseButton = useRef<HTMLButtonElement>(null);

  const onApi = useCallback(
    (next: EmblaApi | undefined) => {
      setApi(next);
      if (!next) return;
      // Chosen here, in the browser after hydration, so that server and client markup agree.
      if (!started.current) {
        started.current = true;
        next.scrollTo(randomStart(next.scrollSnapList().length), true);
      }
      setSelected(next.selectedScrollSnap());
    },
    [setApi],
  );

  useEffect(() => {
    if (!api) return;
    const update = () => setSelected(api.selectedScrollSnap());
    const takeOver = () => dispatch({ type: 'takeOver' });
    api.on('select', update).on('reInit', update).on('pointerDown', takeOver);
    return () => {
      api.off('select', update).off('reInit', update).off('pointerDown', takeOver);
    };
  }, [api]);

  useEffect(() => {
    const plugins: Partial<ReturnType<EmblaApi['plugins']>> = api?.plugins() ?? {};
    const autoplay = plugins.autoplay;
    if (!autoplay) return;
    if (running) autoplay.play();
    else autoplay.stop();
  }, [api, running]);

  const options: EmblaOptions = useMemo(() => ({ loop: true, duration: 25 }), []);

  if (total === 0) return null;

  const controls = anyScreen
    ? hasControls(phoneCount) || hasControls(desktopCount)
    : hasControls(total);
  const go = (move: (api: EmblaApi) => void) => {
    dispatch({ type: 'takeOver' });
    if (api) move(api);
  };
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    // Keyboard focus entering the slides stops the rotation for good (WAI carousel pattern);
    // a mouse click focuses without :focus-visible and is left to the buttons' own handlers.
    const target = event.target;
    if (target !== pauseButton.current && target.matches(':focus-visible')) {
      dispatch({ type: 'takeOver' });
    }
  };
  const onPointer = (hovered: boolean) => (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse') dispatch({ type: 'hover', hovered });
  };
  const current = Math.min(selected, total - 1);
  // A titled carousel is a region named by its heading; an untitled one is a group, since
  // several regions with the same generic name would be indistinct landmarks.
  const Root = f.title ? 'section' : 'div';
  const slides = (
    <div className={styles.viewport} ref={setViewport}>
      <div id={trackId} className={styles.track} aria-live={paused ? 'polite' : 'off'}>
        {entries.map((entry, index) => (
          <SlideView
            key={entry.slide.id}
            entry={entry}
            index={index}
            total={total}
            hidden={api ? index !== current : undefined}
            anyScreen={anyScreen}
            opensPage={opensPage}
          />
        ))}
      </div>
    </div>
  );

  return (
    <Root
      className={cx(
        styles.carousel,
        // The section around it already sets the width: no second container.
        frameClasses({ ...f, fluid: true }),
        anyScreen && phoneCount === 0 && styles.desktopOnly,
        anyScreen && desktopCount === 0 && styles.phoneOnly,
      )}
      aria-roledescription={t('carrousel.role')}
      {...(f.title
        ? { 'aria-labelledby': headingId }
        : { role: 'group', 'aria-label': t('carrousel.libelle') })}
      onFocus={onFocus}
      onPointerEnter={onPointer(true)}
      onPointerLeave={onPointer(false)}
      data-playing={controls ? String(running) : undefined}
      {...statsData(f)}
    >
      {f.title ? (
        <Heading className={styles.heading} id={headingId}>
          {f.title}
        </Heading>
      ) : null}
      {f.title ? <Nested>{slides}</Nested> : slides}
      {controls ? (
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
            onClick={() => dispatch({ type: 'toggle', reducedMotion })}
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
                onClick={() => go((a) => a.scrollTo(index, reducedMotion))}
              />
            ))}
          </div>
          {component.arrows ? (
            <div className={styles.arrows}>
              <button
                type="button"
                className={styles.control}
                aria-controls={trackId}
                onClick={() => go((a) => a.scrollPrev(reducedMotion))}
              >
                <ChevronIcon direction="prev" />
                <span className="visually-hidden">
                  {component.navTextPrev ?? t('carrousel.precedent')}
                </span>
              </button>
              <button
                type="button"
                className={styles.control}
                aria-controls={trackId}
                onClick={() => go((a) => a.scrollNext(reducedMotion))}
              >
                <ChevronIcon direction="next" />
                <span className="visually-hidden">
                  {component.navTextNext ?? t('carrousel.suivant')}
                </span>
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      {viewport && !anyScreen && hasControls(total) ? (
        <Suspense fallback={null}>
          <EmblaEngine
            viewport={viewport}
            options={options}
            autoplayDelay={autoplayInterval(component.autoplayTimeout)}
            jump={reducedMotion}
            onApi={onApi}
          />
        </Suspense>
      ) : null}
    </Root>
  );
}
