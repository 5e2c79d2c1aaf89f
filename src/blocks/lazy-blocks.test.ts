import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allBlocks } from './all-blocks';
import { LAZY_BLOCK_SOURCES } from './lazy-blocks';
import { LAZY_KINDS, isLazyBlock, preloadBlocks } from './registry';

describe('blocks in their own chunk', () => {
  it('are the same kinds for the browser loaders and the server manifest lookup', () => {
    expect([...LAZY_KINDS].sort()).toEqual(Object.keys(LAZY_BLOCK_SOURCES).sort());
  });

  it('name existing source modules, which export the block the server renders', async () => {
    for (const [kind, source] of Object.entries(LAZY_BLOCK_SOURCES)) {
      expect(existsSync(source), source).toBe(true);
      const module = (await import(`../../${source}`)) as Record<string, unknown>;
      expect(Object.values(module), kind).toContain(allBlocks[kind as keyof typeof allBlocks]);
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
