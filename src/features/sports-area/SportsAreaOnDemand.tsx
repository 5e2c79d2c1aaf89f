/**
 * The sports area's view in a chunk of its own: only /sports/ pages show it, so the other pages
 * do not carry its code before interaction (docs/decisions/0014-javascript-budget.md). A sports
 * page asks for the chunk with its early modules and waits for it before hydrating
 * (app/start-client.tsx); a client-side navigation into the area loads it first
 * (app/prepare-view.ts).
 */
import { onDemandView } from '../../ui/on-demand';
import type { SportsAreaProps } from './SportsArea';

const sportsArea = onDemandView<SportsAreaProps>(() =>
  import('./SportsArea').then((m) => m.SportsArea),
);

export const provideSportsArea = sportsArea.provide;
export const SportsAreaOnDemand = sportsArea.View;
export const loadSportsArea = sportsArea.load;
