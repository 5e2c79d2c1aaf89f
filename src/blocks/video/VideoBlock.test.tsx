// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Component } from '../../content/models';
import { PlayerConfigContext } from '../../ui/players';
import { Providers, fields } from '../../../testing/blocks';
import { VideoBlock } from './VideoBlock';

const video: Extract<Component, { kind: 'video' }> = {
  kind: 'video',
  id: 'v',
  name: 'v',
  fields: fields({ title: 'Boreal Bet in 60 seconds' }),
  videoId: 'bRl0001aaaa',
};

const ui = (base = 'https://player.example/embed/') => (
  <Providers locale="en">
    <PlayerConfigContext.Provider
      value={{ videoPlayerBase: base, podcastPlayerUrl: '', podcastUserId: '' }}
    >
      <VideoBlock component={video} />
    </PlayerConfigContext.Provider>
  </Providers>
);

// The test DOM would otherwise fetch the player page for real.
const testDom = window as unknown as {
  happyDOM?: { settings: { disableIframePageLoading: boolean } };
};
beforeEach(() => {
  if (testDom.happyDOM) testDom.happyDOM.settings.disableIframePageLoading = true;
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('video block', () => {
  it('never renders the player on the server: the consent overlay stands in', () => {
    const out = renderToStaticMarkup(ui());
    expect(out).not.toContain('<iframe');
    expect(out).toContain('data-consent="video"');
    expect(out).toContain('Boreal Bet in 60 seconds');
  });

  it('loads the player (base + id, rel=0, modestbranding=1, origin) only after consent', () => {
    render(ui());
    expect(document.querySelector('iframe')).toBeNull();
    act(() => {
      fireEvent.click(screen.getByRole('button'));
    });
    const frame = document.querySelector('iframe');
    expect(frame).not.toBeNull();
    const src = new URL(frame?.getAttribute('src') ?? '');
    expect(src.origin + src.pathname).toBe('https://player.example/embed/bRl0001aaaa');
    expect(src.searchParams.get('rel')).toBe('0');
    expect(src.searchParams.get('modestbranding')).toBe('1');
    expect(src.searchParams.get('origin')).toBe(window.location.origin);
    expect(frame?.getAttribute('title')).toBe('Boreal Bet in 60 seconds');
  });

  it('renders nothing without a player base in the configuration', () => {
    expect(renderToStaticMarkup(ui(''))).toBe('');
  });
});
