// @vitest-environment happy-dom
/**
 * One broken block never blanks a page (docs/decisions/0064-error-boundaries.md): in the
 * browser a block that throws in its render or its effects shows nothing, its siblings stay and
 * the report names the kind; on the server it is left out and logged instead of failing the page.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { useEffect, useId } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Component } from '../content/models';
import { serverBlock } from './server-block';
import { ServerBlockContext } from '../ui/error-boundary';
import { reportBrowserError } from '../ui/error-report';
import { NowContext } from '../ui/now';
import { allBlocks } from '../blocks/all-blocks';
import { Components } from '../blocks/Components';
import { provideBlocks } from '../blocks/registry';
import { fields } from '../../testing/fields';
import { TEST_NOW } from '../../testing/today';
import type { BlockProps } from '../blocks/types';

vi.mock('../ui/error-report', () => ({ reportBrowserError: vi.fn() }));

const Card = allBlocks.carte;
if (!Card) throw new Error('no carte block');

/** Set while the test plays the browser: `Hydrated` throws only then. */
let inBrowser = false;

/** A card that throws while hydrating (what the server rendered of it worked). */
function Hydrated(props: BlockProps<'carte'>) {
  if (inBrowser && props.component.fields.title === 'Middle') throw new Error('broken hydration');
  return Card ? <Card {...props} /> : null;
}

/** A card that throws when its title says so: `render` in its render, `effect` in an effect. */
function Breakable(props: BlockProps<'carte'>) {
  const title = props.component.fields.title;
  useEffect(() => {
    if (title === 'effect') throw new Error('broken effect');
  }, [title]);
  if (title === 'render') throw new Error('broken render');
  return Card ? <Card {...props} /> : null;
}

const card = (id: string, title: string): Component => ({
  kind: 'carte',
  id,
  name: id,
  fields: fields({ title }),
});

const NOW = TEST_NOW;

const page = (broken: string) => (
  <NowContext.Provider value={NOW}>
    <Components list={[card('a', 'Before'), card('b', broken), card('c', 'After')]} />
  </NowContext.Provider>
);

beforeEach(() => {
  provideBlocks({ carte: Breakable });
  // React says on the console what a boundary caught.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  provideBlocks({ carte: Card });
  vi.restoreAllMocks();
  vi.mocked(reportBrowserError).mockClear();
});

describe('a block that throws in the browser', () => {
  it('in its render: shows nothing, its siblings stay, reported as render of its kind', async () => {
    await act(async () => {
      render(page('render'));
      await Promise.resolve();
    });
    expect(screen.getByText('Before')).toBeTruthy();
    expect(screen.getByText('After')).toBeTruthy();
    expect(document.body.textContent).not.toContain('render');
    expect(reportBrowserError).toHaveBeenCalledWith('render', 'carte', expect.any(Error));
  });

  it('in an effect: shows nothing, its siblings stay, reported as effect of its kind', async () => {
    await act(async () => {
      render(page('effect'));
      await Promise.resolve();
    });
    expect(screen.getByText('Before')).toBeTruthy();
    expect(screen.getByText('After')).toBeTruthy();
    expect(screen.queryByText('effect')).toBeNull();
    expect(reportBrowserError).toHaveBeenCalledWith('effect', 'carte', expect.any(Error));
  });
});

describe('a block that throws while hydrating', () => {
  it('shows nothing, the root keeps the others, reported as render of its kind', async () => {
    provideBlocks({ carte: Hydrated });
    inBrowser = false;
    const container = document.createElement('div');
    container.innerHTML = renderToString(page('Middle'));
    document.body.append(container);
    expect(container.textContent).toContain('Middle');
    const first = container.firstElementChild;
    inBrowser = true;
    await act(async () => {
      hydrateRoot(container, page('Middle'));
      await Promise.resolve();
    });
    inBrowser = false;
    expect(container.textContent).toContain('Before');
    expect(container.textContent).toContain('After');
    expect(container.textContent).not.toContain('Middle');
    // Outside a Suspense boundary, React drops the root's served markup and draws it afresh
    // (docs/decisions/0064): the others are there, as new elements.
    expect(container.firstElementChild).not.toBe(first);
    expect(reportBrowserError).toHaveBeenCalledWith('render', 'carte', expect.any(Error));
  });
});

describe('a block that throws on the server', () => {
  it('is left out and named to the server, the rest of the page rendered', () => {
    const failed = vi.fn();
    const html = renderToString(
      <ServerBlockContext.Provider value={serverBlock(failed)}>
        {page('render')}
      </ServerBlockContext.Provider>,
    );
    expect(html).toContain('Before');
    expect(html).toContain('After');
    expect(failed).toHaveBeenCalledWith(
      'carte',
      expect.objectContaining({ message: 'broken render' }),
    );
  });

  it('gives a block the useId the browser computes when it hydrates', () => {
    function WithId(props: BlockProps<'carte'>) {
      const id = useId();
      return <div id={id}>{Card ? <Card {...props} /> : null}</div>;
    }
    provideBlocks({ carte: WithId });
    const ids = (html: string) => [...html.matchAll(/<div id="([^"]+)"/g)].map((m) => m[1]);
    // Without the guard the tree is the browser's: hydration computes these same ids.
    const expected = ids(renderToString(page('Middle')));
    expect(expected).toHaveLength(3);
    const guarded = renderToString(
      <ServerBlockContext.Provider value={serverBlock(vi.fn())}>
        {page('Middle')}
      </ServerBlockContext.Provider>,
    );
    expect(ids(guarded)).toEqual(expected);
  });

  it('fails the render when nobody asked to be told (as before)', () => {
    expect(() => renderToString(page('render'))).toThrow('broken render');
  });
});
