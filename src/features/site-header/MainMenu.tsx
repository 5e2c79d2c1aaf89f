/**
 * The main menu (docs/requirements.md §1): groups of links as disclosures (the pattern for site
 * navigation, not an ARIA menu), a dropdown per group on large screens and one collapsible
 * panel under the md breakpoint. They are `<details>` elements, so the server's HTML opens and
 * closes by itself, before the site's code or without it; one group at a time (`name`). The code
 * adds what the platform does not: Escape, a click outside, and focus leaving the menu close it,
 * and a new page shows it closed.
 */
import { use, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { MenuGroup } from '../../content/models';
import { EditContext, editList } from '../../ui/edit-context';
import { useT } from '../../ui/i18n';
import { SmartLink } from '../../ui/SmartLink';
import styles from './MainMenu.module.css';

interface MainMenuProps {
  groups: MenuGroup[];
  /** Closes everything when the page changes. */
  path: string;
  /** Shown at the end of the phone panel (on large screens it sits in the bar). */
  extra?: React.ReactNode;
}

function Group({ group, name }: { group: MenuGroup; name: string }) {
  const edit = use(EditContext);
  if (group.links.length === 0) {
    return (
      <li className={styles.group}>
        <SmartLink href={group.lien} newWindow={group.nouvelleFenetre} className={styles.groupLink}>
          {group.titre}
        </SmartLink>
        {/* In the site node's edit view, its empty list of links, to add to. */}
        {editList(edit, 'groupe-liens', 'lien-menu', group.links, () => null)}
      </li>
    );
  }
  return (
    <li className={styles.group}>
      <details name={name} className={styles.disclosure}>
        <summary className={styles.groupButton}>
          {group.titre}
          <span className={styles.chevron} aria-hidden="true" />
        </summary>
        <ul className={styles.links}>
          {editList(edit, 'groupe-liens', 'lien-menu', group.links, (link) => (
            <li key={link.id}>
              <SmartLink href={link.lien} newWindow={link.nouvelleFenetre} className={styles.link}>
                {link.titre}
              </SmartLink>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

/** Closes every open disclosure inside `root`, the panel included. */
function closeAll(root: HTMLElement | null): void {
  root?.querySelectorAll('details[open]').forEach((details) => {
    (details as HTMLDetailsElement).open = false;
  });
}

/** Escape closes the innermost open disclosure around focus and gives focus to its summary. */
function closeOnEscape(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Escape' || !(event.target instanceof Element)) return;
  const details = event.target.closest<HTMLDetailsElement>('details[open]');
  const summary = details?.querySelector<HTMLElement>(':scope > summary');
  if (!details || !summary) return;
  event.stopPropagation();
  // A group's own summary is inside its details: from there Escape closes the group too.
  details.open = false;
  summary.focus();
}

export function MainMenu({ groups, path, extra }: MainMenuProps) {
  const t = useT();
  const edit = use(EditContext);
  const nav = useRef<HTMLElement>(null);
  const name = useId();

  // What is open belongs to the page it was opened on: a new page shows the menu closed (not
  // the first one: what the visitor opened before the code came stays open).
  const shownPath = useRef(path);
  useEffect(() => {
    if (shownPath.current === path) return;
    shownPath.current = path;
    closeAll(nav.current);
  }, [path]);

  // A click or a touch outside closes what is open.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const root = nav.current;
      if (root && !root.contains(event.target as Node) && root.querySelector('details[open]')) {
        closeAll(root);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);

  if (groups.length === 0 && !extra) return null;
  return (
    <nav
      ref={nav}
      className={styles.nav}
      aria-label={t('entete.navigation')}
      onKeyDown={closeOnEscape}
      onBlur={(event) => {
        // Focus gone to another control of the page (Tab past the last link): the menu closes.
        // A click on the page moves focus nowhere (no related target): the pointer rule does it.
        const next = event.relatedTarget;
        if (next instanceof Node && !event.currentTarget.contains(next)) closeAll(nav.current);
      }}
    >
      <details className={styles.panel}>
        <summary className={styles.toggle}>
          <span className={styles.burger} aria-hidden="true" />
          <span>{t('entete.menu')}</span>
        </summary>
        <div className={styles.sheet}>
          <ul className={styles.groups}>
            {editList(edit, 'menu', 'groupe-menu', groups, (group) => (
              <Group key={group.id} group={group} name={name} />
            ))}
          </ul>
          {extra ? <div className={styles.extra}>{extra}</div> : null}
        </div>
      </details>
    </nav>
  );
}
