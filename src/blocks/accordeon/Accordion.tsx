/**
 * Accordion block: a `<details>` disclosure, so the server's HTML opens and closes by itself,
 * before the block's code or without it. The code opens it when the URL fragment equals its
 * `ancre` (on load and on every change, scrolling to it). The server renders it closed (it
 * cannot know the fragment); the content is still in the HTML, hidden, and the browser opens it
 * by itself on a fragment naming its panel.
 */
import { use, useEffect, useId, useRef } from 'react';
import { isInWindow } from '../../domain/display-window';
import { safeContentId } from '../../domain/ids';
import { Heading, Nested } from '../../ui/Heading';
import { frameClasses, statsData } from '../../ui/frame';
import { useT } from '../../ui/i18n';
import { useNow } from '../../ui/now';
import { EditContext } from '../../ui/edit-context';
import { Children } from '../children';
import { useLocationHash } from '../shared/location-hash';
import type { BlockProps } from '../types';
import { hashTargets, scrollBehaviour } from './anchor';
import styles from './Accordion.module.css';

export function Accordion({ component }: BlockProps<'accordeon'>) {
  const { titre, ancre, children, fields } = component;
  const t = useT();
  const now = useNow();
  // In edit mode an empty area stays, to add components to (docs/editing.md).
  const editing = use(EditContext) !== null;
  const hash = useLocationHash();
  const root = useRef<HTMLDivElement>(null);
  const details = useRef<HTMLDetailsElement>(null);
  const baseId = useId();
  const targeted = hashTargets(hash, ancre);

  // Opens as the fragment comes to name it. The element keeps its state itself: the visitor may
  // have opened or closed it before the code came.
  useEffect(() => {
    if (!targeted) return;
    if (details.current) details.current.open = true;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    root.current?.scrollIntoView({ behavior: scrollBehaviour(reduced), block: 'start' });
  }, [targeted]);

  const empty = !children.some((c) => isInWindow(c.fields.window, now));
  const buttonId = `${baseId}-button`;
  const panelId = `${baseId}-panel`;
  return (
    <div
      ref={root}
      className={`${frameClasses(fields)} ${styles.accordion}`}
      {...statsData(fields)}
    >
      <details ref={details} className={styles.item}>
        <summary id={buttonId} className={styles.trigger}>
          <Heading className={`${styles.heading} ${styles.title}`}>{titre}</Heading>
          <span className={styles.icon} aria-hidden="true" />
        </summary>
        <div
          // The anchor is the panel's id: inside the closed `<details>`, the browser itself opens
          // it and jumps there on a fragment naming it, before the code comes or without it
          // (issue 33). Checked where the content is read; again here, as it becomes an id
          // (domain/ids.ts).
          id={safeContentId(ancre) ?? panelId}
          role="region"
          aria-labelledby={buttonId}
          className={styles.panel}
        >
          {empty && !editing ? (
            <p className={styles.empty}>{t('accordeon.aucunContenu')}</p>
          ) : (
            <Nested>
              <Children list={children} area="composantes" aside />
            </Nested>
          )}
        </div>
      </details>
    </div>
  );
}
