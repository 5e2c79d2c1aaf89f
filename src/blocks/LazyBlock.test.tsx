// @vitest-environment happy-dom
import { act } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Component } from '../content/models';
import { markInteractive, resetInteractiveForTests } from '../ui/interactive';
import { ErrorBoundary } from '../ui/error-boundary';
import { LazyBlock } from './LazyBlock';
import { fields } from '../../testing/fields';

/** The block's chunk, as the registry gives it: at hand on the server, asked for by the gate in the browser. */
const chunk = vi.hoisted(() => ({ server: true, asked: 0, fails: false }));
const reported = vi.hoisted(() => [] as string[]);

function Served({ component }: { component: Component }) {
  return <p>{component.name}</p>;
}

vi.mock('./registry', () => ({
  readyBlock: () => (chunk.server ? Served : undefined),
  loadBlock: () => {
    chunk.asked += 1;
    return chunk.fails ? Promise.reject(new TypeError('no chunk')) : Promise.resolve(Served);
  },
}));

vi.mock('../ui/error-report', () => ({
  reportBrowserError: (kind: string, block: string) => reported.push(`${kind} ${block}`),
}));

/** Stands in for the browser's observer: the test says when the block nears the screen. */
const observers: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
vi.stubGlobal(
  'IntersectionObserver',
  class {
    constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
      observers.push(callback);
    }
    observe() {}
    disconnect() {}
  },
);

const accordion: Component = {
  kind: 'accordeon',
  id: 'faq',
  name: 'Questions',
  fields: fields(),
  titre: 'Questions',
  children: [],
};

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  resetInteractiveForTests();
  observers.length = 0;
  Object.assign(chunk, { server: true, asked: 0, fails: false });
  reported.length = 0;
  vi.restoreAllMocks();
});

/** The watched block comes near the screen; its code, asked for, arrives. */
async function nearScreen(): Promise<void> {
  await act(async () => {
    observers[0]?.([{ isIntersecting: true }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function hydrateServedBlock(): Promise<HTMLElement> {
  const page = (
    <ErrorBoundary block="accordeon">
      <LazyBlock component={accordion} />
    </ErrorBoundary>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  chunk.server = false;
  await act(async () => {
    root = hydrateRoot(container, page, { onRecoverableError: () => undefined });
    await Promise.resolve();
  });
  const wrapper = container.querySelector<HTMLElement>('[data-lazy-block="accordeon"]');
  if (!wrapper) throw new Error('no wrapper');
  return wrapper;
}

describe('LazyBlock (docs/decisions/0047-blocks-after-the-frame.md)', () => {
  it('asks for nothing until the page is interactive, then for a block near the screen', async () => {
    const wrapper = await hydrateServedBlock();
    // The frame hydrated; the block keeps the server's HTML and nothing watches it yet.
    expect(observers).toHaveLength(0);
    expect(chunk.asked).toBe(0);
    expect(wrapper.textContent).toBe('Questions');

    act(() => markInteractive());
    expect(observers).toHaveLength(1);
    expect(chunk.asked).toBe(0);
    await nearScreen();
    expect(chunk.asked).toBe(1);
    expect(wrapper.hasAttribute('data-block-ready')).toBe(true);
    expect(wrapper.textContent).toBe('Questions');
  });

  it('asks at once for a block the visitor clicks before the page is interactive, and plays the click again', async () => {
    const wrapper = await hydrateServedBlock();
    const clicks = vi.fn();
    wrapper.addEventListener('click', clicks);
    await act(async () => {
      wrapper.querySelector('p')?.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(chunk.asked).toBe(1);
    expect(wrapper.hasAttribute('data-block-ready')).toBe(true);
    // Held while the code came (early-actions.ts), then dispatched again once.
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('leaves no listener on the document or the window once the block works', async () => {
    const listening = new Map<unknown, number>();
    for (const target of [document, window]) {
      vi.spyOn(target, 'addEventListener').mockImplementation(function (this: unknown) {
        listening.set(this, (listening.get(this) ?? 0) + 1);
      });
      vi.spyOn(target, 'removeEventListener').mockImplementation(function (this: unknown) {
        listening.set(this, (listening.get(this) ?? 0) - 1);
      });
    }
    const wrapper = await hydrateServedBlock();
    expect(listening.get(document)).toBeGreaterThan(0);
    expect(listening.get(window)).toBeGreaterThan(0);
    act(() => markInteractive());
    await nearScreen();
    expect(wrapper.hasAttribute('data-block-ready')).toBe(true);
    expect([listening.get(document), listening.get(window)]).toEqual([0, 0]);
  });

  it('reports a chunk that does not arrive, and the block shows nothing (0064)', async () => {
    // What React and the gate say about it, expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const wrapper = await hydrateServedBlock();
    chunk.fails = true;
    act(() => markInteractive());
    await nearScreen();
    // As a chunk, then by the boundary: the sender sends one report per error (error-sender.ts).
    expect(reported).toEqual(['chunk accordeon', 'render accordeon']);
    expect(wrapper.isConnected).toBe(false);
    expect(document.querySelector('[data-lazy-block]')).toBeNull();
    // React logs the hydration it gave up late: while the spies are on.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  });

  it('in a view the browser renders, holds a placeholder and asks for the code only near the screen (0055)', async () => {
    chunk.server = false;
    markInteractive();
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      root = createRoot(container);
      root.render(<LazyBlock component={accordion} />);
      await Promise.resolve();
    });
    const wrapper = container.querySelector<HTMLElement>('[data-lazy-block="accordeon"]');
    // A box to watch, nothing asked for yet.
    expect(wrapper?.firstElementChild?.tagName).toBe('DIV');
    expect(wrapper?.textContent).toBe('');
    expect(observers).toHaveLength(1);
    expect(chunk.asked).toBe(0);
    await nearScreen();
    expect(chunk.asked).toBe(1);
    expect(wrapper?.textContent).toBe('Questions');
    expect(wrapper?.hasAttribute('data-block-ready')).toBe(true);
  });
});
