/**
 * The site's side of the third-party betting widget (docs/requirements.md §2, /sports/*). No React: the sports
 * area activates it on its container element and tells it what changes.
 *
 * The contract a widget script fulfils (docs/decisions/0008-betting-widget-host.md). Loading the
 * script defines one global object:
 *
 *   window.SportsWidget = {
 *     mount(container, { locale, route, navigate }),  // render into `container`, once
 *     setLocale(locale),                              // 'fr' | 'en': switch its texts
 *     setRoute(route),                                // the path under /sports/ to show
 *     unmount(),                                      // empty the container, drop listeners
 *   }
 *
 * `navigate(route)` is the host's: the widget calls it when the visitor moves inside it, so the
 * address bar follows; it returns false when refused (anything outside /sports/). The widget
 * dispatches `CustomEvent`s on its container: `widget:ready` once rendered (required: the host
 * shows its loading message until then), and optionally `widget:route`, `widget:locale`,
 * `widget:selection`. A real third party's script is fitted to this with a thin adapter.
 */
import type { Locale } from '../../domain/locale';
import { isSportsPath } from '../../domain/routes';
import { EARLY_ATTRIBUTES } from './early';

export interface SportsWidgetMountOptions {
  locale: Locale;
  /** The current path, e.g. `/sports/fr/en-jeux`. */
  route: string;
  navigate: (route: string) => boolean;
}

export interface SportsWidget {
  mount(container: HTMLElement, options: SportsWidgetMountOptions): void;
  setLocale(locale: Locale): void;
  setRoute(route: string): void;
  unmount(): void;
}

const WIDGET_GLOBAL = 'SportsWidget';

export const WIDGET_EVENTS = {
  ready: 'widget:ready',
  route: 'widget:route',
  locale: 'widget:locale',
  selection: 'widget:selection',
} as const;

/** A third party that never answers must not leave the loading message up for ever. */
const WIDGET_LOAD_TIMEOUT_MS = 15_000;

export type WidgetStatus = 'loading' | 'ready' | 'failed';

function isSportsWidget(value: unknown): value is SportsWidget {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return ['mount', 'setLocale', 'setRoute', 'unmount'].every(
    (name) => typeof candidate[name] === 'function',
  );
}

function installedWidget(): SportsWidget | undefined {
  const value: unknown = (window as unknown as Record<string, unknown>)[WIDGET_GLOBAL];
  return isSportsWidget(value) ? value : undefined;
}

const loads = new Map<string, Promise<SportsWidget>>();

/**
 * Loads the widget script once per URL (one `<script src>`, the promise shared). A failed load
 * is forgotten, so that a later visit to the area tries again.
 */
export function loadWidgetScript(
  url: string,
  timeoutMs = WIDGET_LOAD_TIMEOUT_MS,
): Promise<SportsWidget> {
  const cached = loads.get(url);
  if (cached) return cached;
  const promise = new Promise<SportsWidget>((resolve, reject) => {
    // A page that already carries the widget (its operator's own page, say) needs no second copy.
    const present = installedWidget();
    if (present) {
      resolve(present);
      return;
    }
    const script = document.createElement('script');
    let settled = false;
    const fail = (reason: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      script.remove();
      loads.delete(url);
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail(`no answer within ${timeoutMs} ms`), timeoutMs);
    script.addEventListener('load', () => {
      const widget = installedWidget();
      if (!widget) {
        fail(
          `the script did not define window.${WIDGET_GLOBAL} with mount, setLocale, setRoute, unmount`,
        );
        return;
      }
      settled = true;
      clearTimeout(timer);
      resolve(widget);
    });
    script.addEventListener('error', () => fail('the script could not be loaded'));
    script.src = url;
    script.async = true;
    document.head.appendChild(script);
  });
  loads.set(url, promise);
  return promise;
}

/** Forgets loaded scripts (tests only). */
export function resetWidgetLoads(): void {
  loads.clear();
}

/**
 * The route a widget may navigate to, or null: a same-site path inside /sports/, with its dot
 * segments resolved (so `/sports/../fr/accueil` cannot slip out).
 */
export function sportsRoute(to: string): string | null {
  if (!to.startsWith('/') || to.startsWith('//') || to.includes('\\')) return null;
  const base = 'http://host.invalid';
  let url: URL;
  try {
    url = new URL(to, base);
  } catch {
    return null;
  }
  if (url.origin !== base || !isSportsPath(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

interface WidgetHostOptions {
  url: string;
  container: HTMLElement;
  /** The site's client-side navigation (history mode). */
  navigate: (to: string) => void;
  onStatus: (status: WidgetStatus) => void;
  /** Called once the widget's `mount` has returned: its first paint is under way. */
  onMounted?: () => void;
  timeoutMs?: number;
}

export interface WidgetHost {
  /** Tells the widget the current locale and route; the first call lets it mount. */
  update(locale: Locale, route: string): void;
  /** Unmounts the widget (the script stays loaded for a later visit). */
  destroy(): void;
}

/** A third party's exception must not break the page: it is logged, and the area carries on. */
function guarded(what: string, run: () => void): boolean {
  try {
    run();
    return true;
  } catch (error) {
    console.warn(`Betting widget: ${what} failed:`, error);
    return false;
  }
}

/** Loads the widget, mounts it into `container` once, then keeps it told of locale and route. */
export function activateWidget(options: WidgetHostOptions): WidgetHost {
  const adopted = adopt(options);
  if (adopted) return adopted;
  const { url, container, onStatus } = options;
  let told: { locale: Locale; route: string } | undefined;
  let widget: SportsWidget | undefined;
  let loaded: SportsWidget | undefined;
  let destroyed = false;

  const onReady = () => {
    if (!destroyed) onStatus('ready');
  };
  container.addEventListener(WIDGET_EVENTS.ready, onReady);

  const navigate = (to: string): boolean => {
    if (destroyed) return false;
    const route = sportsRoute(to);
    if (route === null) {
      console.warn(`Betting widget: navigation to "${to}" refused: only paths inside /sports/.`);
      return false;
    }
    // The address bar is about to show it: no need to tell the widget its own move back.
    if (told) told = { ...told, route };
    options.navigate(route);
    return true;
  };

  const mount = () => {
    if (destroyed || widget || !loaded || !told) return;
    const candidate = loaded;
    const { locale, route } = told;
    if (guarded('mount', () => candidate.mount(container, { locale, route, navigate }))) {
      widget = candidate;
      options.onMounted?.();
    } else {
      onStatus('failed');
    }
  };

  loadWidgetScript(url, options.timeoutMs).then(
    (script) => {
      loaded = script;
      mount();
    },
    (error: unknown) => {
      if (destroyed) return;
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(`Betting widget not available from ${url}: ${reason}`);
      onStatus('failed');
    },
  );

  return {
    update(locale, route) {
      if (destroyed) return;
      const previous = told;
      told = { locale, route };
      if (!widget) {
        mount();
        return;
      }
      const current = widget;
      if (previous?.locale !== locale) guarded('setLocale', () => current.setLocale(locale));
      if (previous?.route !== route) guarded('setRoute', () => current.setRoute(route));
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      container.removeEventListener(WIDGET_EVENTS.ready, onReady);
      const current = widget;
      widget = undefined;
      if (current) guarded('unmount', () => current.unmount());
    },
  };
}

interface EarlyHost {
  host: WidgetHost;
  /** What the host reported so far, and where it reports next: replaced on adoption. */
  wiring: {
    status: WidgetStatus;
    navigate: (to: string) => void;
    onStatus: (status: WidgetStatus) => void;
  };
}

const earlyHosts = new WeakMap<HTMLElement, EarlyHost>();

/**
 * Starts the widget on the server's container as soon as the browser entry runs, before the
 * site's code has arrived: the sports area's content is the widget's, and it should not wait for
 * hydration. Resolves once the widget has been mounted or could not be (the entry asks for the
 * site's code only then, so that it does not compete with the widget's first paint:
 * docs/decisions/0080-first-screen-first.md). Until the sports area adopts the
 * host, a move inside the widget only updates the address bar (the router reads it when it
 * starts).
 */
export function startEarly(doc: Document): Promise<void> {
  const container = doc.querySelector<HTMLElement>(`[${EARLY_ATTRIBUTES.url}]`);
  const url = container?.getAttribute(EARLY_ATTRIBUTES.url);
  const locale = container?.getAttribute(EARLY_ATTRIBUTES.locale);
  if (!container || !url || (locale !== 'fr' && locale !== 'en') || earlyHosts.has(container))
    return Promise.resolve();
  return new Promise<void>((settled) => {
    const wiring: EarlyHost['wiring'] = {
      status: 'loading',
      navigate: (to) => doc.defaultView?.history.pushState(null, '', to),
      onStatus: () => undefined,
    };
    const host = activateWidget({
      url,
      container,
      navigate: (to) => wiring.navigate(to),
      onStatus: (status) => {
        wiring.status = status;
        wiring.onStatus(status);
        settled();
      },
      onMounted: () => settled(),
    });
    host.update(locale, doc.defaultView?.location.pathname ?? '/');
    earlyHosts.set(container, { host, wiring });
  });
}

/** The host `startEarly` began on this container, now wired to the sports area's callbacks. */
function adopt(options: WidgetHostOptions): WidgetHost | undefined {
  const early = earlyHosts.get(options.container);
  if (!early) return undefined;
  earlyHosts.delete(options.container);
  early.wiring.navigate = options.navigate;
  early.wiring.onStatus = options.onStatus;
  if (early.wiring.status !== 'loading') options.onStatus(early.wiring.status);
  return early.host;
}
