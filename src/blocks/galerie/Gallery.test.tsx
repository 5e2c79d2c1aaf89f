// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComponentOf } from '../../content/models';
import type { Locale } from '../../domain/locale';
import { LocaleContext } from '../../ui/i18n';
import type { EmblaApi, EmblaEngineProps } from '../shared/EmblaEngine';
import { Gallery } from './Gallery';

const fake = vi.hoisted(() => ({ calls: [] as string[], options: [] as unknown[] }));

vi.mock('../shared/EmblaEngine', async () => {
  const { useEffect } = await import('react');
  let index = 0;
  const api = {
    canScrollPrev: () => index > 0,
    canScrollNext: () => index < 1,
    scrollPrev: () => fake.calls.push('scrollPrev'),
    scrollNext: () => {
      fake.calls.push('scrollNext');
      index = 1;
    },
    on: () => api,
    off: () => api,
  };
  return {
    default: function FakeEngine({ onApi, options }: EmblaEngineProps) {
      useEffect(() => {
        fake.options.push(options);
        onApi(api as unknown as EmblaApi);
      }, [onApi, options]);
      return null;
    },
  };
});

const gallery = (over: Partial<ComponentOf<'galerie'>['fields']> = {}): ComponentOf<'galerie'> => ({
  kind: 'galerie',
  id: 'g',
  name: 'g',
  fields: { fluid: false, displayCover: false, nouvelleFenetre: false, window: {}, ...over },
  images: [
    { id: 'p1', image: { src: 'https://m.example/1', alt: 'Photo 1' }, nouvelleFenetre: false },
    {
      id: 'p2',
      image: { src: 'https://m.example/2', alt: 'Photo 2' },
      lien: '/fr/gagnants',
      nouvelleFenetre: false,
    },
    { id: 'p3', image: { src: 'https://m.example/3', alt: 'Photo 3' }, nouvelleFenetre: false },
  ],
});

const ui = (component: ComponentOf<'galerie'>, locale: Locale = 'fr') => (
  <LocaleContext.Provider value={locale}>
    <Gallery component={component} />
  </LocaleContext.Provider>
);

describe('gallery markup from the server', () => {
  it('lists the images in order, a link where there is one, with no style attribute', () => {
    const html = renderToString(ui(gallery({ title: 'La saison' })));
    expect(html.match(/<li /g)).toHaveLength(3);
    expect(html.indexOf('Photo 1')).toBeLessThan(html.indexOf('Photo 3'));
    expect(html).toMatch(/<a href="\/fr\/gagnants"[^>]*><img[^>]*alt="Photo 2"/);
    expect(html).toMatch(/<h2[^>]*>La saison<\/h2>/);
    expect(html).toContain('aria-labelledby');
    expect(html).not.toContain('style=');
  });

  it('has previous and next buttons but no dots, in both languages', () => {
    const fr = renderToString(ui(gallery()));
    expect(fr).toContain('aria-label="Galerie d’images"');
    expect(fr).toContain('Images précédentes');
    expect(fr).toMatch(/<button[^>]*disabled=""[^>]*>.*Images précédentes/);
    const en = renderToString(ui(gallery(), 'en'));
    expect(en).toContain('Next images');
    expect(en.match(/<button/g)).toHaveLength(2);
  });
});

describe('gallery in the browser', () => {
  afterEach(cleanup);

  it('never loops, and moves with its buttons and the arrow keys', async () => {
    render(ui(gallery(), 'en'));
    await act(async () => {
      await Promise.resolve();
    });
    await vi.waitFor(() => expect(fake.options).toHaveLength(1));
    expect(fake.options[0]).toMatchObject({ loop: false, align: 'start' });
    const next = screen.getByRole('button', { name: 'Next images' });
    fireEvent.click(next);
    expect(fake.calls).toEqual(['scrollNext']);
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(fake.calls).toEqual(['scrollNext', 'scrollPrev']);
  });
});
