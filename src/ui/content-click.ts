/**
 * Clicks in markup React does not render link by link (editors' rich text, static trees kept
 * from the server, docs/decisions/0037): the site's links behave as everywhere else. An
 * allow-listed action runs; an internal link navigates client-side (off the site, from `base`).
 */
import type { MouseEvent } from 'react';
import { classifyLink, type LinkAction } from '../domain/links';
import { isPlainClick, LINK_ACTION_ATTRIBUTE, navigate, runLinkAction } from './navigation';

export function followContentLink(event: MouseEvent<HTMLElement>, base = ''): void {
  // Prevented already (the editor bridge, in Magnolia's page editor): the click is not ours.
  if (event.defaultPrevented) return;
  const target = event.target as Element;
  const action = target.closest(`[${LINK_ACTION_ATTRIBUTE}]`)?.getAttribute(LINK_ACTION_ATTRIBUTE);
  if (action) {
    runLinkAction(action as LinkAction);
    return;
  }
  const anchor = target.closest('a');
  if (!anchor || anchor.target === '_blank' || !isPlainClick(event)) return;
  const link = classifyLink(anchor.getAttribute('href'));
  if (link.kind !== 'internal') return;
  event.preventDefault();
  if (base) window.location.assign(base + link.href);
  else navigate(link.href);
}
