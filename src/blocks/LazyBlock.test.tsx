// @vitest-environment happy-dom
import { act } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Component } from '../content/models';
import { markInteractive, resetInteractiveForTests } from '../ui/interactive';
import { LazyBlock } from './LazyBlock';
import { fields } from '../../testing/fields';

/** The block's chunk, as the registry gives it: settled on the server, asked for by the gate in the browser. */
const chunk = vi.hoisted(() => ({ server: true, asked: 0 }));

function Served({ component }: { component: Component }) {
  return <p>{component.name}</p>;
}

vi.mock('./registry', () => ({
  isBlockReady: () => chunk.server,
  blockPromise: (_kind: string, when: Promise<void>) =>
    chunk.server
      ? Object.assign(Promise.resolve(Served), { status: 'fulfilled', value: Served })
      : when.then(() => {
          chunk.asked += 1;
          return Served;
        }),
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
  Object.assign(chunk, { server: true, asked: 0 });
});

/** The watched block comes near the screen; its code, asked for, arrives. */
async function nearScreen(): Promise<void> {
  await act(async () => {
    observers[0]?.([{ isIntersecting: true }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function hydrateServedBlock(): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<LazyBlock component={accordion} />);
  document.body.append(container);
  chunk.server = false;
  await act(async () => {
    root = hydrateRoot(container, <LazyBlock component={accordion} />);
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

  it('asks at once for a block the visitor clicks before the page is interactive', async () => {
    const wrapper = await hydrateServedBlock();
    await act(async () => {
      wrapper.querySelector('p')?.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(chunk.asked).toBe(1);
    expect(wrapper.hasAttribute('data-block-ready')).toBe(true);
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
