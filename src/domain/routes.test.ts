import { describe, expect, it } from 'vitest';
import {
  errorStatus,
  matchRoute,
  navigationDecision,
  routeKey,
  sportsAlternatePath,
} from './routes';

describe('matchRoute (docs/requirements.md §2 table)', () => {
  it('matches each row', () => {
    expect(matchRoute('/')).toEqual({ kind: 'root' });
    expect(matchRoute('/sports/fr/hockey')).toEqual({ kind: 'sports' });
    expect(matchRoute('/headless/err/503.html')).toEqual({ kind: 'error', code: 503 });
    expect(matchRoute('/headless/en/promotions/hockey')).toEqual({
      kind: 'content',
      langParam: 'en',
      pagePath: 'promotions/hockey',
      headless: true,
    });
    expect(matchRoute('/fr/promotions/hockey/')).toEqual({
      kind: 'content',
      langParam: 'fr',
      pagePath: 'promotions/hockey',
      headless: false,
    });
    expect(matchRoute('/triggerlink')).toEqual({ kind: 'trigger' });
    expect(matchRoute('/promotions')).toEqual({
      kind: 'content',
      pagePath: 'promotions',
      headless: false,
    });
    expect(matchRoute('/en')).toEqual({ kind: 'language-home', locale: 'en' });
  });
  it('keeps an unsupported language for the caller to redirect', () => {
    expect(matchRoute('/de/seite')).toMatchObject({ kind: 'content', langParam: 'de' });
  });
  it('survives odd paths', () => {
    expect(matchRoute('//fr//promotions')).toMatchObject({
      langParam: 'fr',
      pagePath: 'promotions',
    });
    expect(matchRoute('/fr/%E0%A4%A')).toMatchObject({ kind: 'content' });
    expect(matchRoute('/fr/caf%C3%A9')).toMatchObject({ pagePath: 'café' });
  });
  it('answers any 4xx/5xx error code as asked, else 404', () => {
    expect(errorStatus('410')).toBe(410);
    expect(errorStatus('200')).toBe(404);
    expect(errorStatus('abc')).toBe(404);
    expect(matchRoute('/headless/err/999.html')).toEqual({ kind: 'error', code: 404 });
  });
});

describe('sports area', () => {
  it('swaps /en and /fr and maps in-play to en-jeux and back', () => {
    expect(sportsAlternatePath('/sports/en/in-play', 'fr')).toBe('/sports/fr/en-jeux');
    expect(sportsAlternatePath('/sports/fr/en-jeux/hockey', 'en')).toBe(
      '/sports/en/in-play/hockey',
    );
    expect(sportsAlternatePath('/sports/', 'en')).toBe('/sports/en');
  });
  it('counts every /sports/ path as one page', () => {
    expect(routeKey('/sports/fr/hockey')).toBe(routeKey('/sports/en/in-play'));
    expect(routeKey('/fr/a')).not.toBe(routeKey('/fr/b'));
  });
  it('does not continue a sports navigation from sports, and reloads a content page from sports', () => {
    expect(navigationDecision('/sports/fr/', '/sports/fr/hockey')).toBe('ignore');
    expect(navigationDecision('/fr/accueil', '/sports/fr/hockey')).toBe('load');
    expect(navigationDecision('/sports/fr/', '/fr/promotions')).toBe('reload');
    expect(navigationDecision('/fr/accueil', '/fr/promotions')).toBe('load');
  });
});
