/**
 * Gallery slider (docs/requirements.md §9): 1, 3, 4 then 5 images in view from 320, 768, 1024 and 1200 px,
 * 5 px apart, the next one peeking by 40 px; no loop and no dots. The layout is CSS alone (the
 * server markup carries no style attribute); Embla adds dragging after hydration.
 */
import { lazy, Suspense, useCallback, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Heading } from '../../ui/Heading';
import { SmartLink } from '../../ui/SmartLink';
import { frameClasses, statsData } from '../../ui/frame';
import { useT } from '../../ui/i18n';
import type { EmblaApi, EmblaOptions } from '../shared/EmblaEngine';
import { ChevronIcon } from '../../ui/icons';
import type { BlockProps } from '../types';
import styles from './Gallery.module.css';

// The same lazily loaded chunk as the carousel's: one download serves both blocks.
const EmblaEngine = lazy(() => import('../shared/EmblaEngine'));

const OPTIONS: EmblaOptions = {
  align: 'start',
  loop: false,
  containScroll: 'trimSnaps',
  slidesToScroll: 'auto',
};

interface Ends {
  prev: boolean;
  next: boolean;
}

/** One image of the gallery, a link when it has one. */
function Slide({ item }: { item: BlockProps<'galerie'>['component']['images'][number] }) {
  const img = (
    <img
      src={item.image.src}
      alt={item.image.alt}
      className={styles.image}
      loading="lazy"
      decoding="async"
    />
  );
  return (
    <li className={styles.item} data-gallery-item="">
      {item.lien ? (
        <SmartLink href={item.lien} newWindow={item.nouvelleFenetre} className={styles.link}>
          {img}
        </SmartLink>
      ) : (
        img
      )}
    </li>
  );
}

export function Gallery({ component }: BlockProps<'galerie'>) {
  const t = useT();
  const f = component.fields;
  const headingId = useId();
  const listId = useId();
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [api, setApi] = useState<EmblaApi | undefined>(undefined);
  // Before Embla measures, the start is known and the end is assumed out of view.
  const [ends, setEnds] = useState<Ends>({ prev: false, next: true });

  const onApi = useCallback((next: EmblaApi | undefined) => {
    setApi(next);
    if (next) setEnds({ prev: next.canScrollPrev(), next: next.canScrollNext() });
  }, []);

  useEffect(() => {
    if (!api) return;
    const update = () => setEnds({ prev: api.canScrollPrev(), next: api.canScrollNext() });
    api.on('select', update).on('reInit', update).on('resize', update);
    return () => {
      api.off('select', update).off('reInit', update).off('resize', update);
    };
  }, [api]);

  if (component.images.length === 0) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!api) return;
    if (event.key === 'ArrowLeft') api.scrollPrev();
    else if (event.key === 'ArrowRight') api.scrollNext();
    else return;
    event.preventDefault();
  };

  return (
    <section
      // The section around it already sets the width: no second container.
      className={[styles.gallery, frameClasses({ ...f, fluid: true })].join(' ')}
      {...(f.title ? { 'aria-labelledby': headingId } : { 'aria-label': t('galerie.libelle') })}
      onKeyDown={onKeyDown}
      data-gallery=""
      {...statsData(f)}
    >
      <div className={styles.header}>
        {f.title ? (
          <Heading className={styles.title} id={headingId}>
            {f.title}
          </Heading>
        ) : null}
        {component.images.length > 1 ? (
          <div className={styles.buttons}>
            <button
              type="button"
              className={styles.control}
              aria-controls={listId}
              disabled={!ends.prev}
              onClick={() => api?.scrollPrev()}
            >
              <ChevronIcon direction="prev" />
              <span className="visually-hidden">{t('galerie.precedent')}</span>
            </button>
            <button
              type="button"
              className={styles.control}
              aria-controls={listId}
              disabled={!ends.next}
              onClick={() => api?.scrollNext()}
            >
              <ChevronIcon direction="next" />
              <span className="visually-hidden">{t('galerie.suivant')}</span>
            </button>
          </div>
        ) : null}
      </div>
      <div className={styles.viewport} ref={setViewport}>
        <ul id={listId} className={styles.track}>
          {component.images.map((item) => (
            <Slide key={item.id} item={item} />
          ))}
        </ul>
      </div>
      {viewport && component.images.length > 1 ? (
        <Suspense fallback={null}>
          <EmblaEngine viewport={viewport} options={OPTIONS} onApi={onApi} />
        </Suspense>
      ) : null}
    </section>
  );
}
