import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { sanitizeHtml, installSanitizerWindow } from './sanitize';

beforeAll(() => {
  installSanitizerWindow(new JSDOM('').window);
});

describe('rich text sanitizer (allow-list)', () => {
  it('keeps editorial markup', () => {
    expect(sanitizeHtml('<p>Un <strong>gros</strong> <a href="/fr/x">lien</a></p>')).toBe(
      '<p>Un <strong>gros</strong> <a href="/fr/x">lien</a></p>',
    );
  });
  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)>', '<img src="x">'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<p style="position:fixed" class="x" onclick="y()">t</p>', '<p>t</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
  ])('removes what could run or restyle the page: %s', (dirty, clean) => {
    expect(sanitizeHtml(dirty)).toBe(clean);
  });
  it('protects the opener of links that open a new window', () => {
    expect(sanitizeHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
