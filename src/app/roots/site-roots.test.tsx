// @vitest-environment node
import { JSDOM } from 'jsdom';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { installSanitizerWindow } from '../../content/sanitize';
import type { Component, MenuLink, Site } from '../../content/models';
import { AppProviders } from '../AppProviders';
import type { Snapshot } from '../state';
import { createAppStore } from '../store';
import { FooterRoot } from './FooterRoot';
import { HeaderRoot } from './HeaderRoot';
import { TEST_LOGICAL_DATE } from '../../../testing/today';

// Windows that close at noon: the state was made in the morning, the page is still open after.
const UNTIL_NOON = { end: '2026-11-21T12:00:00-05:00' };
const link = (titre: string, window = {}): MenuLink => ({
  id: titre,
  titre,
  lien: '/fr/promotions',
  nouvelleFenetre: false,
  window,
});
const ad = (title: string, window = {}): Component => ({
  kind: 'carte',
  id: title,
  name: title,
  fields: { fluid: false, displayCover: false, nouvelleFenetre: false, title, window },
});
const site: Site = {
  header: {
    menu: [{ ...link('Gagnants'), links: [link('Nos gagnants'), link('Gala', UNTIL_NOON)] }],
    messages: [
      { id: 'm1', texte: '<p>Toujours là</p>', window: {} },
      { id: 'm2', texte: '<p>Jusqu’à midi</p>', window: UNTIL_NOON },
    ],
  },
  footer: {
    menu: [{ id: 'c', links: [link('Accueil'), link('Sondage', UNTIL_NOON)] }],
    socialLogos: [],
    corporateLogos: [],
    partners: [],
    pub: [ad('Annonce permanente'), ad('Annonce du matin', UNTIL_NOON)],
    nePasAfficherZonePub: false,
  },
};

function html(logicalDate: string): string {
  const snapshot = {
    path: '/fr/accueil',
    locale: 'fr',
    view: { kind: 'trigger' },
    logicalDate,
    config: { brandName: 'Pari Boréal', devMode: false, timeZone: 'America/Toronto' },
    client: { internetExplorer: false, platform: 'other' },
    site: { locale: 'fr', status: 'ok', site },
    messagesDismissed: false,
  } as Snapshot;
  return renderToString(
    <AppProviders store={createAppStore(snapshot)} ssrPath="/fr/accueil">
      <HeaderRoot />
      <FooterRoot />
    </AppProviders>,
  );
}

describe('header and footer roots', () => {
  beforeAll(() => {
    installSanitizerWindow(new JSDOM('').window);
  });

  it('show the menu links, messages and ads in their window', () => {
    // A minute before the tests' today, when the windows closing at noon are still open.
    const morning = html('2026-11-21 11:59');
    for (const text of ['Gala', 'Jusqu’à midi', 'Sondage', 'Annonce du matin', 'Nos gagnants']) {
      expect(morning).toContain(text);
    }
  });
  it('hide those whose window has closed since the state was made', () => {
    const afternoon = html(TEST_LOGICAL_DATE);
    for (const text of ['Gala', 'Jusqu’à midi', 'Sondage', 'Annonce du matin']) {
      expect(afternoon).not.toContain(text);
    }
    for (const text of ['Nos gagnants', 'Toujours là', 'Accueil', 'Annonce permanente']) {
      expect(afternoon).toContain(text);
    }
  });
});
