/** Card block: the generic block fields as a card (image, titles, text, call to action). */
import { Heading, Nested } from '../../ui/Heading';
import { Picture } from '../../ui/Picture';
import { RichText } from '../../ui/RichText';
import { SmartLink } from '../../ui/SmartLink';
import { frameClasses, statsData } from '../../ui/frame';
import type { BlockProps } from '../registry';
import styles from './Carte.module.css';

export function Carte({ component }: BlockProps<'carte'>) {
  const f = component.fields;
  const classes = [
    styles.card,
    frameClasses({ ...f, fluid: true }),
    f.displayCover ? styles.cover : '',
    f.position === 'right' ? styles.imageRight : f.position === 'left' ? styles.imageLeft : '',
  ];
  return (
    <article className={classes.filter(Boolean).join(' ')} {...statsData(f)}>
      {f.image ? (
        <div className={styles.media}>
          <Picture image={f.image} mobile={f.imageMobile} className={styles.image} />
        </div>
      ) : null}
      <div className={styles.body}>
        {f.overTitle ? <p className={styles.overTitle}>{f.overTitle}</p> : null}
        {f.title ? <Heading className={styles.title}>{f.title}</Heading> : null}
        {f.subTitle ? <p className={styles.subTitle}>{f.subTitle}</p> : null}
        <Nested>
          <RichText html={f.texte} className={styles.text} />
        </Nested>
        {f.lien && f.texteLien ? (
          <SmartLink
            href={f.lien}
            newWindow={f.nouvelleFenetre}
            className={`button ${styles.cta}`}
            statsLabel={f.labelStatsGA}
          >
            {f.texteLien}
          </SmartLink>
        ) : null}
      </div>
    </article>
  );
}
