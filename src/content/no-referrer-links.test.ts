// @vitest-environment node
/**
 * A preview's rich text (docs/preview.md "Never logged, never handed on"): every link of the
 * sanitised markup gets `noreferrer`, once, whatever its other attributes hold.
 */
import { describe, expect, it } from 'vitest';
import { noReferrerLinks } from './sanitize';

describe('noReferrerLinks', () => {
  it('adds noreferrer to each link, beside a rel it has, and only once', () => {
    expect(noReferrerLinks('<p><a href="/fr/promotions">Promotions</a> et <a>rien</a></p>')).toBe(
      '<p><a href="/fr/promotions" rel="noreferrer">Promotions</a> et <a rel="noreferrer">rien</a></p>',
    );
    const newWindow =
      '<a href="https://x.example/" target="_blank" rel="noopener noreferrer">x</a>';
    expect(noReferrerLinks(newWindow)).toBe(newWindow);
    expect(noReferrerLinks('<a rel="noopener" href="/a">a</a>')).toBe(
      '<a rel="noopener noreferrer" href="/a">a</a>',
    );
    expect(noReferrerLinks(noReferrerLinks('<a href="/a">a</a>'))).toBe(
      '<a href="/a" rel="noreferrer">a</a>',
    );
  });

  it('reads a start tag whole: a ">" or " rel=" inside a value, other tags starting with a', () => {
    expect(noReferrerLinks('<a title="a > b rel=x" href="/a">a</a>')).toBe(
      '<a title="a > b rel=x" href="/a" rel="noreferrer">a</a>',
    );
    const others = '<abbr title="x">x</abbr><address>y</address><p>&lt;a href="/a"&gt;</p>';
    expect(noReferrerLinks(others)).toBe(others);
  });
});
