import { describe, expect, it } from 'vitest';
import { isInternetExplorer, mobilePlatform } from './browser';

const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const IE10 = 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('browser facts', () => {
  it('recognises Internet Explorer 10 and 11 only', () => {
    expect(isInternetExplorer(IE11)).toBe(true);
    expect(isInternetExplorer(IE10)).toBe(true);
    expect(isInternetExplorer(DESKTOP)).toBe(false);
    expect(isInternetExplorer(undefined)).toBe(false);
  });
  it('tells Android from iOS', () => {
    expect(mobilePlatform(ANDROID)).toBe('android');
    expect(mobilePlatform(IPHONE)).toBe('ios');
    expect(mobilePlatform(DESKTOP)).toBe('other');
  });
});
