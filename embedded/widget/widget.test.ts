// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WIDGET_SCRIPT } from './script';
import { handleWidget, WIDGET_SCRIPT_PATH } from './service';

interface Widget {
  mount(
    container: HTMLElement,
    options: { locale: string; route: string; navigate: (route: string) => void },
  ): void;
  setLocale(locale: string): void;
  setRoute(route: string): void;
  unmount(): void;
}

type WithWidget = Window & { SportsWidget?: Widget };

function widget(): Widget {
  const found = (window as WithWidget).SportsWidget;
  if (!found) throw new Error('the script did not define window.SportsWidget');
  return found;
}

function events(container: HTMLElement, name: string): CustomEvent[] {
  const seen: CustomEvent[] = [];
  container.addEventListener(name, (event) => seen.push(event as CustomEvent));
  return seen;
}

describe('the stand-in widget script', () => {
  let container: HTMLElement;
  const navigate = vi.fn<(route: string) => void>();

  beforeEach(() => {
    delete (window as WithWidget).SportsWidget;
    // Runs the served text as the browser would (a classic script in the page's global scope).
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const run = new Function(WIDGET_SCRIPT) as () => void;
    run();
    container = document.createElement('div');
    document.body.appendChild(container);
  });

  afterEach(() => {
    widget().unmount();
    container.remove();
    navigate.mockReset();
  });

  it('defines the host contract', () => {
    const api = widget();
    for (const name of ['mount', 'setLocale', 'setRoute', 'unmount'] as const) {
      expect(typeof api[name]).toBe('function');
    }
  });

  it('renders the upcoming games in the locale it is told and says it is ready', () => {
    const ready = events(container, 'widget:ready');
    widget().mount(container, { locale: 'fr', route: '/sports/fr', navigate });
    expect(ready).toHaveLength(1);
    expect(ready[0]?.detail).toEqual({ locale: 'fr', route: '/sports/fr', view: 'upcoming' });
    expect(container.querySelector('h2')?.textContent).toBe('Matchs à venir');
    const sports = [...container.querySelectorAll('h3')].map((h) => h.textContent);
    expect(sports).toEqual(['Hockey', 'Soccer', 'Basketball']);
    expect(container.textContent).toContain('Widget de démonstration');
    expect(container.querySelector('[lang]')?.getAttribute('lang')).toBe('fr-CA');
    expect(container.querySelectorAll('button[data-selection]').length).toBeGreaterThan(10);
  });

  it('asks the host to navigate when the visitor opens the in-play view', () => {
    const routes = events(container, 'widget:route');
    widget().mount(container, { locale: 'fr', route: '/sports/fr', navigate });
    const link = container.querySelector<HTMLAnchorElement>('a[data-view="in-play"]');
    expect(link?.getAttribute('href')).toBe('/sports/fr/en-jeux');
    link?.click();
    expect(navigate).toHaveBeenCalledWith('/sports/fr/en-jeux');
    expect(routes.map((e) => (e.detail as { route: string }).route)).toEqual([
      '/sports/fr/en-jeux',
    ]);
    expect(container.querySelector('h2')?.textContent).toBe('Matchs en jeu');
    expect(link?.getAttribute('aria-current')).toBe('page');
  });

  it('follows the locale and the route the host tells it', () => {
    widget().mount(container, { locale: 'fr', route: '/sports/fr/en-jeux', navigate });
    widget().setLocale('en');
    widget().setRoute('/sports/en/in-play');
    expect(container.querySelector('h2')?.textContent).toBe('Games in play');
    expect(container.querySelector('a[data-view="upcoming"]')?.getAttribute('href')).toBe(
      '/sports/en',
    );
    widget().setRoute('/sports/en');
    expect(container.querySelector('h2')?.textContent).toBe('Upcoming games');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps selections across views and announces them', () => {
    const selections = events(container, 'widget:selection');
    widget().mount(container, { locale: 'en', route: '/sports/en', navigate });
    const first = container.querySelector<HTMLButtonElement>('button[data-selection]');
    first?.click();
    expect(first?.getAttribute('aria-pressed')).toBe('true');
    expect(container.querySelector('[role="status"]')?.textContent).toBe('1 selection');
    expect(selections[0]?.detail).toMatchObject({ selected: true, count: 1 });
    widget().setRoute('/sports/en/in-play');
    widget().setRoute('/sports/en');
    expect(container.querySelector('button[aria-pressed="true"]')).not.toBeNull();
  });

  it('leaves the container empty on unmount and can mount again', () => {
    widget().mount(container, { locale: 'en', route: '/sports/en', navigate });
    widget().unmount();
    expect(container.childElementCount).toBe(0);
    widget().mount(container, { locale: 'fr', route: '/sports/fr', navigate });
    expect(container.childElementCount).toBe(1);
  });

  it('rejects a locale it does not speak', () => {
    expect(() => {
      widget().mount(container, { locale: 'de', route: '/sports/de', navigate });
    }).toThrow(/unsupported locale/);
  });
});

describe('serving the script', () => {
  it('answers it as cacheable JavaScript', () => {
    const reply = handleWidget(WIDGET_SCRIPT_PATH);
    expect(reply?.status).toBe(200);
    expect(reply?.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(reply?.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(reply?.headers.etag).toBeTruthy();
    expect(reply?.body).toBe(WIDGET_SCRIPT);
    expect(handleWidget('/betting-widget/other.js')).toBeNull();
  });

  it('makes no network call and sets no style attribute through markup', () => {
    expect(WIDGET_SCRIPT).not.toMatch(/fetch\(|XMLHttpRequest|WebSocket|EventSource|sendBeacon/);
    expect(WIDGET_SCRIPT).not.toMatch(/setAttribute\('style'|innerHTML|cssText/);
  });
});
