/**
 * What the browser loads before it swaps a new view in: the chunks of the blocks that open it
 * (or the site map's view), the sanitizer and the messages of its language (the late ones too
 * where its blocks or lot modal read them).
 */
import { isLazyBlock, preloadBlocks } from '../blocks/registry';
import type { ComponentKind } from '../content/models';
import { componentKinds } from '../content/walk';
import { loadChronicleHeader } from '../features/chronicle-header/ChronicleHeaderOnDemand';
import { loadSiteMapPage } from '../features/site-map/SiteMapOnDemand';
import { loadSportsArea } from '../features/sports-area/SportsAreaOnDemand';
import { lateMessages, loadCatalogue } from '../i18n/catalogue';
import { loadSanitizer } from '../ui/sanitizer';
import type { ViewState } from './state';

/**
 * The page's components that open it, whose blocks render with the view: the code of the others
 * is asked for as each comes near the screen, as on a first visit
 * (docs/decisions/0055-navigation-loads-the-first-screen-blocks.md).
 */
const FIRST_SCREEN_COMPONENTS = 3;

/** Kinds of the blocks a view renders, or of those among its first `count` components. */
function viewBlockKinds(state: ViewState, count = Infinity): Set<ComponentKind> {
  return state.view.kind === 'content'
    ? componentKinds(state.view.page.components.slice(0, count))
    : new Set();
}

/** Blocks hydrated after the page and the lot modal read the late messages (late-keys.ts). */
function wantsLateMessages(state: ViewState, kinds: Set<ComponentKind>): boolean {
  if (state.view.kind !== 'content') return false;
  return state.view.page.chronicle !== undefined || [...kinds].some(isLazyBlock);
}

/**
 * Never rejects: a chunk that fails to load leaves its block suspended (the rest of the page
 * shows), and a missing sanitizer leaves rich text empty rather than unsanitised.
 */
export async function prepareView(state: ViewState): Promise<void> {
  const kinds = viewBlockKinds(state);
  await Promise.allSettled([
    preloadBlocks(viewBlockKinds(state, FIRST_SCREEN_COMPONENTS)),
    loadSanitizer(),
    wantsLateMessages(state, kinds) ? lateMessages(state.locale) : loadCatalogue(state.locale),
    // Views in chunks of their own; the site map's texts too (the head's title among them).
    state.view.kind === 'site-map' ? loadSiteMapPage(state.locale) : undefined,
    state.view.kind === 'sports' ? loadSportsArea() : undefined,
    state.view.kind === 'content' && state.view.page.chronicle ? loadChronicleHeader() : undefined,
  ]);
}
