/**
 * The carousel's rules without React (docs/requirements.md §4, §5, §9): which slides show, how often it moves
 * and whether it is playing.
 */
import type { Img, Slide } from '../../content/models';
import { isInWindow } from '../../domain/display-window';

export type Screen = 'phone' | 'desktop';

/** docs/requirements.md §9: autoplayTimeout seconds × 1000; 5000 ms when absent or not a usable number. */
const DEFAULT_INTERVAL_MS = 5000;

export function autoplayInterval(autoplayTimeout: number | undefined): number {
  return autoplayTimeout !== undefined && Number.isFinite(autoplayTimeout) && autoplayTimeout > 0
    ? autoplayTimeout * 1000
    : DEFAULT_INTERVAL_MS;
}

/** `imageMobile` on phones, `image` otherwise: no fallback, a slide needs its size's image. */
export function slideImage(slide: Slide, screen: Screen): Img | undefined {
  return screen === 'phone' ? slide.fields.imageMobile : slide.fields.image;
}

export function isSlideEligible(slide: Slide, now: number, screen: Screen): boolean {
  return isInWindow(slide.fields.window, now) && slideImage(slide, screen) !== undefined;
}

export function eligibleSlides(slides: readonly Slide[], now: number, screen: Screen): Slide[] {
  return slides.filter((slide) => isSlideEligible(slide, now, screen));
}

export interface EligibleSlide {
  slide: Slide;
  phone: boolean;
  desktop: boolean;
}

/**
 * Before the screen is known (the server, then hydration), every slide shown on either size, each
 * with the sizes it suits, so that CSS can hide the others without a script.
 */
export function slidesForAnyScreen(slides: readonly Slide[], now: number): EligibleSlide[] {
  return slides.flatMap((slide) => {
    const phone = isSlideEligible(slide, now, 'phone');
    const desktop = isSlideEligible(slide, now, 'desktop');
    return phone || desktop ? [{ slide, phone, desktop }] : [];
  });
}

/** Arrows, indicators and the pause button need at least two slides (docs/requirements.md §4). */
export const hasControls = (count: number): boolean => count >= 2;

/** A random start among `count` slides; `random` is injectable for tests. */
export function randomStart(count: number, random: () => number = Math.random): number {
  if (count <= 1) return 0;
  return Math.min(count - 1, Math.floor(random() * count));
}

/**
 * Playing or paused (docs/requirements.md §4). `paused` is the visitor's choice, undecided until they act:
 * until then a visitor who asks for reduced motion gets a still carousel. Hovering suspends the
 * rotation only while the pointer stays.
 */
export interface PlayState {
  paused: boolean | null;
  hovered: boolean;
}

export type PlayAction =
  | { type: 'toggle'; reducedMotion: boolean }
  /** Arrows, indicators, a swipe, keyboard focus inside: the visitor takes over. */
  | { type: 'takeOver' }
  | { type: 'hover'; hovered: boolean };

export const INITIAL_PLAY_STATE: PlayState = { paused: null, hovered: false };

export function isPaused(state: PlayState, reducedMotion: boolean): boolean {
  return state.paused ?? reducedMotion;
}

export function playReducer(state: PlayState, action: PlayAction): PlayState {
  switch (action.type) {
    case 'toggle':
      return { ...state, paused: !isPaused(state, action.reducedMotion) };
    case 'takeOver':
      return state.paused === true ? state : { ...state, paused: true };
    case 'hover':
      return state.hovered === action.hovered ? state : { ...state, hovered: action.hovered };
  }
}

/** Whether the timer runs right now. */
export function isRunning(state: PlayState, reducedMotion: boolean, count: number): boolean {
  return hasControls(count) && !isPaused(state, reducedMotion) && !state.hovered;
}
