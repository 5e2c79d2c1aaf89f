/** Section block: optional title, background image, its own list of components. */
import { Heading, Nested } from '../../ui/Heading';
import { frameClasses, statsData } from '../../ui/frame';
import { Children } from '../children';
import type { BlockProps } from '../types';
import styles from './Section.module.css';

export function Section({ component }: BlockProps<'section'>) {
  const { fields, children } = component;
  const body = <Children list={children} area="composantes" />;
  return (
    <section
      className={[styles.section, frameClasses(fields), fields.image ? styles.withImage : '']
        .filter(Boolean)
        .join(' ')}
      aria-label={fields.title}
      {...statsData(fields)}
    >
      {fields.image ? (
        // A background image as an element, not a style attribute: the CSP allows no inline style.
        <img
          src={fields.image.src}
          alt=""
          className={styles.background}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <div className={styles.inner}>
        {fields.title ? <Heading className={styles.title}>{fields.title}</Heading> : null}
        {fields.title ? <Nested>{body}</Nested> : body}
      </div>
    </section>
  );
}
