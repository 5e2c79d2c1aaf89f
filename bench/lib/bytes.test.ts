import { describe, expect, it } from 'vitest';
import { hasInteractiveBlock, inlineModules, stateBytes } from './bytes';

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

  it('counts the module scripts written into the document, not those it names', () => {
    const html =
      '<script type="module" data-start="/a.js">const x = 1;</script>' +
      '<script type="module" src="/b.js"></script>' +
      '<script type="application/json" id="app-state">{}</script>';
    const [entry, ...rest] = inlineModules(html, 'http://127.0.0.1:1');
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ kind: 'js', firstParty: true, raw: 12, sent: 0 });
  });
});
