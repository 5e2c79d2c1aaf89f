import { describe, expect, it } from 'vitest';
import { imageUrl } from './images';
import { classifyLink, isDisguisedExternal, telHref } from './links';
import { columnSpans, headingLevel, offerColumnWidth, parseDisposition } from './layout';
import { formatLotAmount, formatMoney, formatMoneyWhole, formatStake } from './money';

describe('image URLs (docs/content-contract.md)', () => {
  const media = 'https://media.example/';
  it('builds a media-store URL from an id, with a default and an opengraph file name', () => {
    expect(imageUrl(media, { imageId: 'jcr:8b0c2f9e-1' })).toBe(
      'https://media.example/dam/jcr:8b0c2f9e-1/image',
    );
    expect(imageUrl(media, { imageId: 'jcr:abc' }, 'opengraph.jpg')).toBe(
      'https://media.example/dam/jcr:abc/opengraph.jpg',
    );
  });
  it('builds a static URL from @path, preferring the id when both exist', () => {
    expect(imageUrl(media, { path: '/logos/hockey.svg' })).toBe(
      'https://media.example/logos/hockey.svg',
    );
    expect(imageUrl(media, { imageId: 'jcr:x', path: '/a.svg' })).toBe(
      'https://media.example/dam/jcr:x/image',
    );
  });
  it('skips an image with no source, or with a path that leaves the media host', () => {
    expect(imageUrl(media, {})).toBeNull();
    expect(imageUrl(media, { imageId: '  ' })).toBeNull();
    expect(imageUrl(media, { path: '//evil.example/x.svg' })).toBeNull();
    expect(imageUrl(media, { path: 'javascript:alert(1)' })).toBeNull();
    // Text that cannot be percent-encoded skips the image instead of throwing.
    expect(imageUrl(media, { imageId: 'jcr:\ud800' })).toBeNull();
    expect(imageUrl(media, { path: '/a\udc00.svg' })).toBeNull();
  });
});

describe('link kinds', () => {
  it('https:// is external, anything else an internal route', () => {
    expect(classifyLink('https://example.org/a')).toEqual({
      kind: 'external',
      href: 'https://example.org/a',
    });
    expect(classifyLink('/fr/promotions')).toEqual({ kind: 'internal', href: '/fr/promotions' });
    expect(classifyLink('fr/promotions')).toEqual({ kind: 'internal', href: '/fr/promotions' });
  });
  it('honours only allow-listed javascript: actions, never arbitrary script', () => {
    expect(classifyLink('javascript:Didomi.preferences.show()')).toEqual({
      kind: 'action',
      action: 'consent-preferences',
    });
    expect(classifyLink('javascript:alert(document.cookie)')).toEqual({ kind: 'blocked' });
    expect(classifyLink('JaVaScRiPt:alert(1)')).toEqual({ kind: 'blocked' });
    expect(classifyLink('data:text/html,<script>')).toEqual({ kind: 'blocked' });
  });
  it('never makes a route of a path that a browser reads as another host', () => {
    for (const href of [
      '/\\evil.example',
      '\\/evil.example',
      '/\t/evil.example',
      '\\\\evil.example',
      // A lone backslash becomes `/\host` once the route's slash is put before it.
      '\\evil.example',
    ]) {
      expect(classifyLink(href)).toEqual({ kind: 'blocked' });
    }
    expect(classifyLink('/fr/a\\b')).toEqual({ kind: 'internal', href: '/fr/a\\b' });
  });
  it('refuses a protocol-relative link: only an address written with http(s):// is external', () => {
    expect(classifyLink('//evil.example/x')).toEqual({ kind: 'blocked' });
    expect(classifyLink(' //evil.example')).toEqual({ kind: 'blocked' });
    expect(classifyLink('https:\\\\evil.example')).toEqual({ kind: 'blocked' });
    expect(classifyLink('HTTPS://example.org')).toEqual({
      kind: 'external',
      href: 'HTTPS://example.org',
    });
  });
});

describe('links that leave the site while looking internal (one rule for every content link)', () => {
  // How a browser reads each, against a page of the site: another host for every one.
  const hostile = [
    '//evil.example/x',
    '/\\evil.example/y',
    '\\\\evil.example',
    '\\/evil.example',
    '///evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n\\evil.example',
    '\t//evil.example',
    '   //evil.example',
    '\u0000//evil.example',
    '\u00a0/\\evil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '%5C%5Cevil.example',
    '%2F%2Fevil.example',
    '/%2Fevil.example',
    'https:\\\\evil.example',
    'https:/\\evil.example',
    'http:evil.example',
    'HTTPS:\\/evil.example',
    'ht\ttps:\\\\evil.example',
  ];
  it.each(hostile.map((href) => [JSON.stringify(href), href]))('%s is refused', (_, href) => {
    expect(isDisguisedExternal(href)).toBe(true);
    expect(classifyLink(href)).toEqual({ kind: 'blocked' });
  });
  it('the browser agrees that each of them (the percent-encoded aside) leaves the site', () => {
    const page = 'https://site.example/fr/accueil';
    const leaving = hostile.filter((href) => !/%/.test(href) && !/^\s*\u00a0/.test(href));
    for (const href of leaving) {
      expect(new URL(href.trim(), page).origin, JSON.stringify(href)).not.toBe(
        'https://site.example',
      );
    }
  });
  it('keeps paths, fragments, queries and web addresses written in full', () => {
    for (const href of [
      '/fr/accueil',
      'fr/accueil',
      '/fr/a\\b',
      '/fr/a//b',
      '#ancre',
      '?q=1',
      '',
      'https://example.org/a',
      ' https://example.org/a',
      'http://example.org',
      'mailto:aide@example.com',
      'tel:+18005550199',
      'javascript:void(0)',
    ]) {
      expect(isDisguisedExternal(href), JSON.stringify(href)).toBe(false);
    }
  });
  it('makes one tel:+digits href of a phone number however it is written', () => {
    for (const raw of [
      'tel:tel:+18005550199',
      'tel:+18005550199',
      'TEL: +1 800 555-0199',
      '+1 (800) 555.0199',
      '1 800 555-0199',
      '(800) 555-0199',
      '800.555.0199',
      ' tel:1-800-555-0199 ',
    ]) {
      expect(telHref(raw)).toBe('tel:+18005550199');
    }
    expect(telHref('+33 1 23 45 67 89')).toBe('tel:+33123456789');
    // A short number cannot be made international: its digits only.
    expect(telHref('911')).toBe('tel:911');
  });
  it('reads no phone number in letters, a + inside or nothing', () => {
    for (const raw of [
      '',
      'tel:',
      'tel:tel:',
      '1 800 BOREAL',
      '800+555',
      'tel:javascript:x',
      undefined,
    ]) {
      expect(telHref(raw)).toBeUndefined();
    }
  });
  it('a tel: link is native with its normalised href, or blocked', () => {
    expect(classifyLink('tel:tel:+1 800 555-0199')).toEqual({
      kind: 'native',
      href: 'tel:+18005550199',
    });
    expect(classifyLink('tel:call-me')).toEqual({ kind: 'blocked' });
    expect(classifyLink('mailto:aide@example.com')).toEqual({
      kind: 'native',
      href: 'mailto:aide@example.com',
    });
  });
});

describe('grid', () => {
  it('reads column widths and falls back to an even split', () => {
    expect(parseDisposition('4 4 4', 3)).toEqual([4, 4, 4]);
    expect(parseDisposition(' 8  4 ', 2)).toEqual([8, 4]);
    expect(parseDisposition(undefined, 3)).toEqual([4, 4, 4]);
    expect(parseDisposition('abc', 2)).toEqual([6, 6]);
  });
  it('uses 6 on large screens when a row has more than two columns', () => {
    expect(columnSpans([4, 4, 4]).map((c) => c.lg)).toEqual([6, 6, 6]);
    expect(columnSpans([4, 4, 4]).map((c) => c.md)).toEqual([4, 4, 4]);
    expect(columnSpans([8, 4]).map((c) => c.lg)).toEqual([8, 4]);
    expect(columnSpans([8, 4]).map((c) => c.base)).toEqual([12, 12]);
  });
  it('offer width is 12 divided by the column count', () => {
    expect(offerColumnWidth(1)).toBe(12);
    expect(offerColumnWidth(3)).toBe(4);
    expect(offerColumnWidth(0)).toBe(12);
  });
  it('heading level is base plus depth, within h1..h6', () => {
    expect(headingLevel(2, 0)).toBe(2);
    expect(headingLevel(2, 2)).toBe(4);
    expect(headingLevel(2, 9)).toBe(6);
  });
});

describe('money (Intl)', () => {
  it('formats French and English with two decimals', () => {
    expect(formatMoney(1234.56, 'fr')).toBe('1\u00a0234,56\u00a0$');
    expect(formatMoney(1234.56, 'en')).toBe('$1,234.56');
  });
  it('formats zero, negative and large amounts', () => {
    expect(formatMoney(0, 'fr')).toBe('0,00\u00a0$');
    expect(formatMoney(0, 'en')).toBe('$0.00');
    expect(formatMoney(-12.5, 'fr')).toBe('-12,50\u00a0$');
    expect(formatMoney(-12.5, 'en')).toBe('-$12.50');
    expect(formatMoney(1234567.89, 'fr')).toBe('1\u00a0234\u00a0567,89\u00a0$');
    expect(formatMoney(1234567.89, 'en')).toBe('$1,234,567.89');
  });
  it('keeps 2 decimals on a whole amount', () => {
    expect(formatMoney(20, 'fr')).toBe('20,00\u00a0$');
    expect(formatMoney(20, 'en')).toBe('$20.00');
  });
  it('rounds 1234.5 up to 1235 in the default formatter', () => {
    expect(formatMoneyWhole(1234.5, 'fr')).toBe('1\u00a0235\u00a0$');
    expect(formatMoneyWhole(1234.5, 'en')).toBe('$1,235');
  });
  it('the default formatter rounds to whole dollars', () => {
    expect(formatMoneyWhole(1234.56, 'fr')).toBe('1\u00a0235\u00a0$');
    expect(formatMoneyWhole(1234.49, 'en')).toBe('$1,234');
  });
  it('a stake is never rounded: no decimals when whole, its cents otherwise', () => {
    expect(formatStake(7.5, 'fr')).toBe('7,50\u00a0$');
    expect(formatStake(7.5, 'en')).toBe('$7.50');
    expect(formatStake(2, 'fr')).toBe('2\u00a0$');
    expect(formatStake(2, 'en')).toBe('$2');
    expect(formatStake(1234.05, 'fr')).toBe('1\u00a0234,05\u00a0$');
    expect(formatStake(1234.05, 'en')).toBe('$1,234.05');
    // Past the cent, an amount reads as the whole it rounds to, not as `8,00 $`.
    expect(formatStake(7.999, 'fr')).toBe('8\u00a0$');
  });
  it('a whole stake has no decimals on a card as in the modal (issue 45)', () => {
    for (const place of ['card', 'modal'] as const) {
      expect(formatLotAmount(100, 'stake', place, 'fr')).toBe('100\u00a0$');
      expect(formatLotAmount(100, 'stake', place, 'en')).toBe('$100');
      expect(formatLotAmount(7.5, 'stake', place, 'fr')).toBe('7,50\u00a0$');
      expect(formatLotAmount(7.5, 'stake', place, 'en')).toBe('$7.50');
    }
    // The gain: its cents on a card, whole dollars in the modal.
    expect(formatLotAmount(1234.56, 'gain', 'card', 'fr')).toBe('1\u00a0234,56\u00a0$');
    expect(formatLotAmount(1234.56, 'gain', 'modal', 'en')).toBe('$1,235');
  });
});
