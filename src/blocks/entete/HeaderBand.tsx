/** Page header block: title, image with its text alternative, overlay or normal, cover, spacing. */
import { useOpensPage } from '../../ui/first-screen';
import { Picture } from '../../ui/Picture';
import { frameClasses, spacingStep, statsData } from '../../ui/frame';
import type { BlockProps } from '../types';
import styles from './HeaderBand.module.css';

export function HeaderBand({ component }: BlockProps<'entete'>) {
  const { fields, overlay } = component;
  const opensPage = useOpensPage();
  // The vertical spacing pads the title's band, not the whole block: a dark band above the
  // image would read as an empty strip under the site header.
  const spacing = spacingStep(fields.tbpadding);
  const classes = [
    styles.band,
    'entete-band',
    overlay ? styles.overlay : styles.normal,
    fields.displayCover ? styles.cover : '',
    fields.imageMobile ? styles.hasMobile : '',
    frameClasses({ ...fields, fluid: true, tbpadding: undefined }),
  ];
  return (
    <header className={classes.filter(Boolean).join(' ')} {...statsData(fields)}>
      {fields.image ? (
        <div className={styles.media}>
          <Picture
            image={fields.image}
            mobile={fields.imageMobile}
            priority={opensPage}
            className={styles.image}
            width={1600}
            height={500}
          />
        </div>
      ) : null}
      {fields.title ? (
        <div className={[styles.titleBox, spacing ? `pad-y-${spacing}` : ''].join(' ').trim()}>
          <h1 className={styles.title}>{fields.title}</h1>
        </div>
      ) : null}
    </header>
  );
}
