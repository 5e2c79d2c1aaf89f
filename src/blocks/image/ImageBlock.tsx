/** Image block: the phone variant by screen size, an optional link and caption, the block's frame. */
import { useFollowsOpener, useOpensPage } from '../../ui/first-screen';
import { useBlockData } from '../../ui/block-data';
import { Picture } from '../../ui/Picture';
import { SmartLink } from '../../ui/SmartLink';
import { frameClasses, statsData } from '../../ui/frame';
import type { BlockProps } from '../types';
import styles from './ImageBlock.module.css';
import { BREAKPOINTS } from '../../domain/layout';

const RATIO_HINT = { width: 1600, height: 600 };

export function ImageBlock({ component }: BlockProps<'image'>) {
  const { fields, image } = component;
  const opensPage = useOpensPage();
  const follows = useFollowsOpener();
  // The sizes the media host gave the server (decision 0091); else a ratio hint, the cover's box.
  const sizes = useBlockData().imageSizes;
  const size = sizes?.[image.src] ?? RATIO_HINT;
  const picture = (
    <Picture
      image={image}
      mobile={fields.imageMobile}
      className={fields.displayCover ? `${styles.image} ${styles.cover}` : styles.image}
      width={size.width}
      height={size.height}
      mobileSize={fields.imageMobile ? sizes?.[fields.imageMobile.src] : undefined}
      sizes={`(min-width: ${BREAKPOINTS.lg}px) ${BREAKPOINTS.lg}px, 100vw`}
      priority={opensPage}
      eager={follows}
    />
  );
  const caption = fields.title ?? fields.subTitle;
  return (
    <figure className={`${frameClasses(fields)} ${styles.figure}`} {...statsData(fields)}>
      {fields.lien ? (
        <SmartLink
          href={fields.lien}
          newWindow={fields.nouvelleFenetre}
          className={styles.link}
          statsLabel={fields.labelStatsGA}
        >
          {picture}
        </SmartLink>
      ) : (
        picture
      )}
      {caption ? <figcaption className={styles.caption}>{caption}</figcaption> : null}
    </figure>
  );
}
