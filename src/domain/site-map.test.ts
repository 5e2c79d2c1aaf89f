import { describe, expect, it } from 'vitest';
import { groupSiteMap, isSiteMapPage, siteMapPath, type SiteMapEntry } from './site-map';

const fr = (URLfr: string, title: string, date?: string): SiteMapEntry => ({
  URLfr,
  path: URLfr,
  title,
  date,
});

describe('site map paths', () => {
  it('reserves one path per language', () => {
    expect(siteMapPath('fr')).toBe('/fr/plan-du-site');
    expect(siteMapPath('en')).toBe('/en/site-map');
    expect(isSiteMapPage('fr', 'plan-du-site')).toBe(true);
    expect(isSiteMapPage('en', 'site-map/')).toBe(true);
    expect(isSiteMapPage('en', 'plan-du-site')).toBe(false);
    expect(isSiteMapPage('fr', 'plan-du-site/autre')).toBe(false);
  });
});

describe('groupSiteMap', () => {
  it('groups known sections in a fixed order, the sports area first, the rest last', () => {
    const groups = groupSiteMap(
      [
        fr('videos', 'Vidéos'),
        fr('chroniques/a', 'Ancienne', '2025-01-01T00:00:00.000-05:00'),
        fr('gagnants', 'Nos gagnants'),
        fr('promotions', 'Promotions'),
        fr('chroniques', 'Chroniques'),
        fr('accueil', 'Accueil'),
        fr('billets-gagnants', 'Billets gagnants'),
        fr('chroniques/b', 'Récente', '2026-01-01T00:00:00.000-05:00'),
        fr('promo-hiver', 'Promo d’hiver'),
        fr('aide-technique', 'Aide technique'),
      ],
      'fr',
    );
    expect(groups.map((g) => g.key)).toEqual([
      'home',
      'promotions',
      'winners',
      'chronicles',
      'other',
    ]);
    expect(groups[0]?.links).toEqual([{ href: '/fr/accueil', title: 'Accueil' }]);
    expect(groups[1]?.links.map((l) => l.href)).toEqual(['/fr/promotions', '/fr/promo-hiver']);
    expect(groups[2]?.links.map((l) => l.title)).toEqual(['Nos gagnants', 'Billets gagnants']);
    // The section's own page first, then newest first.
    expect(groups[3]?.links.map((l) => l.href)).toEqual([
      '/fr/chroniques',
      '/fr/chroniques/b',
      '/fr/chroniques/a',
    ]);
    expect(groups[4]?.links.map((l) => l.title)).toEqual(['Aide technique', 'Vidéos']);
  });

  it('recognises sections on the French path and links to the page in the language shown', () => {
    const groups = groupSiteMap(
      [
        { URLfr: 'chroniques/bilan', path: 'columns/review', title: 'The review' },
        { URLfr: 'gagnants', path: 'winners', title: 'Our winners' },
        // Not in English: left out.
        { URLfr: 'seulement-fr', path: undefined, title: 'Seulement' },
      ],
      'en',
    );
    expect(groups).toEqual([
      { key: 'home', links: [] },
      { key: 'winners', links: [{ href: '/en/winners', title: 'Our winners' }] },
      { key: 'chronicles', links: [{ href: '/en/columns/review', title: 'The review' }] },
    ]);
  });

  it('makes a group of any other first segment with several pages, titled by its own page', () => {
    const groups = groupSiteMap(
      [
        fr('demo/robustesse', 'Démo : robustesse'),
        fr('demo/carrousel', 'Démo : carrousels'),
        fr('aide/paiements', 'Paiements'),
        fr('aide', 'Aide'),
        fr('seule/page', 'Seule'),
      ],
      'fr',
    );
    expect(groups.slice(1)).toEqual([
      {
        key: 'section',
        segment: 'aide',
        title: 'Aide',
        links: [
          { href: '/fr/aide', title: 'Aide' },
          { href: '/fr/aide/paiements', title: 'Paiements' },
        ],
      },
      {
        key: 'section',
        segment: 'demo',
        title: 'Demo',
        links: [
          { href: '/fr/demo/carrousel', title: 'Démo : carrousels' },
          { href: '/fr/demo/robustesse', title: 'Démo : robustesse' },
        ],
      },
      { key: 'other', links: [{ href: '/fr/seule/page', title: 'Seule' }] },
    ]);
  });

  it('lists a page once, falls back to its path for a blank title, and is empty with no page', () => {
    const groups = groupSiteMap([fr('videos', '  '), fr('videos/', 'Vidéos')], 'fr');
    expect(groups[1]).toEqual({ key: 'other', links: [{ href: '/fr/videos', title: 'videos' }] });
    expect(groupSiteMap([], 'fr')).toEqual([]);
    expect(groupSiteMap([{ title: 'x' }], 'en')).toEqual([]);
  });
});
