/**
 * Accordion block: a disclosure that opens when the URL fragment equals its `ancre` (on load and
 * on every change, scrolling to it) and toggles on click. The server renders it closed (it
 * cannot know the fragment); the content is still in the HTML, hidden.
 */
import { use, useEffect, useId, useRef, useState } from 'react';
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
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const targeted = hashTargets(hash, ancre);

  // Opens as the fragment comes to name it; adjusted while rendering, not in an effect.
  const [wasTargeted, setWasTargeted] = useState(false);
  if (targeted !== wasTargeted) {
    setWasTargeted(targeted);
    if (targeted) setOpen(true);
  }
  useEffect(() => {
    if (!targeted) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    root.current?.scrollIntoView({ behavior: scrollBehaviour(reduced), block: 'start' });
  }, [targeted]);

  const empty = !children.some((c) => isInWindow(c.fields.window, now));
  const buttonId = `${baseId}-button`;
  const panelId = `${baseId}-panel`;
  return (
    <div
      ref={root}
      // The anchor as the element's id also lets the browser itself jump here before hydration.
      // Checked where the content is read; again here, as it becomes an id (domain/ids.ts).
      id={safeContentId(ancre)}
      className={`${frameClasses(fields)} ${styles.accordion}`}
      {...statsData(fields)}
    >
      <div className={open ? `${styles.item} ${styles.open}` : styles.item}>
        <Heading className={styles.heading}>
          <button
            type="button"
            id={buttonId}
            className={styles.trigger}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((was) => !was)}
          >
            <span className={styles.title}>{titre}</span>
            <span className={styles.icon} aria-hidden="true" />
          </button>
        </Heading>
        <div
          id={panelId}
          role="region"
          aria-labelledby={buttonId}
          hidden={!open}
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
      </div>
    </div>
  );
}
