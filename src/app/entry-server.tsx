/** Server rendering: the four roots over one store, each to its own HTML string. */
import { renderToString } from 'react-dom/server';
import { AppProviders } from './AppProviders';
import { ROOTS } from './roots';
import { MOUNTS, type MountName, type Snapshot } from './state';
import { createAppStore } from './store';

export function render(snapshot: Snapshot): Record<MountName, string> {
  const store = createAppStore(snapshot);
  const ssrPath = snapshot.path.split('?')[0] ?? '/';
  const entries = (Object.keys(MOUNTS) as MountName[]).map((name) => [
    name,
    renderToString(
      <AppProviders store={store} ssrPath={ssrPath}>
        {ROOTS[name]()}
      </AppProviders>,
    ),
  ]);
  return Object.fromEntries(entries) as Record<MountName, string>;
}

export type Render = typeof render;
