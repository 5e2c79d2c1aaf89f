/**
 * Where focus goes when the app banner closes (WCAG 2.4.3): its button goes with it, and focus
 * must not fall to the page's body. The banner comes last in Tab order, fixed over the page's
 * end: the last control on screen above it is where the visitor was, and where Shift+Tab from the
 * banner would have gone; with none on screen, the main content. No React: the early start uses
 * it too (early.ts).
 */
const CONTROLS =
  'a[href], button:not([disabled]), summary, input:not([disabled]), select, textarea';

/** Call before the banner goes, while it still says where its top is. */
export function focusBeforeBanner(doc: Document, banner: Element): void {
  const win = doc.defaultView;
  if (!win) return;
  const top = banner.getBoundingClientRect().top;
  const controls = [...doc.querySelectorAll<HTMLElement>(CONTROLS)].filter((control) => {
    if (banner.contains(control)) return false;
    const box = control.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.top >= 0 && box.bottom <= top;
  });
  const target = controls.at(-1) ?? doc.querySelector<HTMLElement>('main');
  target?.focus({ preventScroll: true });
}
