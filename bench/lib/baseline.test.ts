import { describe, expect, it } from 'vitest';
import { changes, formatChange, type Baseline } from './baseline';
import type { DocumentWeight } from './bytes';

const weight = (html: number, state: number): DocumentWeight => ({
  html: { raw: html * 4, gzip: html, brotli: html },
  state: { raw: state * 4, gzip: state, brotli: state },
  inlineScripts: { raw: 0, gzip: 0, brotli: 0 },
});
const baseline: Baseline = {
  recordedAt: '2026-11-27T12:00:00.000Z',
  commit: 'abc',
  pages: [{ path: '/fr/accueil', ...weight(1000, 200) }],
};

describe('page weight against the baseline', () => {
  it('gives each judged figure’s change and flags growth over 5 %', () => {
    const now = changes(weight(1060, 190), '/fr/accueil', baseline);
    expect(now['HTML brotli']).toBeCloseTo(0.06);
    expect(now['state gzip']).toBeCloseTo(-0.05);
    expect(formatChange(now['HTML brotli'])).toBe('+6.0 % !');
    expect(formatChange(now['state gzip'])).toBe('-5.0 %');
  });

  it('has no change for a page the baseline does not hold', () => {
    expect(changes(weight(1, 1), '/en/home', baseline)['HTML gzip']).toBeNull();
    expect(changes(weight(1, 1), '/fr/accueil', null)['HTML gzip']).toBeNull();
  });
});
