/** The browser entry: hydrates the four roots from the server's HTML over one store. */
import { hydrateRoot } from 'react-dom/client';
import { AppProviders } from './AppProviders';
import { followLanguage, refreshLogicalDate, saveLocale } from './client-session';
import { handleLinkActions } from './link-actions';
import { ROOTS } from './roots';
import { RouteLoader } from './RouteLoader';
import { MOUNTS, STATE_ELEMENT_ID, type MountName, type Snapshot } from './state';
import { createAppStore } from './store';

function readSnapshot(): Snapshot {
  const element = document.getElementById(STATE_ELEMENT_ID);
  if (!element?.textContent)
    throw new Error(`#${STATE_ELEMENT_ID} is missing: no server state to hydrate`);
  return JSON.parse(element.textContent) as Snapshot;
}

const snapshot = readSnapshot();
const store = createAppStore(snapshot);

for (const name of Object.keys(MOUNTS) as MountName[]) {
  const element = document.getElementById(MOUNTS[name]);
  if (!element) continue;
  hydrateRoot(
    element,
    <AppProviders store={store}>
      {ROOTS[name](name === 'main' ? <RouteLoader /> : undefined)}
    </AppProviders>,
    {
      onRecoverableError: (error) => console.error(`Hydration of the ${name} root:`, error),
    },
  );
}

// Lets tests and monitoring tell when the page became interactive.
document.documentElement.dataset.hydrated = 'true';
saveLocale(snapshot.locale);
followLanguage(store);
handleLinkActions(window);
void refreshLogicalDate(store);
