import { describe, expect, it } from 'vitest';
import { offerColumns } from './columns';

describe('offerColumns', () => {
  it('gives each screen size 12 / its configured count', () => {
    expect(offerColumns({ colonnesMobile: 1, colonnesTablette: 2, colonnesBureau: 3 })).toEqual({
      mobile: 12,
      tablet: 6,
      desktop: 4,
    });
    expect(offerColumns({ colonnesMobile: 2, colonnesTablette: 3, colonnesBureau: 4 })).toEqual({
      mobile: 6,
      tablet: 4,
      desktop: 3,
    });
    expect(offerColumns({ colonnesBureau: 6 }).desktop).toBe(2);
    expect(offerColumns({ colonnesBureau: 12 }).desktop).toBe(1);
  });
  it('falls back to one column for a missing or unusable count', () => {
    expect(offerColumns({})).toEqual({ mobile: 12, tablet: 12, desktop: 12 });
    expect(offerColumns({ colonnesMobile: 0, colonnesTablette: -2, colonnesBureau: NaN })).toEqual({
      mobile: 12,
      tablet: 12,
      desktop: 12,
    });
  });
  it('never goes below one grid column', () => {
    expect(offerColumns({ colonnesBureau: 40 }).desktop).toBe(1);
  });
});
