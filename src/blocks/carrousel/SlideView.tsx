/** One slide of the carousel (docs/requirements.md §3, §5). */
import { BlockText } from '../../ui/BlockText';
import { Picture } from '../../ui/Picture';
import { paletteName, statsData } from '../../ui/frame';
import { useT } from '../../ui/i18n';
import type { EligibleSlide } from './slides';
import styles from './Carousel.module.css';

export const cx = (...names: (string | false | undefined)[]): string =>
  names.filter(Boolean).join(' ');

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

export function SlideView({ entry, index, total, hidden, anyScreen, opensPage }: SlideViewProps) {
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
