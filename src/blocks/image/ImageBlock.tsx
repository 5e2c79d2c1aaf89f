/** Image block: the phone variant by screen size, an optional link. */
import { Picture } from '../../ui/Picture';
import { SmartLink } from '../../ui/SmartLink';
import { statsData } from '../../ui/frame';
import type { BlockProps } from '../registry';
import styles from './ImageBlock.module.css';

export function ImageBlock({ component }: BlockProps<'image'>) {
  const { fields, image } = component;
  const picture = <Picture image={image} mobile={fields.imageMobile} className={styles.image} />;
  return (
    <figure className={styles.figure} {...statsData(fields)}>
      {fields.lien ? (
        <SmartLink href={fields.lien} newWindow={fields.nouvelleFenetre} className={styles.link}>
          {picture}
        </SmartLink>
      ) : (
        picture
      )}
    </figure>
  );
}
