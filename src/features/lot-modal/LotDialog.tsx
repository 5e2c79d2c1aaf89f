/**
 * The winners / tickets dialog (docs/requirements.md §2 "Winners / tickets modal"): one lot at a time, with
 * previous / next through the list it was opened on. Loaded on first use (see LotModal).
 *
 * A native modal <dialog>, as the technical-help modal: showModal() makes the rest of the page
 * inert, Escape closes it, the top layer puts it above everything. The page behind stops
 * scrolling (CSS), Tab wraps inside it, and the host gives focus back to the opener.
 */
import {
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import type { Lot } from '../../content/models';
import type { LotCaller } from '../../domain/lots';
import { useLateT } from '../../ui/i18n';
import { closeOnBackdrop, useShowModal, wrapTab } from '../../ui/modal-dialog';
import { canStep, clampIndex, step } from './rules';
import { LotView } from './LotView';
import modal from '../../ui/modal-dialog.module.css';
import styles from './LotDialog.module.css';

interface LotDialogProps {
  lots: readonly Lot[];
  initialIndex: number;
  caller: LotCaller;
  /** Each lot as it comes into view: the host puts its name in the address. */
  onShown: (lot: Lot) => void;
  onClosed: () => void;
}

/** Tab wraps inside the dialog; the arrows step through the lots. */
function dialogKeys(go: (delta: -1 | 1) => void) {
  return (event: ReactKeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Tab') {
      wrapTab(event);
      return;
    }
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    // Alt+Left is the browser's "back"; the player keeps its own keys (seek).
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target instanceof HTMLIFrameElement) return;
    event.preventDefault();
    go(event.key === 'ArrowLeft' ? -1 : 1);
  };
}

export function LotDialog({ lots, initialIndex, caller, onShown, onClosed }: LotDialogProps) {
  const t = useLateT();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const body = useRef<HTMLDivElement>(null);
  // A detail from elsewhere may point past its list.
  const [index, setIndex] = useState(() => clampIndex(initialIndex, lots.length));
  const lot = lots[index];
  const total = lots.length;

  useShowModal(dialog);

  // Each lot starts at its top (docs/requirements.md §2), before the browser paints it.
  useLayoutEffect(() => {
    body.current?.scrollTo({ top: 0 });
  }, [index]);

  // Once per lot shown, not per render of the host; before the browser paints it, so the lot's
  // history entry is there by the time a visitor can press Back.
  const announce = useEffectEvent((shown: Lot) => onShown(shown));
  useLayoutEffect(() => {
    if (lot) announce(lot);
  }, [lot]);

  const go = (delta: -1 | 1) => {
    if (canStep(index, delta, total)) setIndex(step(index, delta, total));
  };

  const previous = canStep(index, -1, total);
  const next = canStep(index, 1, total);

  return (
    <dialog
      ref={dialog}
      className={`${modal.dialog} ${styles.dialog}`}
      aria-labelledby={titleId}
      data-testid="lot-modal"
      data-caller={caller}
      data-lot={lot?.name}
      onClose={onClosed}
      onKeyDown={dialogKeys(go)}
      onClick={closeOnBackdrop}
    >
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {t(caller === 'billet' ? 'lot.titre.billet' : 'lot.titre.gagnant')}
        </h2>
        <button
          type="button"
          className={`${modal.close} ${styles.close}`}
          aria-label={t('lot.fermer')}
          onClick={() => dialog.current?.close()}
        >
          X
        </button>
      </div>
      {/* Focusable, so that the keyboard can scroll a lot taller than the screen. */}
      <div
        ref={body}
        className={styles.body}
        tabIndex={0}
        role="group"
        aria-labelledby={titleId}
        data-testid="lot-body"
      >
        {/* Keyed by lot: the new lot fades in (150 ms, docs/requirements.md §9) and its player starts anew. */}
        {lot ? <LotView key={`${String(index)}-${lot.name}`} lot={lot} caller={caller} /> : null}
      </div>
      <div className={styles.foot}>
        <button
          type="button"
          className={styles.arrow}
          aria-disabled={!previous}
          onClick={() => go(-1)}
          data-testid="lot-previous"
        >
          <span aria-hidden="true" className={styles.chevron}>
            ‹
          </span>
          <span>{t('lot.precedent')}</span>
        </button>
        <p className={styles.position} aria-live="polite" aria-atomic="true">
          {t('lot.position', { n: index + 1, total })}
        </p>
        <button
          type="button"
          className={styles.arrow}
          aria-disabled={!next}
          onClick={() => go(1)}
          data-testid="lot-next"
        >
          <span>{t('lot.suivant')}</span>
          <span aria-hidden="true" className={styles.chevron}>
            ›
          </span>
        </button>
      </div>
    </dialog>
  );
}
