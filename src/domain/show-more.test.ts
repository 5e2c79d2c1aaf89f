import { describe, expect, it } from 'vitest';
import { acceptsCount, moreHref, readListCount } from './show-more';

const read = (query: string | undefined, path = '/fr/gagnants') =>
  readListCount(path, query).wanted;

describe('the count a request asks for (readListCount), as nginx keys on it', () => {
  it('reads one list’s count, whatever else the query holds', () => {
    expect(read('gagnants=12')).toEqual({ list: 'gagnants', count: 12 });
    expect(read('lot=lot-2026-001&billets=9&utm_source=x')).toEqual({ list: 'billets', count: 9 });
    expect(read('chroniques=8', '/en/columns')).toEqual({ list: 'chroniques', count: 8 });
    expect(read('gagnants=9999')).toEqual({ list: 'gagnants', count: 9999 });
    expect(readListCount('/fr/gagnants', 'gagnants=12').named).toBe(true);
  });

  it('takes the first value of a count’s form, never decoded, as nginx does', () => {
    expect(read('gagnants=abc&gagnants=12&gagnants=15')).toEqual({ list: 'gagnants', count: 12 });
    for (const garbage of [
      'gagnants=',
      'gagnants',
      'gagnants=0',
      'gagnants=012',
      'gagnants=+12',
      'gagnants=-12',
      'gagnants=12.0',
      'gagnants=1e2',
      'gagnants=10000',
      'gagnants=%31%32',
      'gagnants=12%00',
      'gagnants=12;x',
      '%67agnants=12',
      'Gagnants=12',
      'xgagnants=12',
      'gagnants[]=12',
    ]) {
      expect(read(garbage), garbage).toBeUndefined();
    }
    // Named, though not read: the answer is not nginx's to keep under it.
    expect(readListCount('/fr/gagnants', 'gagnants=abc').named).toBe(true);
    expect(readListCount('/fr/gagnants', 'lot=1&n=2').named).toBe(false);
    expect(readListCount('/fr/gagnants', undefined)).toEqual({ wanted: undefined, named: false });
  });

  it('reads none when two lists are named: a path’s pages add up over its lists', () => {
    expect(read('billets=12&gagnants=12', '/fr/accueil')).toBeUndefined();
    expect(read('gagnants=12&chroniques=8', '/fr/accueil')).toBeUndefined();
    // A list named with garbage does not count: nginx keys on the one read.
    expect(read('billets=x&gagnants=12', '/fr/accueil')).toEqual({ list: 'gagnants', count: 12 });
  });

  it('reads it on a page in a language only, the paths nginx keys it on', () => {
    for (const path of ['/gagnants', '/frites/gagnants', '/sports/fr/gagnants', '/_data/view']) {
      expect(read('gagnants=12', path), path).toBeUndefined();
      expect(readListCount(path, 'gagnants=12').named, path).toBe(true);
    }
    expect(read('gagnants=12', '/en/winners')).toEqual({ list: 'gagnants', count: 12 });
  });
});

describe('the counts a page accepts (acceptsCount)', () => {
  const accepted = (list: 'billets' | 'gagnants' | 'chroniques', total: number | undefined) =>
    Array.from({ length: 30 }, (_, i) => i + 1).filter((count) =>
      acceptsCount({ list, count }, total),
    );

  it('for the lots: past a phone’s first 3, by 3, at most all, and all', () => {
    expect(accepted('gagnants', 20)).toEqual([6, 9, 12, 15, 18, 20]);
    expect(accepted('billets', 18)).toEqual([6, 9, 12, 15, 18]);
    // A list that fits a large screen still has a phone's "show more".
    expect(accepted('billets', 5)).toEqual([5]);
    expect(accepted('billets', 3)).toEqual([]);
  });

  it('for the chroniques: past the first 4, by 4, at most all, and all', () => {
    expect(accepted('chroniques', 10)).toEqual([8, 10]);
    expect(accepted('chroniques', 4)).toEqual([]);
  });

  it('none for a list the page does not have', () => {
    expect(accepted('gagnants', undefined)).toEqual([]);
  });
});

describe('the link of a "show more"', () => {
  it('is the query alone, landing on the first new item', () => {
    expect(moreHref('gagnants', 12, 'lots_R_1_-6')).toBe('?gagnants=12#lots_R_1_-6');
  });
});
