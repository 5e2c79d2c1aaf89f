// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markInteractive, resetInteractiveForTests } from './interactive';
import { onDemandView } from './on-demand';

afterEach(() => {
  cleanup();
  resetInteractiveForTests();
  document.body.innerHTML = '';
});

const Title = ({ text }: { text: string }) => <h1>{text}</h1>;

function keptView() {
  const importer = vi.fn(() => Promise.resolve(Title));
  return { importer, view: onDemandView(importer, 'kept-view') };
}

describe('a view kept from the served markup', () => {
  it('hydrates from the served element without asking for its chunk', async () => {
    const server = keptView();
    server.view.provide(Title);
    const html = renderToString(<server.view.View text="Served" />);
    expect(html).toMatch(/^<div id="kept-view" class="static-block">.*<h1>Served<\/h1>.*<\/div>$/);

    const browser = keptView();
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(container, <browser.view.View text="Served" />);
      await Promise.resolve();
    });
    expect(container.innerHTML).toBe(html);
    expect(browser.importer).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });

  it('renders with its chunk once the page is interactive (a client-side navigation)', async () => {
    const { importer, view } = keptView();
    document.body.innerHTML = '<div id="kept-view"><h1>Previous page</h1></div>';
    markInteractive();
    await act(async () => {
      render(<view.View text="Next page" />);
      await Promise.resolve();
    });
    expect(await screen.findByRole('heading', { name: 'Next page' })).toBeTruthy();
    expect(importer).toHaveBeenCalledOnce();
  });

  it('renders with its chunk when nothing was served', async () => {
    const { importer, view } = keptView();
    await act(async () => {
      render(<view.View text="Fresh" />);
      await Promise.resolve();
    });
    expect(await screen.findByRole('heading', { name: 'Fresh' })).toBeTruthy();
    expect(importer).toHaveBeenCalledOnce();
  });
});
