/** Client-side navigation in history mode, shared by every React root (one browser location). */
import { navigate as pushLocation } from 'wouter/use-browser-location';
import type { LinkAction } from '../domain/links';
import { previewHref } from '../domain/routes';

/** The preview's own query (`token`, `date`) while the page is an editor's preview. */
let previewQuery: string | undefined;

/**
 * An editor's preview (docs/preview.md): every move inside the site loads the preview of its
 * target, token and date kept, as a whole page (the preview is drawn by the server alone).
 */
export function enterPreview(query: string): void {
  previewQuery = query;
}

export function navigate(to: string, options?: { replace?: boolean }): void {
  if (previewQuery !== undefined) {
    const target = previewHref(to, previewQuery);
    if (options?.replace) window.location.replace(target);
    else window.location.assign(target);
    return;
  }
  pushLocation(to, options);
}

/** A left click without modifiers on a same-window link: the app may handle it itself. */
export function isPlainClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}

/**
 * Allow-listed actions of `javascript:` links are announced as an event that features handle
 * (`detail` is the LinkAction): the technical-help modal listens for `client-config`, the
 * cookie settings for `consent-preferences` (src/features/consent-preferences).
 */
export const LINK_ACTION_EVENT = 'site:link-action';

export function runLinkAction(action: LinkAction): void {
  window.dispatchEvent(new CustomEvent(LINK_ACTION_EVENT, { detail: action }));
}
