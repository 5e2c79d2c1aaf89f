/**
 * The main menu (docs/requirements.md §1): groups of links as disclosure buttons (the pattern for site
 * navigation, not an ARIA menu), a dropdown per group on large screens and one collapsible
 * panel under the md breakpoint. Mouse, keyboard and touch all go through the same buttons.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { MenuGroup } from '../../content/models';
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

function Group({
  group,
  open,
  onToggle,
  onClose,
}: {
  group: MenuGroup;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
}) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  if (group.links.length === 0) {
    return (
      <li className={styles.group}>
        <SmartLink href={group.lien} newWindow={group.nouvelleFenetre} className={styles.groupLink}>
          {group.titre}
        </SmartLink>
      </li>
    );
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      onClose();
      button.current?.focus();
    }
  };
  return (
    <li className={styles.group} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={styles.groupButton}
        aria-expanded={open}
        aria-controls={id}
        onClick={onToggle}
      >
        {group.titre}
        <span className={styles.chevron} aria-hidden="true" />
      </button>
      <ul id={id} className={styles.links} hidden={!open}>
        {group.links.map((link) => (
          <li key={link.id}>
            <SmartLink href={link.lien} newWindow={link.nouvelleFenetre} className={styles.link}>
              {link.titre}
            </SmartLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

interface MenuState {
  path: string;
  group: string | null;
  panel: boolean;
}

export function MainMenu({ groups, path, extra }: MainMenuProps) {
  const t = useT();
  // What is open belongs to the page it was opened on: a new page shows the menu closed.
  const [menu, setMenu] = useState<MenuState>({ path, group: null, panel: false });
  const current = menu.path === path ? menu : { path, group: null, panel: false };
  const openGroup = current.group;
  const panelOpen = current.panel;
  const setOpenGroup = (update: (group: string | null) => string | null) =>
    setMenu({ ...current, group: update(current.group) });
  const setPanelOpen = (update: (open: boolean) => boolean) =>
    setMenu({ ...current, panel: update(current.panel) });
  const nav = useRef<HTMLElement>(null);
  const panelId = useId();

  // A click or a touch outside closes an open dropdown.
  useEffect(() => {
    if (openGroup === null && !panelOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (nav.current && !nav.current.contains(event.target as Node)) {
        setMenu({ path, group: null, panel: false });
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openGroup, panelOpen, path]);

  if (groups.length === 0 && !extra) return null;
  return (
    <nav
      ref={nav}
      className={styles.nav}
      aria-label={t('entete.navigation')}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && panelOpen) {
          setPanelOpen(() => false);
          nav.current?.querySelector<HTMLButtonElement>(`.${styles.toggle}`)?.focus();
        }
      }}
    >
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={panelOpen}
        aria-controls={panelId}
        onClick={() => setPanelOpen((open) => !open)}
      >
        <span className={styles.burger} aria-hidden="true" />
        <span>{t('entete.menu')}</span>
        <span className="visually-hidden">
          {` ${panelOpen ? t('entete.menu.fermer') : t('entete.menu.ouvrir')}`}
        </span>
      </button>
      <div id={panelId} className={styles.panel} data-open={panelOpen}>
        <ul className={styles.groups}>
          {groups.map((group) => (
            <Group
              key={group.id}
              group={group}
              open={openGroup === group.id}
              onToggle={() => setOpenGroup((current) => (current === group.id ? null : group.id))}
              onClose={() => setOpenGroup(() => null)}
            />
          ))}
        </ul>
        {extra ? <div className={styles.extra}>{extra}</div> : null}
      </div>
    </nav>
  );
}
