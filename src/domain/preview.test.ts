import { describe, expect, it } from 'vitest';
import { previewHref } from './preview';

describe('previewHref (docs/preview.md)', () => {
  it("puts the prefix before the path and the preview's query after the page's own", () => {
    expect(previewHref('/fr/gagnants?lot=a#liste', 'token=t&date=2026-12-01+09%3A00')).toBe(
      '/_preview/fr/gagnants?lot=a&token=t&date=2026-12-01+09%3A00#liste',
    );
    expect(previewHref('/en/home', '')).toBe('/_preview/en/home');
    expect(previewHref('/fr/x?token=old', 'token=new')).toBe('/_preview/fr/x?token=new');
  });

  it('leaves what is not an in-site path alone', () => {
    expect(previewHref('https://example.com/fr', 'token=t')).toBe('https://example.com/fr');
    expect(previewHref('//evil.example/x', 'token=t')).toBe('//evil.example/x');
  });
});
