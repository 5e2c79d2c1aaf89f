// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  activateWidget,
  loadWidgetScript,
  resetWidgetLoads,
  sportsRoute,
  startEarly,
  WIDGET_EVENTS,
  type SportsWidget,
  type SportsWidgetMountOptions,
  type WidgetStatus,
} from './widget-host';

const URL_A = 'https://widget.test/widget.js';

type Global = Record<string, unknown>;

/** A fake widget that records what the host tells it. */
function fakeWidget() {
  const calls: string[] = [];
  let options: SportsWidgetMountOptions | undefined;
  const widget: SportsWidget = {
    mount(container, given) {
      options = given;
      calls.push(`mount ${given.locale} ${given.route}`);
      container.dispatchEvent(new CustomEvent(WIDGET_EVENTS.ready));
    },
    setLocale: (locale) => calls.push(`locale ${locale}`),
    setRoute: (route) => calls.push(`route ${route}`),
    unmount: () => calls.push('unmount'),
  };
  return {
    widget,
    calls,
    navigate: (to: string) => {
      if (!options) throw new Error('not mounted');
      return options.navigate(to);
    },
  };
}

describe('the widget host', () => {
  let scripts: HTMLScriptElement[];
  let container: HTMLElement;

  /** The script the host appended finishes loading (optionally defining the widget). */
  const finishLoading = async (widget?: SportsWidget) => {
    if (widget) (window as unknown as Global).SportsWidget = widget;
    scripts[0]?.dispatchEvent(new Event('load'));
    await Promise.resolve();
    await Promise.resolve();
  };

  beforeEach(() => {
    resetWidgetLoads();
    delete (window as unknown as Global).SportsWidget;
    scripts = [];
    // Keeps the DOM from fetching anything: the tests play the browser's part.
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      if (node instanceof HTMLScriptElement) scripts.push(node);
      return node;
    });
    container = document.createElement('div');
    document.body.appendChild(container);
  });

  afterEach(() => {
    container.remove();
    vi.useRealTimers();
  });

  it('loads the script once, however many times it is asked', async () => {
    const first = loadWidgetScript(URL_A);
    const second = loadWidgetScript(URL_A);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(URL_A);
    await finishLoading(fakeWidget().widget);
    expect(await first).toBe(await second);
    await loadWidgetScript(URL_A);
    expect(scripts).toHaveLength(1);
  });

  it('mounts once with the locale and route, then tells it each change', async () => {
    const fake = fakeWidget();
    const statuses: WidgetStatus[] = [];
    const host = activateWidget({
      url: URL_A,
      container,
      navigate: vi.fn(),
      onStatus: (s) => statuses.push(s),
    });
    host.update('fr', '/sports/fr');
    await finishLoading(fake.widget);
    expect(fake.calls).toEqual(['mount fr /sports/fr']);
    expect(statuses).toEqual(['ready']);

    host.update('fr', '/sports/fr/en-jeux');
    host.update('en', '/sports/en/in-play');
    host.update('en', '/sports/en/in-play');
    expect(fake.calls).toEqual([
      'mount fr /sports/fr',
      'route /sports/fr/en-jeux',
      'locale en',
      'route /sports/en/in-play',
    ]);

    host.destroy();
    expect(fake.calls.at(-1)).toBe('unmount');
  });

  it('starts early from the server’s container, then hands over to the sports area', async () => {
    const fake = fakeWidget();
    container.setAttribute('data-widget-url', URL_A);
    container.setAttribute('data-widget-locale', 'en');
    window.history.replaceState(null, '', '/sports/en/in-play');
    void startEarly(document);
    void startEarly(document);
    expect(scripts).toHaveLength(1);
    await finishLoading(fake.widget);
    // Mounted before any React code ran, on the address bar's route.
    expect(fake.calls).toEqual(['mount en /sports/en/in-play']);
    // Before the hand-over, a move inside the widget only changes the address bar.
    expect(fake.navigate('/sports/en/live')).toBe(true);
    expect(window.location.pathname).toBe('/sports/en/live');

    const statuses: WidgetStatus[] = [];
    const navigate = vi.fn();
    const host = activateWidget({
      url: URL_A,
      container,
      navigate,
      onStatus: (s) => statuses.push(s),
    });
    // The same widget, not a second mount; the status it reached is told at once.
    expect(scripts).toHaveLength(1);
    expect(statuses).toEqual(['ready']);
    host.update('en', '/sports/en/live');
    expect(fake.calls).toEqual(['mount en /sports/en/in-play']);
    fake.navigate('/sports/en/soccer');
    expect(navigate).toHaveBeenCalledWith('/sports/en/soccer');
  });

  it('does not start early without a container that names the widget and a language', async () => {
    container.setAttribute('data-widget-url', URL_A);
    container.setAttribute('data-widget-locale', 'de');
    await expect(startEarly(document)).resolves.toBeUndefined();
    expect(scripts).toHaveLength(0);
  });

  it('says it is done once the widget is mounted, before the widget is ready', async () => {
    const calls: string[] = [];
    // A widget whose first paint comes later: its ready event is not waited for.
    const slow: SportsWidget = {
      mount: () => void calls.push('mount'),
      setLocale: vi.fn(),
      setRoute: vi.fn(),
      unmount: vi.fn(),
    };
    container.setAttribute('data-widget-url', URL_A);
    container.setAttribute('data-widget-locale', 'fr');
    let done = false;
    void startEarly(document).then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    await finishLoading(slow);
    expect(calls).toEqual(['mount']);
    await vi.waitFor(() => expect(done).toBe(true));
  });

  it('says it is done when the widget cannot be loaded, too', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    container.setAttribute('data-widget-url', URL_A);
    container.setAttribute('data-widget-locale', 'fr');
    const done = startEarly(document);
    scripts[0]?.dispatchEvent(new Event('error'));
    await expect(done).resolves.toBeUndefined();
    warn.mockRestore();
  });

  it('waits for the first locale and route before mounting', async () => {
    const fake = fakeWidget();
    const host = activateWidget({ url: URL_A, container, navigate: vi.fn(), onStatus: vi.fn() });
    await finishLoading(fake.widget);
    expect(fake.calls).toEqual([]);
    host.update('en', '/sports/en');
    expect(fake.calls).toEqual(['mount en /sports/en']);
  });

  it('navigates inside /sports/ only, and does not echo the widget its own move', async () => {
    const fake = fakeWidget();
    const navigate = vi.fn<(to: string) => void>();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const host = activateWidget({ url: URL_A, container, navigate, onStatus: vi.fn() });
    host.update('fr', '/sports/fr');
    await finishLoading(fake.widget);

    expect(fake.navigate('/sports/fr/en-jeux')).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/sports/fr/en-jeux');
    host.update('fr', '/sports/fr/en-jeux');
    expect(fake.calls).toEqual(['mount fr /sports/fr']);

    for (const outside of [
      '/fr/accueil',
      'https://elsewhere.example/sports/fr',
      '//elsewhere.example/sports/fr',
      '/sports/../fr/accueil',
      '/sports/%2e%2e/fr/accueil',
      'javascript:alert(1)',
      '/sportsbook',
    ]) {
      expect(fake.navigate(outside)).toBe(false);
    }
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"/fr/accueil" refused'));
  });

  it('reports a script that cannot be loaded, naming its URL, and tries again later', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const statuses: WidgetStatus[] = [];
    activateWidget({
      url: URL_A,
      container,
      navigate: vi.fn(),
      onStatus: (s) => statuses.push(s),
    }).update('fr', '/sports/fr');
    scripts[0]?.dispatchEvent(new Event('error'));
    await Promise.resolve();
    await Promise.resolve();
    expect(statuses).toEqual(['failed']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(URL_A));

    void loadWidgetScript(URL_A).catch(() => undefined);
    expect(scripts).toHaveLength(2);
  });

  it('fails a script that defines no widget, and one that never answers', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const statuses: WidgetStatus[] = [];
    activateWidget({ url: URL_A, container, navigate: vi.fn(), onStatus: (s) => statuses.push(s) });
    await finishLoading();
    expect(statuses).toEqual(['failed']);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/did not define window.SportsWidget/));

    vi.useFakeTimers();
    resetWidgetLoads();
    const slow = loadWidgetScript('https://slow.test/widget.js', 1_000);
    vi.advanceTimersByTime(1_000);
    await expect(slow).rejects.toThrow(/no answer within 1000 ms/);
  });

  it('survives a widget that throws', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const statuses: WidgetStatus[] = [];
    const broken: SportsWidget = {
      mount: () => {
        throw new Error('boom');
      },
      setLocale: vi.fn(),
      setRoute: vi.fn(),
      unmount: vi.fn(),
    };
    activateWidget({
      url: URL_A,
      container,
      navigate: vi.fn(),
      onStatus: (s) => statuses.push(s),
    }).update('fr', '/sports/fr');
    await finishLoading(broken);
    expect(statuses).toEqual(['failed']);
    expect(warn).toHaveBeenCalled();
  });

  it('does not mount after being destroyed while the script loads', async () => {
    const fake = fakeWidget();
    const host = activateWidget({ url: URL_A, container, navigate: vi.fn(), onStatus: vi.fn() });
    host.update('fr', '/sports/fr');
    host.destroy();
    await finishLoading(fake.widget);
    expect(fake.calls).toEqual([]);
  });
});

describe('sportsRoute', () => {
  it('keeps paths inside /sports/ and resolves dot segments', () => {
    expect(sportsRoute('/sports/en/in-play')).toBe('/sports/en/in-play');
    expect(sportsRoute('/sports/fr?sport=hockey')).toBe('/sports/fr?sport=hockey');
    expect(sportsRoute('/sports/fr/../en')).toBe('/sports/en');
    expect(sportsRoute('/sports/../fr/accueil')).toBeNull();
    expect(sportsRoute('sports/fr')).toBeNull();
    expect(sportsRoute('/sports\\..\\fr')).toBeNull();
  });
});
