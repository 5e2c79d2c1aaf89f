/**
 * Tabs block (`contenant-onglets`): pill-style justified tabs driven by the URL fragment. A tab
 * is active when the fragment is its `lienCle`; clicking a tab puts its key in the fragment.
 * Keyboard: the WAI-ARIA tab list (arrows, Home, End, roving tabindex, automatic activation).
 * Without script the tabs could not switch: every panel shows instead (Tabs.module.css).
 */
import { Fragment, use, useId, useRef, useState, type KeyboardEvent } from 'react';
import { isInWindow } from '../../domain/display-window';
import { frameClasses, statsData } from '../../ui/frame';
import { useT } from '../../ui/i18n';
import { useNow } from '../../ui/now';
import { EditContext } from '../../ui/edit-context';
import { Children } from '../children';
import type { BlockProps } from '../types';
import { setLocationHash, useLocationHash } from '../shared/location-hash';
import { keyTarget, matchingTab } from './tabs-model';
import styles from './Tabs.module.css';

type Tab = BlockProps<'contenant-onglets'>['component']['tabs'][number];

/** The tab shown: the one the fragment names, else the last one chosen here. */
function useActiveTab(tabs: Tab[]) {
  const hash = useLocationHash();
  const matched = matchingTab(
    tabs.map((tab) => tab.lienCle),
    hash,
  );
  // The last tab chosen here: kept when the fragment moves on to something else on the page
  // (an accordion's anchor, another tab block's key), so this block does not jump back.
  const [chosen, setChosen] = useState(0);
  const [seen, setSeen] = useState<number | null>(null);
  if (matched !== seen) {
    // State adjusted while rendering (React's pattern for it), not in an effect.
    setSeen(matched);
    if (matched !== null) setChosen(matched);
  }
  const select = (index: number) => {
    const tab = tabs[index];
    if (!tab) return;
    setChosen(index);
    setLocationHash(tab.lienCle);
  };
  return { active: matched ?? Math.min(chosen, tabs.length - 1), select };
}

export function Tabs({ component }: BlockProps<'contenant-onglets'>) {
  const { tabs, fields } = component;
  const t = useT();
  const now = useNow();
  // Edit mode (docs/editing.md): the tabs are the `onglets` area's nodes.
  const edit = use(EditContext);
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const { active, select } = useActiveTab(tabs);

  if (tabs.length === 0 && !edit) return null;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = keyTarget(event.key, index, tabs.length);
    if (target === null) return;
    event.preventDefault();
    select(target);
    tabRefs.current[target]?.focus();
  };
  const tabId = (i: number) => `${baseId}-tab-${i}`;
  const panelId = (i: number) => `${baseId}-panel-${i}`;

  const panel = (i: number) => {
    const tab = tabs[i];
    if (!tab) return null;
    const empty = !tab.children.some((c) => isInWindow(c.fields.window, now));
    return (
      <Fragment key={tab.id}>
        {/* Shown without script only, where every panel shows under its title (Tabs.module.css). */}
        <p className={styles.panelTitle}>{tab.titre}</p>
        <div
          role="tabpanel"
          id={panelId(i)}
          aria-labelledby={tabId(i)}
          // The panel itself takes the focus when its content has nothing focusable.
          tabIndex={0}
          hidden={i !== active}
          className={styles.panel}
        >
          {empty && !edit ? (
            <p className={styles.empty}>{t('onglets.aucunContenu')}</p>
          ) : (
            <Children list={tab.children} area="composantes" aside={i > 0} />
          )}
        </div>
      </Fragment>
    );
  };

  return (
    <div className={`${frameClasses(fields)} ${styles.tabs}`} {...statsData(fields)}>
      <div role="tablist" className={styles.list} aria-label={fields.title}>
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(i)}
            aria-selected={i === active}
            aria-controls={panelId(i)}
            tabIndex={i === active ? 0 : -1}
            className={styles.tab}
            data-key={tab.lienCle}
            onClick={() => select(i)}
            onKeyDown={(event) => onKeyDown(event, i)}
          >
            {tab.titre}
          </button>
        ))}
      </div>
      {edit ? (
        <edit.Area
          area="onglets"
          shown={tabs.map((tab) => ({ id: tab.id, kind: 'onglet' }))}
          render={panel}
        />
      ) : (
        tabs.map((_, i) => panel(i))
      )}
    </div>
  );
}
