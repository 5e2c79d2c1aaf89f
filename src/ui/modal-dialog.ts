/**
 * What the site's modal `<dialog>`s share (the lot modal, the technical-help modal): opened with
 * showModal() (the rest of the page inert, Escape closes, the top layer), Tab kept inside, and a
 * click on the backdrop closes.
 */
import { useLayoutEffect, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), iframe, input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Opens the dialog as a modal in the commit that mounts it, so no frame (and no observer of the
 * page) ever sees it in the document but closed.
 */
export function useShowModal(dialog: RefObject<HTMLDialogElement | null>): void {
  useLayoutEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, [dialog]);
}

/** Tab and Shift+Tab go round inside the dialog instead of out to the browser's own UI. */
export function wrapTab(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey ? active === first : active === last) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

/** A click on the backdrop lands on the dialog itself (its content fills it): close. */
export function closeOnBackdrop(event: MouseEvent<HTMLDialogElement>): void {
  if (event.target === event.currentTarget) event.currentTarget.close();
}
