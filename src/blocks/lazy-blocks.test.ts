import { describe, expect, it } from 'vitest';
import { allBlocks } from './all-blocks';
import { LAZY_KINDS, blockPromise, isLazyBlock, preloadBlocks } from './registry';

describe('blocks in their own chunk', () => {
  it('load, each, the very block the server renders', async () => {
    expect(LAZY_KINDS.length).toBeGreaterThan(0);
    for (const kind of LAZY_KINDS) {
      await expect(blockPromise(kind, Promise.resolve()), kind).resolves.toBe(allBlocks[kind]);
    }
  });

  it('leave the page structure in the main bundle', () => {
    for (const kind of ['entete', 'section', 'rangee', 'texte', 'image', 'carte'] as const) {
      expect(isLazyBlock(kind)).toBe(false);
    }
  });

  it('preload without rejecting, whatever the kinds', async () => {
    await expect(preloadBlocks(['carrousel', 'texte', 'message'])).resolves.toBeUndefined();
  });
});
