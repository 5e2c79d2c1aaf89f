// @vitest-environment jsdom
/**
 * The browser keeps a static tree's server markup as it is (docs/decisions/0037): hydrated from
 * stubs, the page is the server's, byte for byte, without a hydration error, and its links
 * still behave as the site's links (internal ones navigate client-side, actions run).
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { Component } from '../content/models';
import { divertNavigation, LINK_ACTION_EVENT } from '../ui/navigation';
import { NowContext } from '../ui/now';
import { Components } from './Components';
import { fields } from '../../testing/fields';
import { stubStaticTrees } from './static-blocks';
import { TEST_NOW } from '../../testing/today';

const page: Component[] = [
  {
    kind: 'section',
    id: 's',
    name: 's',
    fields: fields({ title: 'Section' }),
    children: [
      {
        kind: 'carte',
        id: 'c',
        name: 'c',
        fields: fields({ title: 'Carte', lien: '/fr/promotions', texteLien: 'Voir' }),
      },
      {
        kind: 'texte',
        id: 't',
        name: 't',
        fields: fields({
          texte: '<p><a href="/fr/aide">Aide</a> <a href="https://example.com/">Ailleurs</a></p>',
        }),
      },
      {
        kind: 'carte',
        id: 'a',
        name: 'a',
        fields: fields({
          title: 'Témoins',
          lien: 'javascript:Didomi.preferences.show()',
          texteLien: 'Réglages',
        }),
      },
    ],
  },
];
const NOW = TEST_NOW;
const tree = (list: readonly Component[]) => (
  <NowContext.Provider value={NOW}>
    <Components list={list} />
  </NowContext.Provider>
);

afterEach(() => {
  document.body.innerHTML = '';
});

function hydrated() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree(page));
  document.body.append(container);
  const server = container.innerHTML;
  const errors: unknown[] = [];
  act(() => {
    hydrateRoot(container, tree(stubStaticTrees(page, NOW)), {
      onRecoverableError: (error) => errors.push(error),
    });
  });
  return { container, server, errors };
}

describe('a static tree hydrated from its stub', () => {
  it('keeps the server markup as it is, without a hydration error', () => {
    const { container, server, errors } = hydrated();
    expect(errors).toEqual([]);
    expect(container.innerHTML).toBe(server);
    expect(container.textContent).toContain('Carte');
  });

  it('still navigates client-side on internal links and runs allow-listed actions', () => {
    const { container } = hydrated();
    const moves: string[] = [];
    divertNavigation((to) => moves.push(to));
    const actions: unknown[] = [];
    const onAction = (event: Event) => actions.push((event as CustomEvent).detail);
    window.addEventListener(LINK_ACTION_EVENT, onAction);
    const click = (element: Element | null) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      element?.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(click(container.querySelector('a[href="/fr/promotions"]'))).toBe(true);
    expect(click(container.querySelector('a[href="/fr/aide"]'))).toBe(true);
    // An external link is the browser's: not prevented, not navigated.
    expect(click(container.querySelector('a[href="https://example.com/"]'))).toBe(false);
    click(container.querySelector('[data-link-action]'));
    window.removeEventListener(LINK_ACTION_EVENT, onAction);
    expect(moves).toEqual(['/fr/promotions', '/fr/aide']);
    expect(actions).toEqual(['consent-preferences']);
  });
});
