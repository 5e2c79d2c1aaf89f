// @vitest-environment jsdom
/**
 * Clicks in markup React does not render link by link (src/ui/content-click.ts): a click whose
 * default is already prevented (the editor bridge in Magnolia's page editor, docs/editing.md) is
 * left alone, an action as much as a link; a plain one is the site's.
 */
import type { MouseEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followContentLink } from './content-click';
import { LINK_ACTION_ATTRIBUTE, LINK_ACTION_EVENT } from './navigation';

/** A click on `selector` inside `html`, as React hands it on (the fields the handler reads). */
function clickOn(html: string, selector: string, prevented: boolean) {
  document.body.innerHTML = html;
  const target = document.querySelector(selector);
  if (!target) throw new Error(`no ${selector}`);
  const preventDefault = vi.fn();
  const event = {
    target,
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: prevented,
    preventDefault,
  } as unknown as MouseEvent<HTMLElement>;
  return { event, preventDefault };
}

describe('a click in kept markup', () => {
  const actions: unknown[] = [];
  const onAction = (event: Event) => actions.push((event as CustomEvent).detail);
  window.addEventListener(LINK_ACTION_EVENT, onAction);
  afterEach(() => {
    actions.length = 0;
    window.history.replaceState(null, '', '/');
  });

  it('runs an action, and navigates an internal link client-side, when its default is free', () => {
    const action = clickOn(
      `<button ${LINK_ACTION_ATTRIBUTE}="consent-preferences">x</button>`,
      'button',
      false,
    );
    followContentLink(action.event);
    expect(actions).toEqual(['consent-preferences']);
    const link = clickOn('<a href="/fr/promotions">x</a>', 'a', false);
    followContentLink(link.event);
    expect(link.preventDefault).toHaveBeenCalled();
    expect(window.location.pathname).toBe('/fr/promotions');
  });

  it('leaves a click whose default is prevented already (the page editor’s) alone', () => {
    const action = clickOn(
      `<button ${LINK_ACTION_ATTRIBUTE}="consent-preferences">x</button>`,
      'button',
      true,
    );
    followContentLink(action.event);
    expect(actions).toEqual([]);
    const link = clickOn('<a href="/fr/promotions">x</a>', 'a', true);
    followContentLink(link.event);
    expect(link.preventDefault).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/');
  });
});
