import { describe, expect, it } from 'vitest';
import {
  canonicalPath,
  errorPageLocale,
  errorStatus,
  isServiceErrorLocation,
  matchRoute,
  navigationDecision,
  pageTarget,
  routeKey,
  serviceErrorPath,
  sportsAlternatePath,
} from './routes';

describe('the error page in the language of the address that failed (issue 45)', () => {
  it('names the language in the 503 page’s query', () => {
    expect(serviceErrorPath('en')).toBe('/headless/err/503.html?lang=en');
    expect(errorPageLocale(serviceErrorPath('en'))).toBe('en');
    expect(errorPageLocale('/headless/err/404.html?x=1&lang=fr#top')).toBe('fr');
    expect(isServiceErrorLocation(serviceErrorPath('fr'))).toBe(true);
    expect(isServiceErrorLocation('/headless/err/503.html')).toBe(true);
    expect(isServiceErrorLocation('/fr/404.html')).toBe(false);
  });
  it('reads it on error pages only, and only a supported one', () => {
    expect(errorPageLocale('/fr/accueil?lang=en')).toBeUndefined();
    expect(errorPageLocale('/headless/err/503.html?lang=de')).toBeUndefined();
    expect(errorPageLocale('/headless/err/503.html')).toBeUndefined();
  });
  it('keeps it alone in a page’s target, one spelling', () => {
    expect(pageTarget('/headless/err/503.html', 'utm=x&lang=en')).toBe(
      '/headless/err/503.html?lang=en',
    );
    expect(pageTarget('/headless/err/503.html', 'lang=xx')).toBe('/headless/err/503.html');
    expect(pageTarget('/fr/accueil', 'lang=en')).toBe('/fr/accueil');
    expect(pageTarget('/fr/accueil', undefined)).toBe('/fr/accueil');
  });
});

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

describe('canonicalPath (docs/security.md "One spelling per page")', () => {
  it('gives every spelling of a page one path', () => {
    for (const spelling of [
      '/fr/accueil',
      '/fr/accueil/',
      '/fr/accueil//',
      '//fr/accueil',
      '/fr//accueil',
      '/fr/%61ccueil',
      '/fr/%61%63cueil/',
      '/headless/fr/accueil',
      '/headless/headless/fr/accueil',
      '/fr/./accueil',
      '/fr/x/../accueil',
      '/fr/%2E/accueil',
      '/%66r%2Faccueil',
    ])
      expect(canonicalPath(spelling), spelling).toBe('/fr/accueil');
  });

  it('writes escapes one way and keeps what a browser sends plain', () => {
    expect(canonicalPath('/fr/%c3%a9t%c3%a9')).toBe('/fr/%C3%A9t%C3%A9');
    expect(canonicalPath('/fr/été')).toBe('/fr/%C3%A9t%C3%A9');
    expect(canonicalPath("/fr/a:b@c!$&'()*+,;=-._~")).toBe("/fr/a:b@c!$&'()*+,;=-._~");
    expect(canonicalPath('/fr/a%20b')).toBe('/fr/a%20b');
    expect(canonicalPath('/fr/a b')).toBe('/fr/a%20b');
  });

  it('is idempotent', () => {
    for (const path of [
      '/',
      '/fr/accueil',
      '/fr/%C3%A9t%C3%A9',
      '/headless/err/503.html',
      '/x%5Cy',
    ])
      expect(canonicalPath(canonicalPath(path))).toBe(canonicalPath(path));
  });

  it('never leads off the site', () => {
    for (const path of ['//evil.example/x', '/\\evil.example', '/%2F%2Fevil.example', '/..//evil'])
      expect(canonicalPath(path)).toMatch(/^\/(?![/\\])/);
    expect(canonicalPath('/%5Cevil.example')).toBe('/%5Cevil.example');
  });

  it('leaves the error pages, the root and the sports area as they are', () => {
    expect(canonicalPath('/')).toBe('/');
    expect(canonicalPath('/headless/err/503.html')).toBe('/headless/err/503.html');
    expect(canonicalPath('/sports/fr/en-jeux/')).toBe('/sports/fr/en-jeux/');
    expect(canonicalPath('//sports/fr/a%2Fb')).toBe('//sports/fr/a%2Fb');
  });

  it('leaves a path whose escapes do not decode to the not-found rule', () => {
    expect(canonicalPath('/fr/%ZZ/')).toBe('/fr/%ZZ/');
  });
});
