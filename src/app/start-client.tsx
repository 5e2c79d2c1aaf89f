/** The site in the browser: hydrates the four roots from the server's HTML over one store. */
// The global styles first, so that they come before every module's own in the one style sheet
// (docs/decisions/0016-first-paint-before-scripts.md) and a module's classes win over them.
import '../ui/styles/tokens.css';
import '../ui/styles/base.css';
import '../ui/styles/utilities.css';
import '../ui/styles/layout.css';
import '../ui/styles/print.css';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { AppProviders } from './AppProviders';
import { followLanguage, refreshLogicalDate, saveLocale } from './client-session';
import { handleLinkActions } from './link-actions';
import { ROOTS } from './roots';
import { RouteLoader } from './RouteLoader';
import { rememberScroll } from './scroll-memory';
import { mobilePlatform } from '../domain/browser';
import {
  MESSAGES_DISMISSED_COOKIE,
  MOUNTS,
  STATE_ELEMENT_ID,
  STATE_ENDPOINT,
  STATE_SOURCE_ATTRIBUTE,
  type MountName,
  type Snapshot,
} from './state';
import { createAppStore } from './store';
import { readState } from './wire';
import { loadPullToRefresh } from '../features/pull-to-refresh/PullToRefreshOnDemand';
import { loadSportsArea } from '../features/sports-area/SportsAreaOnDemand';
import { LOCALES } from '../domain/locale';
import { loadCatalogue } from '../i18n/catalogue';
import { markInteractive } from '../ui/interactive';
import { listenForErrors } from '../ui/error-report';
import { ErrorBoundary } from '../ui/error-boundary';
import type { EditKit } from '../ui/edit-context';
import { preloadStructure } from '../blocks/registry';

/**
 * The server's state: in the page, or beside it for a shared page (its address on the element;
 * the document's preload has asked for it already: docs/decisions/0081-state-beside-the-
 * document.md). Without it the page stays as the server made it, links and forms working.
 */
async function readSnapshot(): Promise<Snapshot> {
  const element = document.getElementById(STATE_ELEMENT_ID);
  const src = element?.getAttribute(STATE_SOURCE_ATTRIBUTE);
  if (!src) {
    if (!element?.textContent)
      throw new Error(`#${STATE_ELEMENT_ID} is missing: no server state to hydrate`);
    return readState(element.textContent);
  }
  if (!src.startsWith(STATE_ENDPOINT))
    throw new Error(`#${STATE_ELEMENT_ID} names ${src}, not a state of this site`);
  const answer = await fetch(src);
  if (!answer.ok) throw new Error(`the page's state ${src} answered ${answer.status}`);
  return readState(await answer.text());
}

const snapshot = await readSnapshot();
const store = createAppStore(snapshot);
// From here on, what goes wrong in this page is heard (docs/operations.md "Errors in visitors'
// browsers").
listenForErrors(window, {
  page: () => store.getState().view.kind,
  sampleRate: snapshot.config.browserErrorSampleRate ?? 1,
});
let edit: EditKit | null = null;

// Before hydrating: the page's language (the IE banner shows both) and, in the sports area, its
// view. The blocks in their own chunk come after, each once the page is interactive and the block
// near the screen (docs/decisions/0047-blocks-after-the-frame.md).
await Promise.all([
  // The sports area's view is in its own chunk, asked for with the area's early modules.
  snapshot.view.kind === 'sports' ? loadSportsArea() : undefined,
  // An editor's preview takes the site's moves over before any link can be followed (its code
  // comes with previews only, docs/preview.md).
  snapshot.preview
    ? import('./preview-client').then((m) => m.startPreview(window.location.search))
    : undefined,
  // Edit mode's code comes with edit-mode pages only (docs/editing.md).
  snapshot.edit &&
    import('../ui/edit-kit').then((m) => {
      if (snapshot.edit) edit = m.editKit(snapshot.edit, { writeMarks: false });
    }),
  ...(snapshot.client.internetExplorer ? LOCALES : [snapshot.locale]).map(loadCatalogue),
  // The structure's blocks, only when a structural component travels whole (static trees
  // keep the server's markup: docs/decisions/0050-structure-blocks-in-their-own-chunk.md).
  preloadStructure([
    snapshot.view.kind === 'content' ? snapshot.view.page.components : [],
    snapshot.site.status === 'ok' ? snapshot.site.site.footer.pub : [],
  ]),
]);

const hydrations: Promise<void>[] = [];
for (const name of Object.keys(MOUNTS) as MountName[]) {
  const element = document.getElementById(MOUNTS[name]);
  if (!element) continue;
  let signal: () => void = () => undefined;
  hydrations.push(
    new Promise<void>((resolve) => {
      signal = resolve;
    }),
  );
  // A transition: hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page, so a tap during it is answered.
  startTransition(() => {
    hydrateRoot(
      element,
      <AppProviders store={store} onHydrated={signal} edit={edit}>
        {/* A root that throws shows nothing; the others stay (docs/decisions/0064). */}
        <ErrorBoundary block="none">
          {ROOTS[name](name === 'main' ? <RouteLoader /> : undefined)}
        </ErrorBoundary>
      </AppProviders>,
      {
        // The cause and the component stack say which part of the page the browser redid.
        onRecoverableError: (error, info) =>
          console.error(
            `Hydration of the ${name} root:`,
            error,
            error instanceof Error && error.cause ? error.cause : '',
            info.componentStack ?? '',
          ),
      },
    );
  });
}

// What the server cannot put in a page shared by every visitor, the browser adds now: the
// platform for the app banner, and the messages this visitor closed during the visit.
store.setState({
  client: { ...snapshot.client, platform: mobilePlatform(navigator.userAgent) },
  messagesDismissed: document.cookie.split(/;\s*/).includes(`${MESSAGES_DISMISSED_COOKIE}=1`),
});

saveLocale(snapshot.locale);
followLanguage(store);
rememberScroll(window);
handleLinkActions(window, () => store.getState().locale);
void refreshLogicalDate(store);
// Lets tests and monitoring tell when the page became interactive: every root hydrated, with
// its effects run. Hydration keeps the server's sanitised markup; the sanitizer is needed only
// when the browser must render markup itself (a client-side navigation, see prepare-view.ts),
// so it comes after this point, when the browser is idle (navigation-kit.ts).
void Promise.all(hydrations).then(() => {
  document.documentElement.dataset.hydrated = 'true';
  performance.mark('hydrated');
  markInteractive();
  // Touch screens get the pull gesture once the page works: nothing before needs it.
  void loadPullToRefresh();
  // The first click on an in-site link then waits only for its destination's blocks. Its few
  // lines come after interaction too, out of the scripts the page hydrates with; so do, in the
  // sample's documents, the Core Web Vitals (docs/operations.md "Speed in visitors' browsers").
  void import('./after-interaction').then((m) => m.startAfterInteraction(window, store));
});
