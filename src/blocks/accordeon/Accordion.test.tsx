// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Component } from '../../content/models';
import { DepthContext } from '../../ui/Heading';
import { Providers, fields, texte, PAST } from '../../../testing/blocks';
import { Accordion } from './Accordion';

type Acc = Extract<Component, { kind: 'accordeon' }>;
const accordion = (over: Partial<Acc> = {}): Acc => ({
  kind: 'accordeon',
  id: 'acc',
  name: 'acc',
  fields: fields(),
  titre: 'Comment placer un pari ?',
  ancre: 'comment-parier',
  children: [texte('t', '<p>Choisissez un match.</p>')],
  ...over,
});

const ui = (component: Acc = accordion(), locale: 'fr' | 'en' = 'fr') => (
  <Providers locale={locale}>
    <Accordion component={component} />
  </Providers>
);

let scrolled: ScrollIntoViewOptions[] = [];
beforeEach(() => {
  scrolled = [];
  window.history.replaceState(null, '', '/fr/accueil');
  Element.prototype.scrollIntoView = function (options?: boolean | ScrollIntoViewOptions) {
    scrolled.push(typeof options === 'object' ? options : {});
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: false, media: query }) as MediaQueryList,
  );
});
afterEach(cleanup);

/** The disclosure: a `<details>`, which the browser itself opens and closes (e2e tests). */
const details = () => document.getElementsByTagName('details')[0] as HTMLDetailsElement;

describe('accordion block', () => {
  it('never takes one of the page’s own ids, even from a model that was not checked', () => {
    for (const ancre of ['app-state', 'mount-main', '"><x', '_r_1_']) {
      const html = renderToStaticMarkup(ui(accordion({ ancre })));
      expect(html).toMatch(/^<div class=/);
      expect(html).not.toContain(`id="${ancre}"`);
      expect(html).not.toContain('id="&quot;&gt;<x"');
    }
  });
  it('renders closed on the server, content in the HTML, heading level from the depth', () => {
    const html = renderToStaticMarkup(
      <DepthContext.Provider value={1}>{ui()}</DepthContext.Provider>,
    );
    // The anchor is the panel's, inside the details: the browser opens it on the fragment.
    expect(html).toMatch(/<details[^>]*>.*<div id="comment-parier" role="region"/);
    expect(html).toMatch(
      /<details class="[^"]*"><summary[^>]*><h3[^>]*>Comment placer un pari \?<\/h3>/,
    );
    expect(html).not.toMatch(/<details[^>]* open/);
    expect(html).toContain('Choisissez un match.');
  });

  it('labels its panel with its summary', () => {
    render(ui());
    const summary = details().querySelector('summary');
    const panel = screen.getByRole('region', { hidden: true });
    expect(panel.getAttribute('aria-labelledby')).toBe(summary?.id);
    expect(details().open).toBe(false);
  });

  it('opens and scrolls smoothly when loaded with its anchor as the fragment', () => {
    window.history.replaceState(null, '', '/fr/accueil#comment-parier');
    render(ui());
    expect(details().open).toBe(true);
    expect(scrolled).toEqual([{ behavior: 'smooth', block: 'start' }]);
  });

  it('opens and scrolls when the fragment changes to its anchor', () => {
    render(ui());
    expect(details().open).toBe(false);
    act(() => {
      window.location.hash = '#comment-parier';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(details().open).toBe(true);
    expect(scrolled).toHaveLength(1);
  });

  it('scrolls without animation when reduced motion is asked for', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: true, media: query }) as MediaQueryList,
    );
    window.history.replaceState(null, '', '/fr/accueil#comment-parier');
    render(ui());
    expect(scrolled).toEqual([{ behavior: 'auto', block: 'start' }]);
  });

  it('ignores a fragment that is not a valid selector, without throwing', () => {
    const querySelector = vi.spyOn(document, 'querySelector');
    window.history.replaceState(null, '', '/fr/accueil#1:x[');
    expect(() => render(ui())).not.toThrow();
    expect(details().open).toBe(false);
    expect(querySelector).not.toHaveBeenCalled();
    expect(scrolled).toEqual([]);
  });

  it('says so when empty or when all its content is out of its window, in both languages', () => {
    render(ui(accordion({ children: [] })));
    expect(screen.getByRole('region', { hidden: true }).textContent).toBe(
      'Aucun contenu dans cette section pour le moment.',
    );
    cleanup();
    render(
      ui(accordion({ children: [texte('old', '<p>Old</p>', { window: { end: PAST } })] }), 'en'),
    );
    expect(screen.getByRole('region', { hidden: true }).textContent).toBe(
      'No content in this section yet.',
    );
  });
});
