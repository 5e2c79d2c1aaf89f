// @vitest-environment jsdom
/**
 * The footer's body travels as the server's markup, not again in the hydration state
 * (docs/decisions/0042): hydrated without it, the footer is the server's byte for byte, its links
 * still navigate client-side, and a new language's site node draws it from its content again.
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { MenuLink, Site } from '../../content/models';
import { divertNavigation } from '../../ui/navigation';
import { AppProviders } from '../AppProviders';
import { forHydration } from '../hydration-state';
import type { Snapshot } from '../state';
import { createAppStore } from '../store';
import { readState } from '../wire';
import { FooterRoot } from './FooterRoot';
import { TEST_LOGICAL_DATE } from '../../../testing/today';

const link = (titre: string, lien: string, window = {}): MenuLink => ({
  id: titre,
  titre,
  lien,
  nouvelleFenetre: false,
  window,
});
const site = (column: string, links: MenuLink[]): Site => ({
  header: { menu: [], messages: [] },
  footer: {
    menu: [{ id: 'c', entete: column, links }],
    telephone: { numeroTelephone: '1 800 555-0199', nouvelleFenetre: false },
    socialLogos: [],
    corporateLogos: [],
    partners: [],
    pub: [],
    noteLegale: '<p>Note légale <a href="/fr/aide">aide</a></p>',
    nePasAfficherZonePub: false,
  },
});
const french = site('Le site', [link('Accueil', '/fr/accueil'), link('Sondage', '/fr/sondage')]);

function snapshotWith(footerSite: Site): Snapshot {
  return {
    path: '/fr/accueil',
    locale: 'fr',
    view: { kind: 'trigger' },
    logicalDate: TEST_LOGICAL_DATE,
    origin: 'https://example.test',
    config: { brandName: 'Pari Boréal', devMode: false, timeZone: 'America/Toronto' },
    client: { internetExplorer: false, platform: 'other' },
    site: { locale: 'fr', status: 'ok', site: footerSite },
    messagesDismissed: false,
  } as Snapshot;
}

const tree = (store: ReturnType<typeof createAppStore>) => (
  <AppProviders store={store} ssrPath="/fr/accueil">
    <FooterRoot />
  </AppProviders>
);

function hydrated(snapshot: Snapshot) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree(createAppStore(snapshot)));
  document.body.append(container);
  const server = container.innerHTML;
  const wire = JSON.stringify(forHydration(snapshot));
  const store = createAppStore(readState(wire));
  const errors: unknown[] = [];
  act(() => {
    hydrateRoot(container, tree(store), { onRecoverableError: (error) => errors.push(error) });
  });
  return { container, server, wire, store, errors };
}

// The state changes below are React's to apply inside act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the footer body kept from the server', () => {
  it('leaves the state, and hydrates to the same markup without an error', () => {
    const { container, server, wire, errors } = hydrated(snapshotWith(french));
    for (const text of ['Le site', 'Sondage', '1 800 555-0199', 'Note légale']) {
      expect(server).toContain(text);
      expect(wire).not.toContain(text);
    }
    expect(wire).toContain('"footerKept":true');
    expect(errors).toEqual([]);
    expect(container.innerHTML).toBe(server);
  });

  it('still navigates client-side on its links', () => {
    const { container } = hydrated(snapshotWith(french));
    const moves: string[] = [];
    divertNavigation((to) => moves.push(to));
    for (const href of ['/fr/accueil', '/fr/aide']) {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      container.querySelector(`a[href="${href}"]`)?.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(true);
    }
    expect(moves).toEqual(['/fr/accueil', '/fr/aide']);
  });

  it('is drawn from the content again when another language’s site node arrives', () => {
    const { container, store } = hydrated(snapshotWith(french));
    const english = site('The site', [link('Home', '/en/home')]);
    act(() => {
      store.getState().setSite({ locale: 'en', status: 'ok', site: english });
    });
    expect(container.textContent).toContain('The site');
    expect(container.textContent).not.toContain('Le site');
    expect(container.querySelector('a[href="/en/home"]')).not.toBeNull();
  });

  it('stays in the state when one of its links still appears or disappears', () => {
    const closing = site('Le site', [
      link('Accueil', '/fr/accueil'),
      link('Sondage', '/fr/sondage', { end: '2026-11-21T18:00:00-05:00' }),
    ]);
    const { container, server, wire, errors } = hydrated(snapshotWith(closing));
    expect(wire).toContain('Sondage');
    expect(wire).not.toContain('footerKept');
    expect(errors).toEqual([]);
    expect(container.innerHTML).toBe(server);
  });
});
