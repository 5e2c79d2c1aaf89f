/**
 * The chronique header in a chunk of its own: only chronique pages show it, and they hydrate it
 * from the served markup without that chunk (it has no behaviour), which only a client-side
 * navigation to a chronique loads (src/ui/on-demand.tsx, docs/decisions/0050).
 */
import type { ChroniqueInfo } from '../../content/models';
import { onDemandView } from '../../ui/on-demand';

const header = onDemandView<{ info: ChroniqueInfo; timeZone: string }>(
  () => import('./ChroniqueHeader').then((m) => m.ChroniqueHeader),
  'chronique-header',
);

export const provideChroniqueHeader = header.provide;
export const ChroniqueHeaderOnDemand = header.View;
export const loadChroniqueHeader = header.load;
