/**
 * The header and the footer alone, on a page this server did not render (the betting widget's
 * own host page, say): one script tag and a configuration object, no server rendering.
 */
// First, as on the site (start-client.tsx). base.css applies to the site's own documents only.
import '../ui/styles/tokens.css';
import '../ui/styles/utilities.css';
import '../ui/styles/layout.css';
import '../ui/styles/frame.css';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from '../ui/error-boundary';
import { isLocale, type Locale } from '../domain/locale';
import { LinkBaseContext } from '../ui/link-base';
import { loadCatalogue } from '../i18n/catalogue';
import { loadSanitizer } from '../ui/sanitizer';
import { AppProviders } from './AppProviders';
import { FooterRoot } from './roots/FooterRoot';
import { HeaderRoot } from './roots/HeaderRoot';
import { loadFooterBody } from '../features/site-footer/FooterBodyOnDemand';
import { checkFrameData } from './answers';
import { FRAME_ENDPOINT, type FrameConfig, type Snapshot } from './state';
import { createAppStore } from './store';

declare global {
  interface Window {
    PariBorealFrame?: FrameConfig;
  }
}

const CONFIG_ELEMENT_ID = 'pari-boreal-frame';

function readConfig(): FrameConfig | null {
  if (window.PariBorealFrame) return window.PariBorealFrame;
  const element = document.getElementById(CONFIG_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as FrameConfig;
  } catch {
    return null;
  }
}

function mountPoint(selector: string | undefined, what: string): Element | null {
  if (!selector) return null;
  const element = document.querySelector(selector);
  if (!element)
    console.warn(`Pari Boréal frame: no element matches ${what} selector "${selector}"`);
  return element;
}

async function start(): Promise<void> {
  const config = readConfig();
  if (!config) {
    console.warn(
      `Pari Boréal frame: no configuration (window.PariBorealFrame or #${CONFIG_ELEMENT_ID})`,
    );
    return;
  }
  const locale: Locale = isLocale(config.locale) ? config.locale : 'fr';
  const origin = (config.origin ?? new URL(import.meta.url).origin).replace(/\/+$/, '');
  // Nothing is hydrated here: rich text needs the sanitizer before it shows, and every text its
  // language's messages, so they load alongside.
  const [response] = await Promise.all([
    fetch(`${origin}${FRAME_ENDPOINT}?lang=${locale}`),
    loadSanitizer().catch(() => undefined),
    loadCatalogue(locale),
    // The footer's body is drawn here from the site node (docs/decisions/0042).
    loadFooterBody(),
  ]);
  if (!response.ok) throw new Error(`${FRAME_ENDPOINT} answered ${response.status}`);
  const checked = checkFrameData(await response.json(), locale);
  if (!checked.ok) throw new Error(`${FRAME_ENDPOINT}: ${checked.reason}, ${checked.detail}`);
  const data = checked.value;
  const snapshot: Snapshot = {
    path: window.location.pathname,
    locale,
    // No content view here: the frame only shows the header and footer of a page it does not own.
    view: { kind: 'trigger' },
    logicalDate: data.logicalDate,
    origin,
    config: data.config,
    client: { internetExplorer: false, platform: 'other' },
    site: data.site,
    messagesDismissed: document.cookie.includes('messagesFermes=1'),
  };
  const store = createAppStore(snapshot);
  const mount = (element: Element | null, root: React.ReactNode) => {
    if (!element) return;
    element.classList.add('pari-boreal-frame');
    createRoot(element).render(
      <LinkBaseContext.Provider value={origin}>
        <AppProviders store={store}>
          {/* On another system's page, a root that throws shows nothing (docs/decisions/0064). */}
          <ErrorBoundary block="none">{root}</ErrorBoundary>
        </AppProviders>
      </LinkBaseContext.Provider>,
    );
  };
  mount(mountPoint(config.header, 'header'), <HeaderRoot alternateOverride={config.alternate} />);
  mount(mountPoint(config.footer, 'footer'), <FooterRoot />);
}

start().catch((error: unknown) => {
  console.warn('Pari Boréal frame: the header and footer could not be shown:', error);
});
