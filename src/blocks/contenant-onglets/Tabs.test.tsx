// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Component } from '../../content/models';
import { Providers, fields, texte } from '../../../testing/blocks';
import { Tabs } from './Tabs';

const tabs: Extract<Component, { kind: 'contenant-onglets' }> = {
  kind: 'contenant-onglets',
  id: 'tabs',
  name: 'tabs',
  fields: fields(),
  tabs: [
    { id: 't1', titre: 'Hockey', lienCle: 'hockey', children: [texte('a', '<p>Puck</p>')] },
    { id: 't2', titre: 'Soccer', lienCle: 'soccer', children: [texte('b', '<p>Ball</p>')] },
    { id: 't3', titre: 'Bientôt', lienCle: 'bientot', children: [] },
  ],
};

const ui = (locale: 'fr' | 'en' = 'fr') => (
  <Providers locale={locale}>
    <Tabs component={tabs} />
  </Providers>
);

function setHash(hash: string) {
  act(() => {
    window.location.hash = hash;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
}

const selected = () => screen.getByRole('tab', { selected: true });

beforeEach(() => {
  window.history.replaceState(null, '', '/fr/accueil');
});
afterEach(cleanup);

describe('tabs block', () => {
  it('renders the first tab active on the server, with the ARIA tab roles', () => {
    const html = renderToString(ui());
    expect(html).toContain('role="tablist"');
    expect(html.match(/role="tab"/g)).toHaveLength(3);
    expect(html).toMatch(/aria-selected="true"[^>]*tabindex="0"[^>]*>Hockey</);
    expect(html.match(/role="tabpanel"[^>]*hidden=""/g)).toHaveLength(2);
  });

  it('sends every panel in the server HTML, each under its title, for a reader without script', () => {
    // Issue 45: without script the tabs cannot switch; the CSS shows every panel instead.
    const html = renderToString(ui());
    for (const [title, content] of [
      ['Hockey', 'Puck'],
      ['Soccer', 'Ball'],
      ['Bientôt', 'Aucun contenu'],
    ]) {
      expect(html).toMatch(
        new RegExp(`<p[^>]*>${title}</p><div role="tabpanel"[^>]*>.*?${content}`),
      );
    }
  });

  it('keeps the title as written (upper case is for the eye only)', () => {
    render(ui());
    expect(screen.getByRole('tab', { name: 'Bientôt' }).textContent).toBe('Bientôt');
  });

  it('activates the tab named by the fragment on load and on change', () => {
    window.history.replaceState(null, '', '/fr/accueil#soccer');
    render(ui());
    expect(selected().textContent).toBe('Soccer');
    expect(screen.getByRole('tabpanel').textContent).toContain('Ball');
    setHash('#hockey');
    expect(selected().textContent).toBe('Hockey');
  });

  it('shows the first tab when no fragment matches, including one that is no selector', () => {
    window.history.replaceState(null, '', '/fr/accueil#1:x[');
    render(ui());
    expect(selected().textContent).toBe('Hockey');
  });

  it('puts the key of a clicked tab in the fragment without adding history', () => {
    render(ui());
    const before = window.history.length;
    fireEvent.click(screen.getByRole('tab', { name: 'Soccer' }));
    expect(window.location.hash).toBe('#soccer');
    expect(window.location.pathname).toBe('/fr/accueil');
    expect(window.history.length).toBe(before);
    expect(selected().textContent).toBe('Soccer');
  });

  it('moves between tabs with the arrow keys, Home and End (roving tabindex)', () => {
    render(ui());
    const first = screen.getByRole('tab', { name: 'Hockey' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    const second = screen.getByRole('tab', { name: 'Soccer' });
    expect(document.activeElement).toBe(second);
    expect(second.getAttribute('tabindex')).toBe('0');
    expect(first.getAttribute('tabindex')).toBe('-1');
    expect(window.location.hash).toBe('#soccer');
    fireEvent.keyDown(second, { key: 'End' });
    expect(selected().textContent).toBe('Bientôt');
    fireEvent.keyDown(selected(), { key: 'ArrowRight' });
    expect(selected().textContent).toBe('Hockey');
    fireEvent.keyDown(selected(), { key: 'ArrowLeft' });
    expect(selected().textContent).toBe('Bientôt');
    fireEvent.keyDown(selected(), { key: 'Home' });
    expect(selected().textContent).toBe('Hockey');
  });

  it('links each tab to its panel', () => {
    render(ui());
    const tab = selected();
    const panel = screen.getByRole('tabpanel');
    expect(tab.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(tab.id);
  });

  it('says so in an empty tab, in both languages', () => {
    window.history.replaceState(null, '', '/fr/accueil#bientot');
    render(ui());
    expect(screen.getByRole('tabpanel').textContent).toBe(
      'Aucun contenu dans cet onglet pour le moment.',
    );
    cleanup();
    render(ui('en'));
    expect(screen.getByRole('tabpanel').textContent).toBe('No content in this tab yet.');
  });

  it('hydrates the first tab of the server without a mismatch, then follows the fragment', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui());
    document.body.append(container);
    window.history.replaceState(null, '', '/fr/accueil#soccer');
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, ui(), { onRecoverableError: (error) => errors.push(error) });
      await Promise.resolve();
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('[aria-selected="true"]')?.textContent).toBe('Soccer');
    container.remove();
  });
});
