import { describe, expect, it } from 'vitest';
import { hasInteractiveBlock, stateBytes } from './bytes';

describe('bench bytes', () => {
  it('tells a page with an interactive block from one without', () => {
    expect(hasInteractiveBlock('<div class="w" data-lazy-block="carrousel"><!--$-->')).toBe(true);
    expect(hasInteractiveBlock('<div id="sports-widget" class="sports-widget"></div>')).toBe(true);
    expect(hasInteractiveBlock('<header class="entete"><img src="a.jpg" alt=""></header>')).toBe(
      false,
    );
  });

  it('counts the hydration state’s bytes', () => {
    expect(stateBytes('<script type="application/json" id="app-state">{"a":"é"}</script>')).toBe(
      10,
    );
  });
});
