/** Rules of the accordion block, kept apart from React so they can be tested on their own. */

/**
 * Whether the (decoded) fragment names this anchor. A plain string comparison: the fragment is
 * never used as a selector, so `#1:x[` or any other text cannot throw.
 */
export function hashTargets(hash: string, anchor: string | undefined): boolean {
  const name = anchor?.trim();
  return Boolean(name) && hash === name;
}

/** Smooth scrolling unless the visitor asked for reduced motion. */
export function scrollBehaviour(reducedMotion: boolean): ScrollBehavior {
  return reducedMotion ? 'auto' : 'smooth';
}
