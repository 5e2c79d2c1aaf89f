/**
 * The carousel's state, apart from its markup: which slides it shows for the screen (any screen
 * until hydration), and Embla's selected slide and autoplay kept in step with the play state.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch } from 'react';
import type { Slide } from '../../content/models';
import { PHONE_MEDIA } from '../../ui/Picture';
import { useNow } from '../../ui/now';
import type { EmblaApi } from '../shared/EmblaEngine';
import { useMediaQuery } from './media';
import {
  eligibleSlides,
  randomStart,
  slidesForAnyScreen,
  type EligibleSlide,
  type PlayAction,
} from './slides';

/** The slides to show, and how many suit each screen size while it is unknown. */
export function useCarouselSlides(slides: Slide[]) {
  const now = useNow();
  const isPhone = useMediaQuery(PHONE_MEDIA);
  const entries: EligibleSlide[] = useMemo(() => {
    if (isPhone === null) return slidesForAnyScreen(slides, now);
    const screen = isPhone ? 'phone' : 'desktop';
    return eligibleSlides(slides, now, screen).map((slide: Slide) => ({
      slide,
      phone: screen === 'phone',
      desktop: screen === 'desktop',
    }));
  }, [slides, now, isPhone]);
  return {
    entries,
    /** The screen size is unknown (server, hydration): CSS hides unsuitable slides. */
    anyScreen: isPhone === null,
    phoneCount: entries.filter((e) => e.phone).length,
    desktopCount: entries.filter((e) => e.desktop).length,
  };
}

/**
 * Embla's API once it runs: a random first slide (chosen after hydration, so that server and
 * client markup agree), the selected slide followed, a drag taking over from the rotation, and
 * autoplay started and stopped with `running`.
 */
export function useEmbla(dispatch: Dispatch<PlayAction>, running: boolean) {
  const [api, setApi] = useState<EmblaApi | undefined>(undefined);
  const [selected, setSelected] = useState(0);
  const started = useRef(false);

  const onApi = useCallback(
    (next: EmblaApi | undefined) => {
      setApi(next);
      if (!next) return;
      if (!started.current) {
        started.current = true;
        // A keyboard visitor already in a slide (its code came late) stays there and has taken
        // over; anyone else starts on a random slide.
        const focused = next.slideNodes().findIndex((n) => n.contains(document.activeElement));
        if (focused >= 0) dispatch({ type: 'takeOver' });
        next.scrollTo(focused >= 0 ? focused : randomStart(next.scrollSnapList().length), true);
      }
      setSelected(next.selectedScrollSnap());
    },
    [dispatch],
  );

  useEffect(() => {
    if (!api) return;
    const update = () => setSelected(api.selectedScrollSnap());
    const takeOver = () => dispatch({ type: 'takeOver' });
    api.on('select', update).on('reInit', update).on('pointerDown', takeOver);
    return () => {
      api.off('select', update).off('reInit', update).off('pointerDown', takeOver);
    };
  }, [api, dispatch]);

  useEffect(() => {
    const plugins: Partial<ReturnType<EmblaApi['plugins']>> = api?.plugins() ?? {};
    const autoplay = plugins.autoplay;
    if (!autoplay) return;
    if (running) autoplay.play();
    else autoplay.stop();
  }, [api, running]);

  return { api, selected, onApi };
}
