/**
 * Embla, loaded only in the browser once a slider has hydrated (React.lazy): the server and the
 * first client render show the same static markup, and pages without a slider never fetch it.
 * It renders nothing; it drives the viewport it is given and hands its API back.
 */
import { useEffect, useMemo } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';

export type EmblaOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;
export type EmblaApi = NonNullable<ReturnType<typeof useEmblaCarousel>[1]>;

export interface EmblaEngineProps {
  viewport: HTMLElement;
  options: EmblaOptions;
  /** With a delay, the autoplay plugin is added, stopped: the block starts and stops it. */
  autoplayDelay?: number | undefined;
  /** Autoplay moves without animation (reduced motion). */
  jump?: boolean;
  onApi: (api: EmblaApi | undefined) => void;
}

export default function EmblaEngine({
  viewport,
  options,
  autoplayDelay,
  jump = false,
  onApi,
}: EmblaEngineProps) {
  const plugins = useMemo(
    () =>
      autoplayDelay === undefined
        ? []
        : [
            Autoplay({
              delay: autoplayDelay,
              jump,
              playOnInit: false,
              // The block owns the play state (button, hover, focus, arrows): the plugin only times.
              stopOnInteraction: false,
              stopOnMouseEnter: false,
              stopOnFocusIn: false,
              stopOnLastSnap: false,
            }),
          ],
    [autoplayDelay, jump],
  );
  const [setViewport, api] = useEmblaCarousel(options, plugins);
  useEffect(() => {
    setViewport(viewport);
  }, [setViewport, viewport]);
  useEffect(() => {
    onApi(api);
    return () => onApi(undefined);
  }, [api, onApi]);
  return null;
}
