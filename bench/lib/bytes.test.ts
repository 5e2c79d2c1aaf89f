import { describe, expect, it } from 'vitest';
import {
  documentWeight,
  hasInteractiveBlock,
  inlineModules,
  stateAddress,
  stateText,
} from './bytes';

describe('bench bytes', () => {
  it('tells a page with an interactive block from one without', () => {
    expect(hasInteractiveBlock('<div class="w" data-lazy-block="carrousel"><!--$-->')).toBe(true);
    expect(hasInteractiveBlock('<div id="sports-widget" class="sports-widget"></div>')).toBe(true);
    expect(hasInteractiveBlock('<header class="entete"><img src="a.jpg" alt=""></header>')).toBe(
      false,
    );
  });

  it('weighs the document, its hydration state and its inline scripts, raw and compressed', () => {
    const state = '<script type="application/json" id="app-state">{"a":"é"}</script>';
    const html = `<p>x</p>${state}<script type="module">go()</script><script src="/a.js"></script>`;
    const weight = documentWeight(html);
    expect(weight.html.raw).toBe(Buffer.byteLength(html));
    expect(weight.state.raw).toBe(10);
    // The state's JSON and the module's body; a script with a src adds nothing.
    expect(weight.inlineScripts.raw).toBe(10 + 'go()'.length);
    for (const sizes of [weight.html, weight.state, weight.inlineScripts]) {
      expect(sizes.gzip).toBeGreaterThan(0);
      expect(sizes.brotli).toBeGreaterThan(0);
    }
    expect(documentWeight('<p>no state</p>').state.raw).toBe(0);
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

  it('reads a state beside the document by its address, and one in it by its text', () => {
    const beside =
      '<script type="application/json" id="app-state" data-src="/_state/abc/fr/accueil"></script>';
    expect(stateAddress(beside)).toBe('/_state/abc/fr/accueil');
    expect(stateText(beside)).toBe('');
    const inside = '<script type="application/json" id="app-state">{"a":1}</script>';
    expect(stateAddress(inside)).toBeUndefined();
    expect(stateText(inside)).toBe('{"a":1}');
    expect(documentWeight(beside, '{"a":1}').state.raw).toBe(7);
  });
});
