import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IeBanner } from './IeBanner';

describe('IeBanner', () => {
  it('says, in French and in English, that the browser is not supported', () => {
    const html = renderToString(<IeBanner />);
    expect(html).toMatch(
      /<p lang="fr-CA"[^>]*>.*Navigateur non pris en charge\..*Internet Explorer/,
    );
    expect(html).toMatch(/<p lang="en-CA"[^>]*>.*Unsupported browser\..*another browser/);
  });

  it('is named by both titles and carries no inline style (the CSP forbids them)', () => {
    const html = renderToString(<IeBanner />);
    const ids = /aria-labelledby="([^"]+)"/.exec(html)?.[1]?.split(' ') ?? [];
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(html).toContain(`id="${id}"`);
    expect(html).not.toContain('style=');
  });
});
