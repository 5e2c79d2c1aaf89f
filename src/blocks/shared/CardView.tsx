/**
 * The card's look, shared by the card block and the offers block: image (phone variant by screen
 * size), over-title, title, sub-title, text and a call to action, on the block's colour and
 * spacing. Placement in the page (fluid or contained) is the caller's.
 */
import type { BlockFields } from '../../content/models';
import { BlockText } from '../../ui/BlockText';
import { Picture } from '../../ui/Picture';
import { paletteName, spacingStep, statsData } from '../../ui/frame';
import styles from './CardView.module.css';
import { BREAKPOINTS } from '../../domain/layout';

/** Palette and spacing classes of the generic fields, without the width (the caller's). */
function cardSkinClasses(f: BlockFields): string[] {
  const bg = paletteName(f.fondCouleur);
  const tb = spacingStep(f.tbpadding);
  const th = spacingStep(f.thpadding);
  return [bg ? `bg-${bg}` : '', tb ? `pad-y-${tb}` : '', th ? `pad-x-${th}` : ''];
}

export function CardView({
  fields: f,
  className,
  eager = false,
}: {
  fields: BlockFields;
  className?: string;
  /** The card follows the page's opener: its image is on the first screen (first-screen.tsx). */
  eager?: boolean;
}) {
  const classes = [
    styles.card,
    ...cardSkinClasses(f),
    f.position === 'right' ? styles.imageRight : f.position === 'left' ? styles.imageLeft : '',
    className ?? '',
  ];
  return (
    <article className={classes.filter(Boolean).join(' ')} {...statsData(f)}>
      {f.image ? (
        <div className={styles.media}>
          <Picture
            image={f.image}
            mobile={f.imageMobile}
            className={styles.image}
            eager={eager}
            sizes={`(min-width: ${BREAKPOINTS.md}px) 50vw, 100vw`}
          />
        </div>
      ) : null}
      <div className={styles.body}>
        <BlockText fields={f} classes={styles} />
      </div>
    </article>
  );
}
