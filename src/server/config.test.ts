import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has a working default for every variable', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      cmsOrigin: undefined,
      timeZone: 'America/Toronto',
      devMode: true,
      logicalDate: undefined,
      contentCache: { fresh: 30, staleWhileRevalidate: 300, staleIfError: 86400 },
    });
    expect(loadConfig({ CONTENT_CACHE_TTL: '0' }).contentCache.fresh).toBe(0);
  });
  it('bounds answers and rich-text fields by size, with defaults and checked forms', () => {
    expect(loadConfig({})).toMatchObject({ cmsMaxBytes: 2_097_152, richTextMaxBytes: 65_536 });
    expect(loadConfig({ CMS_MAX_BYTES: '1048576', RICH_TEXT_MAX_BYTES: '32768' })).toMatchObject({
      cmsMaxBytes: 1_048_576,
      richTextMaxBytes: 32_768,
    });
    expect(() => loadConfig({ CMS_MAX_BYTES: '2MB' })).toThrow(/CMS_MAX_BYTES="2MB"/);
    expect(() => loadConfig({ RICH_TEXT_MAX_BYTES: '10' })).toThrow(/RICH_TEXT_MAX_BYTES/);
  });
  it('reads valid values', () => {
    const c = loadConfig({
      PORT: '8080',
      CMS_ORIGIN: 'https://cms.example.com/',
      LOGICAL_DATE: '2026-03-01 09:30',
      DEV_MODE: 'false',
      SITE_TIMEZONE: 'America/Vancouver',
    });
    expect(c).toMatchObject({
      port: 8080,
      cmsOrigin: 'https://cms.example.com',
      logicalDate: '2026-03-01 09:30',
      devMode: false,
      timeZone: 'America/Vancouver',
    });
  });
  it.each([
    ['LOGICAL_DATE', '2026-13-45 99:99', 'YYYY-MM-DD HH:MM'],
    ['PORT', '70000', 'port number'],
    ['CMS_ORIGIN', 'ftp://cms', 'http(s) URL'],
    ['SITE_TIMEZONE', 'Mars/Olympus', 'IANA time zone'],
    ['DEV_MODE', 'maybe', 'true or false'],
    ['CMS_APP', 'a/b', 'REST application segment'],
    ['LOG_LEVEL', 'loud', 'one of fatal, error'],
    ['CONTENT_CACHE_TTL', 'soon', 'N/N/N'],
  ])('rejects %s=%s naming the variable and the form', (name, value, form) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain(`${name}=`);
    expect(message).toContain(form);
  });
});
