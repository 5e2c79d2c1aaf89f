/**
 * The chronique header in a chunk of its own: only chronique pages show it, so the other pages
 * do not load it before interaction (src/ui/on-demand.tsx).
 */
import type { ChroniqueInfo } from '../../content/models';
import { onDemandView } from '../../ui/on-demand';

const header = onDemandView<{ info: ChroniqueInfo; timeZone: string }>(() =>
  import('./ChroniqueHeader').then((m) => m.ChroniqueHeader),
);

export const provideChroniqueHeader = header.provide;
export const ChroniqueHeaderOnDemand = header.View;
export const loadChroniqueHeader = header.load;
