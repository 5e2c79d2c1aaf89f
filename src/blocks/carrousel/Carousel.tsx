/**
 * Carousel block (docs/requirements.md §3, §4, §5, §9): slides in their display window with an image for the
 * screen size, a random first slide, autoplay with a play/pause button, arrows and indicators.
 * The server renders the first slide statically; Embla is loaded after hydration.
 */
import {
  lazy,
  Suspense,
  useId,
  useReducer,
  useRef,
  useState,
  type Dispatch,
  type FocusEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Heading, Nested } from '../../ui/Heading';
import { useOpensPage } from '../../ui/first-screen';
import { frameClasses, statsData } from '../../ui/frame';
import { useT } from '../../ui/i18n';
import type { BlockProps } from '../types';
import type { EmblaApi, EmblaOptions } from '../shared/EmblaEngine';
import { Controls } from './Controls';
import { REDUCED_MOTION, useMediaQuery } from './media';
import {
  autoplayInterval,
  hasControls,
  INITIAL_PLAY_STATE,
  isPaused,
  isRunning,
  playReducer,
  type PlayAction,
} from './slides';
import { cx, SlideView } from './SlideView';
import { useCarouselSlides, useEmbla } from './use-carousel';
import styles from './Carousel.module.css';

const EmblaEngine = lazy(() => import('../shared/EmblaEngine'));

/** The carousel's heading when it has a title; the slides' headings then sit one level below. */
function Titled({
  title,
  id,
  children,
}: {
  title?: string | undefined;
  id: string;
  children: ReactNode;
}) {
  if (!title) return children;
  return (
    <>
      <Heading className={styles.heading} id={id}>
        {title}
      </Heading>
      <Nested>{children}</Nested>
    </>
  );
}

/**
 * The visitor taking over: keyboard focus entering the slides stops the rotation for good (WAI
 * carousel pattern), a mouse over it pauses it. A mouse click focuses without :focus-visible and
 * is left to the buttons' own handlers.
 */
function useVisitorHandlers(
  dispatch: Dispatch<PlayAction>,
  pauseButton: RefObject<HTMLElement | null>,
) {
  const onPointer = (hovered: boolean) => (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse') dispatch({ type: 'hover', hovered });
  };
  return {
    onFocus: (event: FocusEvent<HTMLElement>) => {
      const target = event.target;
      if (target !== pauseButton.current && target.matches(':focus-visible')) {
        dispatch({ type: 'takeOver' });
      }
    },
    onPointerEnter: onPointer(true),
    onPointerLeave: onPointer(false),
  };
}

/**
 * Until its code runs, the first slide each screen shows is the one in view: the others are
 * inert, so Tab never lands out of sight (WCAG 2.2, 2.4.11 Focus Not Obscured).
 */
function firstInView(entries: readonly { phone: boolean; desktop: boolean }[], anyScreen: boolean) {
  const first = (screen: 'phone' | 'desktop') =>
    entries.findIndex((entry) => !anyScreen || entry[screen]);
  return [first('phone'), first('desktop')];
}

/** The same object at every render: Embla starts again when its options change. */
const EMBLA_OPTIONS: EmblaOptions = { loop: true, duration: 25 };

export function Carousel({ component }: BlockProps<'carrousel'>) {
  const t = useT();
  const opensPage = useOpensPage();
  const f = component.fields;
  const trackId = useId();
  const headingId = useId();
  const reducedMotion = useMediaQuery(REDUCED_MOTION) ?? false;
  const { entries, anyScreen, phoneCount, desktopCount } = useCarouselSlides(component.slides);
  const total = entries.length;
  const [play, dispatch] = useReducer(playReducer, INITIAL_PLAY_STATE);
  const paused = isPaused(play, reducedMotion);
  const running = isRunning(play, reducedMotion, total);
  const { api, selected, onApi } = useEmbla(dispatch, running);
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const pauseButton = useRef<HTMLButtonElement>(null);
  const handlers = useVisitorHandlers(dispatch, pauseButton);

  if (total === 0) return null;

  const controls = anyScreen
    ? hasControls(phoneCount) || hasControls(desktopCount)
    : hasControls(total);
  const current = Math.min(selected, total - 1);
  const inView = api ? [current] : firstInView(entries, anyScreen);
  // Titled: a region named by its heading; untitled: a group (same-named regions are indistinct).
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
            hidden={!inView.includes(index)}
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
      {...handlers}
      data-playing={controls ? String(running) : undefined}
      data-started={api ? '' : undefined} // its first slide chosen: what tests wait for
      {...statsData(f)}
    >
      <Titled title={f.title} id={headingId}>
        {slides}
      </Titled>
      {controls ? (
        <Controls
          entries={entries}
          current={current}
          trackId={trackId}
          paused={paused}
          jump={reducedMotion}
          anyScreen={anyScreen}
          phoneCount={phoneCount}
          desktopCount={desktopCount}
          arrows={component.arrows}
          navTextPrev={component.navTextPrev}
          navTextNext={component.navTextNext}
          pauseButton={pauseButton}
          toggle={() => dispatch({ type: 'toggle', reducedMotion })}
          go={(move: (api: EmblaApi) => void) => {
            dispatch({ type: 'takeOver' });
            if (api) move(api);
          }}
        />
      ) : null}
      {viewport && !anyScreen && hasControls(total) ? (
        <Suspense fallback={null}>
          <EmblaEngine
            viewport={viewport}
            options={EMBLA_OPTIONS}
            autoplayDelay={autoplayInterval(component.autoplayTimeout)}
            jump={reducedMotion}
            onApi={onApi}
          />
        </Suspense>
      ) : null}
    </Root>
  );
}
