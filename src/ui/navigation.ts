/** Client-side navigation in history mode, shared by every React root (one browser location). */
import { navigate as pushLocation } from 'wouter/use-browser-location';
import type { LinkAction } from '../domain/links';

type Move = (to: string, options?: { replace?: boolean }) => void;

/** Set by an editor's preview (src/app/preview-client.ts): where each move goes instead. */
let divert: Move | undefined;

/**
 * Sends every move elsewhere from now on: the preview loads the preview of each target as a
 * whole page (docs/preview.md). Its code comes only with a preview, not with the site's pages.
 */
export function divertNavigation(move: Move): void {
  divert = move;
}

export function navigate(to: string, options?: { replace?: boolean }): void {
  if (divert) divert(to, options);
  else pushLocation(to, options);
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

/** On what SmartLink renders an action link as: its action, for markup kept without React. */
export const LINK_ACTION_ATTRIBUTE = 'data-link-action';

export function runLinkAction(action: LinkAction): void {
  window.dispatchEvent(new CustomEvent(LINK_ACTION_EVENT, { detail: action }));
}
