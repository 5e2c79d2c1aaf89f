/**
 * The chronique header in a chunk of its own: only chronique pages show it, and they hydrate it
 * from the served markup without that chunk (it has no behaviour), which only a client-side
 * navigation to a chronique loads (src/ui/on-demand.tsx, docs/decisions/0050).
 */
import type { ChronicleInfo } from '../../content/models';
import { onDemandView } from '../../ui/on-demand';

const header = onDemandView<{ info: ChronicleInfo; timeZone: string }>(
  () => import('./ChronicleHeader').then((m) => m.ChronicleHeader),
  'chronicle-header',
);

export const provideChronicleHeader = header.provide;
export const ChronicleHeaderOnDemand = header.View;
export const loadChronicleHeader = header.load;
