import { describe, expect, it, vi } from 'vitest';
import type { Component } from '../content/models';
import { allBlocks } from './all-blocks';
import { LAZY_KINDS, isLazyBlock, loadBlock, preloadBlocks } from './registry';
import { fields } from '../../testing/fields';

describe('blocks in their own chunk', () => {
  it('load, each, the very block the server renders', async () => {
    expect(LAZY_KINDS.length).toBeGreaterThan(0);
    for (const kind of LAZY_KINDS) {
      await expect(loadBlock(kind), kind).resolves.toBe(allBlocks[kind]);
    }
  });

  it('leave the page structure out: it hydrates with the page, not after it', () => {
    for (const kind of ['entete', 'section', 'rangee', 'texte', 'image', 'carte'] as const) {
      expect(isLazyBlock(kind)).toBe(false);
    }
  });

  it('preload without rejecting, whatever the kinds', async () => {
    await expect(preloadBlocks(['carrousel', 'texte', 'message'])).resolves.toBeUndefined();
  });
});

describe('the structure in the browser', () => {
  // A fresh registry: the browser's, with nothing provided (the test setup provides every block).
  async function browserRegistry() {
    vi.resetModules();
    return import('./registry');
  }
  const stub = { kind: 'static', of: 'texte', id: 's', fields: { window: {} } };
  const texte = { kind: 'texte', id: 't', name: 't', fields: fields({ texte: '<p>x</p>' }) };
  const section = (children: unknown[]) => ({
    kind: 'section',
    id: 'x',
    fields: fields(),
    children,
  });

  it('is not loaded before hydration when only stubs of static trees travel', async () => {
    const registry = await browserRegistry();
    await registry.preloadStructure([[stub as unknown as Component], []]);
    expect(registry.readyBlock('texte')).toBeUndefined();
  });

  it('is loaded, all of it in one chunk, when a structural component travels whole', async () => {
    const registry = await browserRegistry();
    const list = [section([stub, { kind: 'carrousel', id: 'c', fields: fields() }])];
    await registry.preloadStructure([[], [...list, texte] as unknown as Component[]]);
    for (const kind of ['entete', 'section', 'rangee', 'texte', 'image', 'carte'] as const) {
      expect(registry.readyBlock(kind), kind).toBeDefined();
    }
    // The blocks that hydrate after the page wait for their gate (0047).
    expect(registry.readyBlock('carrousel')).toBeUndefined();
  });

  it('comes whole with a client-side navigation that needs any of it', async () => {
    const registry = await browserRegistry();
    await registry.preloadBlocks(['rangee']);
    expect(registry.readyBlock('texte')).toBeDefined();
    expect(registry.readyBlock('rangee')).toBeDefined();
  });
});
