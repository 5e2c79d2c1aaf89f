// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BlockFields, ComponentOf, Slide } from '../../content/models';
import type { Locale } from '../../domain/locale';
import { LocaleContext } from '../../ui/i18n';
import { NowContext } from '../../ui/now';
import { Carousel } from './Carousel';
import type { EmblaApi, EmblaEngineProps } from '../shared/EmblaEngine';
import { TEST_NOW } from '../../../testing/today';

// Embla itself needs layout; a stand-in records what the block asks of it.
const fake = vi.hoisted(() => ({
  calls: [] as string[],
  listeners: new Map<string, () => void>(),
  selected: 0,
}));

vi.mock('../shared/EmblaEngine', async () => {
  const { useEffect } = await import('react');
  const api = {
    scrollSnapList: () => [0, 1, 2],
    slideNodes: () => [...document.querySelectorAll<HTMLElement>('[data-slide]')],
    selectedScrollSnap: () => fake.selected,
    scrollTo: (index: number, jump?: boolean) => {
      fake.calls.push(`scrollTo ${index} ${String(jump)}`);
      fake.selected = index;
    },
    scrollPrev: () => fake.calls.push('scrollPrev'),
    scrollNext: () => fake.calls.push('scrollNext'),
    on(event: string, listener: () => void) {
      fake.listeners.set(event, listener);
      return api;
    },
    off() {
      return api;
    },
    plugins: () => ({
      autoplay: {
        play: () => fake.calls.push('play'),
        stop: () => fake.calls.push('stop'),
      },
    }),
  };
  return {
    default: function FakeEngine({ onApi, autoplayDelay }: EmblaEngineProps) {
      useEffect(() => {
        fake.calls.push(`delay ${String(autoplayDelay)}`);
        onApi(api as unknown as EmblaApi);
      }, [onApi, autoplayDelay]);
      return null;
    },
  };
});

const NOW = TEST_NOW;
const img = (name: string) => ({ src: `https://m.example/${name}`, alt: '' });

function slide(id: string, over: Partial<BlockFields> = {}): Slide {
  return {
    id,
    theme: 'sombre',
    imagePosition: 'droite',
    imageLegende: `Caption ${id}`,
    fields: {
      fluid: false,
      displayCover: false,
      nouvelleFenetre: false,
      window: {},
      title: `Title ${id}`,
      texte: `<p>Text ${id}</p>`,
      lien: '/fr/promotions',
      texteLien: `Link ${id}`,
      image: img(`${id}-d`),
      imageMobile: img(`${id}-m`),
      ...over,
    },
  };
}

function carousel(
  slides: Slide[],
  over: Partial<ComponentOf<'carrousel'>> = {},
): ComponentOf<'carrousel'> {
  return {
    kind: 'carrousel',
    id: 'c',
    name: 'c',
    fields: { fluid: false, displayCover: false, nouvelleFenetre: false, window: {} },
    arrows: true,
    slides,
    ...over,
  };
}

function ui(component: ComponentOf<'carrousel'>, locale: Locale = 'fr') {
  return (
    <LocaleContext.Provider value={locale}>
      <NowContext.Provider value={NOW}>
        <Carousel component={component} />
      </NowContext.Provider>
    </LocaleContext.Provider>
  );
}

const demo = [
  slide('a'),
  slide('future', { window: { start: '2026-11-26T00:00:00-05:00' } }),
  slide('noimage', { image: undefined, imageMobile: undefined }),
  slide('b'),
  slide('wide', { imageMobile: undefined }),
];

describe('carousel markup from the server', () => {
  it('leaves out slides outside their window or without an image', () => {
    const html = renderToString(ui(carousel(demo)));
    expect(html).toContain('Title a');
    expect(html).toContain('Title b');
    expect(html).not.toContain('Title future');
    expect(html).not.toContain('Title noimage');
    expect(html).toContain('<figcaption');
    expect(html).not.toContain('style=');
  });

  it('marks a slide without a phone image so that CSS hides it on phones', () => {
    const html = renderToString(ui(carousel(demo)));
    expect(html).toMatch(/class="[^"]*_desktopOnly[^"]*"[^>]*data-slide="wide"/);
    expect(html).not.toMatch(/class="[^"]*_desktopOnly[^"]*"[^>]*data-slide="a"/);
  });

  it('is a labelled carousel region of labelled slides, in both languages', () => {
    const fr = renderToString(ui(carousel(demo)));
    expect(fr).toContain('aria-roledescription="carrousel"');
    expect(fr).toContain('aria-roledescription="diapositive" aria-label="1 sur 3"');
    expect(fr).toContain('aria-label="Mettre le défilement en pause"');
    expect(fr).toContain('Diapositive précédente');
    const en = renderToString(ui(carousel(demo, { navTextNext: 'Onward' }), 'en'));
    expect(en).toContain('aria-roledescription="carousel"');
    expect(en).toContain('aria-label="3 of 3"');
    expect(en).toContain('aria-label="Pause the slide show"');
    expect(en).toContain('Previous slide');
    expect(en).toContain('Onward');
  });

  it('has no arrows when the content turns them off', () => {
    const html = renderToString(ui(carousel(demo, { arrows: false })));
    expect(html).not.toContain('Diapositive précédente');
    expect(html).toContain('aria-label="Mettre le défilement en pause"');
  });

  it('has no controls with a single slide, and nothing with none', () => {
    const one = renderToString(ui(carousel([slide('a')])));
    expect(one).toContain('Title a');
    expect(one).not.toContain('<button');
    expect(
      renderToString(ui(carousel([slide('x', { image: undefined, imageMobile: undefined })]))),
    ).toBe('');
  });
});

describe('carousel in the browser', () => {
  beforeEach(() => {
    fake.calls = [];
    fake.listeners.clear();
    fake.selected = 0;
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: false,
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
  });
  afterEach(cleanup);

  async function mount(component: ComponentOf<'carrousel'>) {
    render(ui(component, 'en'));
    await act(async () => {
      await Promise.resolve();
    });
    await screen.findByRole('button', { name: 'Pause the slide show' });
    await vi.waitFor(() => expect(fake.calls).toContain('play'));
  }

  it('jumps to a random slide without animation and plays at the content interval', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.7);
    await mount(carousel(demo, { autoplayTimeout: 3 }));
    expect(fake.calls).toContain('delay 3000');
    expect(fake.calls).toContain('scrollTo 2 true');
    const wide = screen.getByRole('group', { name: '3 of 3' });
    expect(wide.hasAttribute('inert')).toBe(false);
    expect(screen.getByRole('group', { name: '1 of 3', hidden: true }).hasAttribute('inert')).toBe(
      true,
    );
  });

  it('uses 5000 ms when autoplayTimeout is absent', async () => {
    await mount(carousel(demo));
    expect(fake.calls).toContain('delay 5000');
  });

  it('toggles playing and paused with the button, whose name says what a press does', async () => {
    await mount(carousel(demo));
    const button = screen.getByRole('button', { name: 'Pause the slide show' });
    const live = document.querySelector('[aria-live]');
    // The name carries the state: no aria-pressed beside it.
    expect(button.hasAttribute('aria-pressed')).toBe(false);
    expect(live?.getAttribute('aria-live')).toBe('off');
    fireEvent.click(button);
    expect(screen.getByRole('button', { name: 'Play the slide show' })).toBe(button);
    expect(live?.getAttribute('aria-live')).toBe('polite');
    expect(fake.calls.at(-1)).toBe('stop');
    fireEvent.click(button);
    expect(screen.getByRole('button', { name: 'Pause the slide show' })).toBe(button);
    expect(fake.calls.at(-1)).toBe('play');
  });

  it('names the button "pause" or "play" in French too', async () => {
    render(ui(carousel(demo), 'fr'));
    const button = await screen.findByRole('button', { name: 'Mettre le défilement en pause' });
    await vi.waitFor(() => expect(fake.calls).toContain('play'));
    fireEvent.click(button);
    expect(screen.getByRole('button', { name: 'Lancer le défilement' })).toBe(button);
    fireEvent.click(button);
    expect(button.getAttribute('aria-label')).toBe('Mettre le défilement en pause');
  });

  it('pauses when an arrow or an indicator is used', async () => {
    await mount(carousel(demo));
    const button = screen.getByRole('button', { name: 'Pause the slide show' });
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(fake.calls).toContain('scrollNext');
    expect(button.getAttribute('aria-label')).toBe('Play the slide show');
    fireEvent.click(button);
    expect(button.getAttribute('aria-label')).toBe('Pause the slide show');
    fireEvent.click(screen.getByRole('button', { name: 'Slide 2 of 3' }));
    expect(fake.calls).toContain('scrollTo 1 false');
    expect(button.getAttribute('aria-label')).toBe('Play the slide show');
  });

  it('pauses when a swipe starts and while the mouse is over it', async () => {
    await mount(carousel(demo));
    const region = screen.getByRole('group', { name: 'Slide show' });
    fireEvent.pointerEnter(region, { pointerType: 'mouse' });
    expect(fake.calls.at(-1)).toBe('stop');
    fireEvent.pointerLeave(region, { pointerType: 'mouse' });
    expect(fake.calls.at(-1)).toBe('play');
    act(() => fake.listeners.get('pointerDown')?.());
    expect(screen.getByRole('button', { name: 'Play the slide show' })).toBeTruthy();
  });
});
