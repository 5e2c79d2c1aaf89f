/** Rules of the tabs block, kept apart from React so they can be tested on their own. */

/** The index of the tab whose key is the fragment, or null when none is. */
export function matchingTab(keys: readonly string[], hash: string): number | null {
  if (!hash) return null;
  const index = keys.indexOf(hash);
  return index === -1 ? null : index;
}

/**
 * Where a key press moves the focus in a WAI-ARIA tab list (wrapping at both ends), or null
 * for keys the tab list leaves alone.
 */
export function keyTarget(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
