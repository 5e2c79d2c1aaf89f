/** Block fields for the blocks' unit tests (a test tool, never imported by the site). */
import type { BlockFields } from '../src/content/models';

/** The fields every block has, with `over` on top. */
export const fields = (over: Partial<BlockFields> = {}): BlockFields => ({
  fluid: false,
  displayCover: false,
  nouvelleFenetre: false,
  window: {},
  ...over,
});
