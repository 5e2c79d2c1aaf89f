import { describe, expect, it } from 'vitest';
import { RESPONSIVE_WIDTHS, responsiveSrcSet } from './images';

describe('responsiveSrcSet', () => {
  it('is absent when the media host has no width parameter', () => {
    expect(responsiveSrcSet('https://media.example/dam/jcr:1/image', undefined)).toBeUndefined();
    expect(responsiveSrcSet('https://media.example/dam/jcr:1/image', '')).toBeUndefined();
  });

  it('offers every width through the parameter, with its descriptor', () => {
    expect(responsiveSrcSet('https://media.example/dam/jcr:1/image', 'w')).toBe(
      RESPONSIVE_WIDTHS.map((w) => `https://media.example/dam/jcr:1/image?w=${w} ${w}w`).join(', '),
    );
    expect(RESPONSIVE_WIDTHS).toEqual([320, 640, 960, 1280, 1920]);
  });

  it('appends to an existing query, drops a fragment and escapes the parameter name', () => {
    expect(responsiveSrcSet('/logos/a.png?v=2#top', 'width', [640])).toBe(
      '/logos/a.png?v=2&width=640 640w',
    );
    expect(responsiveSrcSet('/a.png', 'im w', [320])).toBe('/a.png?im%20w=320 320w');
  });
});
