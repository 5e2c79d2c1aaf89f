import { describe, expect, it } from 'vitest';
import type { BlockFields, Slide } from '../../content/models';
import {
  autoplayInterval,
  eligibleSlides,
  hasControls,
  INITIAL_PLAY_STATE,
  isPaused,
  isRunning,
  isSlideEligible,
  playReducer,
  randomStart,
  slideImage,
  slidesForAnyScreen,
  type PlayState,
} from './slides';
import { TEST_NOW } from '../../../testing/today';

const NOW = TEST_NOW;
const desktop = { src: 'https://m.example/d', alt: '' };
const phone = { src: 'https://m.example/p', alt: '' };

function slide(id: string, over: Partial<BlockFields> = {}): Slide {
  return {
    id,
    fields: {
      fluid: false,
      displayCover: false,
      nouvelleFenetre: false,
      window: {},
      image: desktop,
      imageMobile: phone,
      ...over,
    },
  };
}

describe('autoplay interval', () => {
  it('is autoplayTimeout seconds times 1000', () => {
    expect(autoplayInterval(6)).toBe(6000);
    expect(autoplayInterval(2.5)).toBe(2500);
  });

  it('is 5000 ms when the value is absent or unusable', () => {
    expect(autoplayInterval(undefined)).toBe(5000);
    expect(autoplayInterval(0)).toBe(5000);
    expect(autoplayInterval(-3)).toBe(5000);
    expect(autoplayInterval(Number.NaN)).toBe(5000);
    expect(autoplayInterval(Number.POSITIVE_INFINITY)).toBe(5000);
  });
});

describe('slide eligibility', () => {
  it('uses imageMobile on phones and image otherwise, with no fallback', () => {
    const onlyDesktop = slide('d', { imageMobile: undefined });
    const onlyPhone = slide('p', { image: undefined });
    expect(slideImage(slide('both'), 'phone')).toBe(phone);
    expect(slideImage(slide('both'), 'desktop')).toBe(desktop);
    expect(isSlideEligible(onlyDesktop, NOW, 'desktop')).toBe(true);
    expect(isSlideEligible(onlyDesktop, NOW, 'phone')).toBe(false);
    expect(isSlideEligible(onlyPhone, NOW, 'phone')).toBe(true);
    expect(isSlideEligible(onlyPhone, NOW, 'desktop')).toBe(false);
  });

  it('skips a slide with no image at all', () => {
    const none = slide('n', { image: undefined, imageMobile: undefined });
    expect(isSlideEligible(none, NOW, 'phone')).toBe(false);
    expect(isSlideEligible(none, NOW, 'desktop')).toBe(false);
  });

  it('keeps a slide only inside its display window (start inclusive, end exclusive)', () => {
    const startsNow = slide('s', { window: { start: '2026-11-21T12:00:00-05:00' } });
    const endsNow = slide('e', { window: { end: '2026-11-21T12:00:00-05:00' } });
    const future = slide('f', { window: { start: '2026-11-26T00:00:00-05:00' } });
    expect(isSlideEligible(startsNow, NOW, 'desktop')).toBe(true);
    expect(isSlideEligible(endsNow, NOW, 'desktop')).toBe(false);
    expect(isSlideEligible(future, NOW, 'phone')).toBe(false);
  });

  it('filters a list in order for one screen size', () => {
    const list = [
      slide('a'),
      slide('b', { imageMobile: undefined }),
      slide('c', { window: { end: '2026-11-20T00:00:00-05:00' } }),
      slide('d'),
    ];
    expect(eligibleSlides(list, NOW, 'desktop').map((s) => s.id)).toEqual(['a', 'b', 'd']);
    expect(eligibleSlides(list, NOW, 'phone').map((s) => s.id)).toEqual(['a', 'd']);
  });

  it('marks, before the screen is known, which sizes each slide suits', () => {
    const list = [
      slide('a'),
      slide('b', { imageMobile: undefined }),
      slide('c', { image: undefined }),
      slide('x', { image: undefined, imageMobile: undefined }),
    ];
    expect(
      slidesForAnyScreen(list, NOW).map(({ slide: s, phone: p, desktop: d }) => [s.id, p, d]),
    ).toEqual([
      ['a', true, true],
      ['b', false, true],
      ['c', true, false],
    ]);
  });
});

describe('controls and start', () => {
  it('shows controls from two slides', () => {
    expect(hasControls(0)).toBe(false);
    expect(hasControls(1)).toBe(false);
    expect(hasControls(2)).toBe(true);
  });

  it('starts anywhere among the slides, never outside', () => {
    expect(randomStart(1, () => 0.99)).toBe(0);
    expect(randomStart(3, () => 0)).toBe(0);
    expect(randomStart(3, () => 0.5)).toBe(1);
    expect(randomStart(3, () => 0.9999)).toBe(2);
    expect(randomStart(3, () => 1)).toBe(2);
  });
});

describe('play state', () => {
  const run = (state: PlayState, ...actions: Parameters<typeof playReducer>[1][]) =>
    actions.reduce(playReducer, state);

  it('plays at first, and the button toggles playing and paused', () => {
    expect(isPaused(INITIAL_PLAY_STATE, false)).toBe(false);
    const once = run(INITIAL_PLAY_STATE, { type: 'toggle', reducedMotion: false });
    expect(isPaused(once, false)).toBe(true);
    const twice = run(once, { type: 'toggle', reducedMotion: false });
    expect(isPaused(twice, false)).toBe(false);
  });

  it('stays still under reduced motion until the visitor presses play', () => {
    expect(isPaused(INITIAL_PLAY_STATE, true)).toBe(true);
    expect(isRunning(INITIAL_PLAY_STATE, true, 3)).toBe(false);
    const played = run(INITIAL_PLAY_STATE, { type: 'toggle', reducedMotion: true });
    expect(isRunning(played, true, 3)).toBe(true);
  });

  it('pauses for good when the visitor uses the arrows, indicators or keyboard', () => {
    const state = run(INITIAL_PLAY_STATE, { type: 'takeOver' });
    expect(isPaused(state, false)).toBe(true);
    expect(run(state, { type: 'takeOver' })).toBe(state);
  });

  it('suspends only while hovered', () => {
    const hovered = run(INITIAL_PLAY_STATE, { type: 'hover', hovered: true });
    expect(isPaused(hovered, false)).toBe(false);
    expect(isRunning(hovered, false, 3)).toBe(false);
    expect(isRunning(run(hovered, { type: 'hover', hovered: false }), false, 3)).toBe(true);
  });

  it('never runs with fewer than two slides', () => {
    expect(isRunning(INITIAL_PLAY_STATE, false, 1)).toBe(false);
    expect(isRunning(INITIAL_PLAY_STATE, false, 2)).toBe(true);
  });
});
