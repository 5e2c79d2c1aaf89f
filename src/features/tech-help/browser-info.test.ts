import Bowser from 'bowser';
import { describe, expect, it } from 'vitest';
import { describeBrowser, loadBrowserInfo, type BrowserEnvironment } from './browser-info';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0',
  ipad: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
};

const env = (over: Partial<BrowserEnvironment> = {}): BrowserEnvironment => ({
  userAgent: UA.chromeWindows,
  language: 'fr-CA',
  languages: ['fr-CA', 'en-CA'],
  cookieEnabled: true,
  hints: {},
  touchPrimary: false,
  maxTouchPoints: 0,
  screen: { width: 1920, height: 1080 },
  devicePixelRatio: 1.5,
  viewport: { width: 1280, height: 900 },
  timeZone: 'America/Toronto',
  ...over,
});

const describeUa = (over: Partial<BrowserEnvironment> = {}) => {
  const e = env(over);
  return describeBrowser(Bowser.getParser(e.userAgent), e);
};

describe('describeBrowser (docs/requirements.md §3 Browser info)', () => {
  it('reads a desktop Chrome on Windows', () => {
    const info = describeUa();
    expect(info).toMatchObject({
      navigateur: 'Chrome 131.0.0.0',
      langue: 'fr-CA',
      aCookies: true,
      os: 'Windows 10',
      estMobile: false,
    });
    expect(info.infosTechniques).toEqual({
      userAgent: UA.chromeWindows,
      moteur: 'Blink',
      ecran: '1920 × 1080',
      densite: 1.5,
      fenetre: '1280 × 900',
      pointsTactiles: 0,
      fuseau: 'America/Toronto',
      langues: ['fr-CA', 'en-CA'],
    });
  });

  it('reads Safari on an iPhone as mobile', () => {
    const info = describeUa({ userAgent: UA.safariIphone, maxTouchPoints: 5 });
    expect(info.navigateur).toBe('Safari 17.5');
    expect(info.os).toBe('iOS 17.5');
    expect(info.estMobile).toBe(true);
    expect(info.infosTechniques.moteur).toMatch(/^WebKit/);
  });

  it('reads Firefox on Android as mobile', () => {
    const info = describeUa({ userAgent: UA.firefoxAndroid });
    expect(info.navigateur).toBe('Firefox 132.0');
    expect(info.os).toMatch(/^Android 14/);
    expect(info.estMobile).toBe(true);
  });

  it('counts a touch-first device or a mobile client hint as mobile', () => {
    expect(describeUa({ userAgent: UA.ipad, touchPrimary: true }).estMobile).toBe(true);
    expect(describeUa({ hints: { mobile: true } }).estMobile).toBe(true);
    expect(describeUa({ hints: { mobile: false } }).estMobile).toBe(false);
  });

  it('reports cookies turned off', () => {
    expect(describeUa({ cookieEnabled: false }).aCookies).toBe(false);
  });

  it('leaves unknown names empty rather than inventing them', () => {
    const info = describeUa({ userAgent: 'curious-robot' });
    expect(info.navigateur).toBe('');
    expect(info.os).toBe('');
  });

  it('loads the parser on demand', async () => {
    const info = await loadBrowserInfo(env({ userAgent: UA.safariIphone }));
    expect(info.navigateur).toBe('Safari 17.5');
  });
});
