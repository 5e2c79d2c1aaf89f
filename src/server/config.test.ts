import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** Every third party named: what the production guard asks for along with PUBLIC_ORIGIN. */
const VENDORS = {
  CMS_ORIGIN: 'https://cms.example.com',
  VIDEO_API_BASE: 'https://video.example.com/v3',
  VIDEO_PLAYER_BASE: 'https://video.example.com/embed',
  PODCAST_PLAYER_URL: 'https://podcasts.example.com/player',
  BETTING_WIDGET_URL: 'https://widget.example.com/widget.js',
};

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
    // The dev strip: on when unset (docs/requirements.md), else as asked.
    expect(loadConfig({ LOGICAL_DATE: '2026-11-21 12:00' }).devMode).toBe(true);
    expect(loadConfig({ DEV_MODE: 'true' }).devMode).toBe(true);
    expect(loadConfig({ DEV_MODE: 'false', LOGICAL_DATE: '2026-11-21 12:00' }).devMode).toBe(false);
    // Under the 10 s a service manager is told to wait (deploy/systemd).
    expect(c.shutdownGraceMs).toBe(8000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '2500' }).shutdownGraceMs).toBe(2500);
    // No wait before the drain unless asked (a load balancer polling /readyz wants one).
    expect(c.shutdownDelayMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DELAY_MS: '15000' }).shutdownDelayMs).toBe(15000);
    expect(c.accessLogLevel).toBe('info');
    expect(loadConfig({ ACCESS_LOG_LEVEL: 'silent' }).accessLogLevel).toBe('silent');
  });
  it('bounds answers and rich-text fields by size, with defaults and checked forms', () => {
    expect(loadConfig({})).toMatchObject({ cmsMaxBytes: 2_097_152, richTextMaxBytes: 32_768 });
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
      // Any valid date other than the tests' today: the test reads it back.
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
    ['SHUTDOWN_GRACE_MS', '8s', 'milliseconds from 0 to 600000'],
    ['SHUTDOWN_DELAY_MS', '5s', 'milliseconds from 0 to 600000'],
    ['ACCESS_LOG_LEVEL', 'verbose', 'one of fatal, error'],
    ['METRICS_PORT', '9464x', 'port number from 0 to 65535 for the metrics listener'],
    ['METRICS_PORT', '70000', 'port number from 0 to 65535 for the metrics listener'],
    ['METRICS_HOST', 'http://127.0.0.1', 'an IP address or host name'],
    ['METRICS_HOST', '127.0.0.1:9464', 'an IP address or host name'],
    ['METRICS_HOST', 'metrics host', 'an IP address or host name'],
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

  it.each([
    ['PUBLIC_ORIGIN', 'https://www.example.com/fr', 'an origin alone'],
    ['PUBLIC_ORIGIN', 'ftp://www.example.com', 'http(s) URL'],
    ['HSTS_MAX_AGE', 'forever', 'seconds'],
    ['HSTS_PRELOAD', 'perhaps', 'true or false'],
  ])('rejects %s=%s naming the variable and the form', (name, value, form) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`${name}=`);
    expect(() => loadConfig({ [name]: value })).toThrow(form);
  });
});

describe('the share of page views that report their errors', () => {
  it('defaults to 1, reads a share and refuses anything else naming BROWSER_ERROR_SAMPLE_RATE', () => {
    expect(loadConfig({}).browserErrorSampleRate).toBe(1);
    expect(loadConfig({ BROWSER_ERROR_SAMPLE_RATE: '0.1' }).browserErrorSampleRate).toBe(0.1);
    expect(loadConfig({ BROWSER_ERROR_SAMPLE_RATE: '0' }).browserErrorSampleRate).toBe(0);
    for (const bad of ['-0.5', '2', 'half']) {
      expect(() => loadConfig({ BROWSER_ERROR_SAMPLE_RATE: bad }), bad).toThrow(
        'BROWSER_ERROR_SAMPLE_RATE=',
      );
      expect(() => loadConfig({ BROWSER_ERROR_SAMPLE_RATE: bad }), bad).toThrow(
        'a share from 0 to 1',
      );
    }
  });
});

describe('real-user Core Web Vitals', () => {
  it('are off by default, read a share and a purpose, and refuse anything else naming the variable', () => {
    expect(loadConfig({}).rum).toBeUndefined();
    expect(loadConfig({ RUM_SAMPLE_RATE: '0' }).rum).toBeUndefined();
    expect(loadConfig({ RUM_SAMPLE_RATE: '0.05' }).rum).toEqual({
      sampleRate: 0.05,
      consentPurpose: undefined,
    });
    expect(
      loadConfig({ RUM_SAMPLE_RATE: '1', RUM_CONSENT_PURPOSE: 'audience_measurement' }).rum,
    ).toEqual({ sampleRate: 1, consentPurpose: 'audience_measurement' });
    for (const bad of ['-0.5', '2', 'half']) {
      expect(() => loadConfig({ RUM_SAMPLE_RATE: bad }), bad).toThrow('RUM_SAMPLE_RATE=');
    }
    for (const bad of ['two words', '"quoted"', 'x'.repeat(65)]) {
      expect(() => loadConfig({ RUM_CONSENT_PURPOSE: bad }), bad).toThrow('RUM_CONSENT_PURPOSE=');
    }
  });
});

describe('the connection cap', () => {
  it('defaults to 1024, reads a number and refuses anything else naming MAX_CONNECTIONS', () => {
    expect(loadConfig({}).maxConnections).toBe(1024);
    expect(loadConfig({ MAX_CONNECTIONS: '4096' }).maxConnections).toBe(4096);
    for (const bad of ['0', '-5', '10k', '1.5', '1000001']) {
      expect(() => loadConfig({ MAX_CONNECTIONS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ MAX_CONNECTIONS: bad }), bad).toThrow(
        `MAX_CONNECTIONS="${bad}": expected a number of connections from 1 to 1000000`,
      );
    }
  });
});

describe('the trusted proxies', () => {
  it('are none by default, read addresses, ranges and names, and refuse anything else naming TRUSTED_PROXIES', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(
      loadConfig({ TRUSTED_PROXIES: ' 10.0.0.0/8, 127.0.0.1 fd00::/8,::1 loopback ' })
        .trustedProxies,
    ).toEqual(['10.0.0.0/8', '127.0.0.1', 'fd00::/8', '::1', 'loopback']);
    for (const bad of [
      '10.0.0.0/33',
      'nginx',
      '10.0.0.1/8/8',
      '::1/129',
      '300.1.1.1',
      '10.0.0.0/',
    ]) {
      expect(() => loadConfig({ TRUSTED_PROXIES: bad }), bad).toThrow(
        `TRUSTED_PROXIES="${bad}": expected addresses or ranges separated by spaces or commas`,
      );
    }
  });
});

describe('the metrics listener', () => {
  it('is off unless METRICS_PORT is set, and on loopback unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_HOST: '0.0.0.0' }).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({
      host: '127.0.0.1',
      port: 9464,
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '::' }).metrics).toEqual({
      host: '::',
      port: 9464,
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: 'metrics.internal' }).metrics).toEqual({
      host: 'metrics.internal',
      port: 9464,
    });
  });

  it("refuses the site's own port, which would show metrics to every visitor", () => {
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      /METRICS_PORT=8080: expected a port other than PORT's/,
    );
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT=3000/);
  });
});

describe('traces', () => {
  it('are exported only with OTEL_EXPORTER_OTLP_ENDPOINT, with a service name and a share', () => {
    expect(loadConfig({}).tracing).toBeUndefined();
    expect(loadConfig({ OTEL_SERVICE_NAME: 'site', OTEL_TRACES_SAMPLER_ARG: '0.5' }).tracing).toBe(
      undefined,
    );
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318/' }).tracing).toEqual({
      endpoint: 'http://127.0.0.1:4318',
      serviceName: 'pari-boreal',
      sampleRatio: 1,
    });
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otlp.example.com',
        OTEL_SERVICE_NAME: 'pari-boreal-canary',
        OTEL_TRACES_SAMPLER_ARG: '0.1',
      }).tracing,
    ).toEqual({
      endpoint: 'https://otlp.example.com',
      serviceName: 'pari-boreal-canary',
      sampleRatio: 0.1,
    });
  });

  it('refuse an endpoint that is no http(s) URL and a share outside 0 to 1, naming them', () => {
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      'OTEL_EXPORTER_OTLP_ENDPOINT="collector:4318": expected an http(s) URL',
    );
    expect(() => loadConfig({ OTEL_TRACES_SAMPLER_ARG: '5' })).toThrow(
      'OTEL_TRACES_SAMPLER_ARG="5": expected a share from 0 to 1',
    );
    expect(() => loadConfig({ OTEL_SERVICE_NAME: 'two words' })).toThrow('OTEL_SERVICE_NAME=');
  });
});

describe('the public origin', () => {
  it('is PUBLIC_ORIGIN, reduced to its origin', () => {
    expect(loadConfig({ ...VENDORS, PUBLIC_ORIGIN: 'HTTPS://www.Example.com/' }).publicOrigin).toBe(
      'https://www.example.com',
    );
  });

  it('is made from HOST and PORT when unset, never left to the request', () => {
    expect(loadConfig({}).publicOrigin).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: 'site.internal', PORT: '8080' }).publicOrigin).toBe(
      'http://site.internal:8080',
    );
    // Every interface: the name of this machine, which reaches one of them.
    expect(loadConfig({ HOST: '0.0.0.0' }).publicOrigin).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '::' }).publicOrigin).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '::1', PORT: '4000' }).publicOrigin).toBe('http://[::1]:4000');
  });

  it('is required in production with a real content service, naming the variable', () => {
    const env = { NODE_ENV: 'production', CMS_ORIGIN: 'https://cms.example.com' };
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain('PUBLIC_ORIGIN is unset');
    expect((error as ConfigError).message).toContain('NODE_ENV=production');
    expect(
      loadConfig({ ...env, ...VENDORS, PUBLIC_ORIGIN: 'https://www.example.com' }).publicOrigin,
    ).toBe('https://www.example.com');
    // The embedded demo (`npm start` on defaults) and development keep their derived origin.
    expect(loadConfig({ NODE_ENV: 'production' }).publicOrigin).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ ...env, NODE_ENV: 'development' }).publicOrigin).toBe(
      'http://127.0.0.1:3000',
    );
  });
});

describe('the production guard', () => {
  const vendors = VENDORS;
  const problemsOf = (env: Record<string, string>): string => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    return '';
  };

  it('refuses PUBLIC_ORIGIN without every third party, naming the unset ones', () => {
    const message = problemsOf({ PUBLIC_ORIGIN: 'https://www.example.com' });
    for (const name of Object.keys(vendors)) expect(message).toContain(name);
    expect(message).toContain('PUBLIC_ORIGIN set');
    const allButWidget: Record<string, string> = { ...vendors };
    delete allButWidget.BETTING_WIDGET_URL;
    const one = problemsOf({ PUBLIC_ORIGIN: 'https://www.example.com', ...allButWidget });
    expect(one).toContain('BETTING_WIDGET_URL is unset');
    expect(one).not.toContain('CMS_ORIGIN');
    // An empty variable reads as unset.
    expect(
      problemsOf({ PUBLIC_ORIGIN: 'https://www.example.com', ...vendors, VIDEO_API_BASE: ' ' }),
    ).toContain('VIDEO_API_BASE is unset');
  });

  it('accepts PUBLIC_ORIGIN with every third party, MEDIA_ORIGIN optional', () => {
    const config = loadConfig({ PUBLIC_ORIGIN: 'https://www.example.com', ...vendors });
    expect(config.cmsOrigin).toBe('https://cms.example.com');
    expect(config.mediaOrigin).toBeUndefined();
  });

  it('looks at the variable, not at the origin derived from HOST and PORT', () => {
    // `npm start` on the embedded defaults, and a demo on another address, keep working.
    expect(loadConfig({ NODE_ENV: 'production' }).publicOrigin).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', PORT: '8080' }).cmsOrigin).toBe(
      undefined,
    );
    expect(loadConfig({ PUBLIC_ORIGIN: '' }).publicOrigin).toBe('http://127.0.0.1:3000');
  });
});

describe('Strict-Transport-Security settings', () => {
  it('default to two years, subdomains included, no preload', () => {
    expect(loadConfig({}).hsts).toEqual({
      maxAge: 63_072_000,
      includeSubDomains: true,
      preload: false,
    });
    expect(loadConfig({ HSTS_MAX_AGE: '31536000', HSTS_PRELOAD: 'true' }).hsts).toEqual({
      maxAge: 31_536_000,
      includeSubDomains: true,
      preload: true,
    });
  });

  it('refuse preload without the preload list’s conditions', () => {
    expect(() => loadConfig({ HSTS_PRELOAD: 'true', HSTS_MAX_AGE: '15552000' })).toThrow(
      'HSTS_PRELOAD=true',
    );
    expect(() => loadConfig({ HSTS_PRELOAD: 'true', HSTS_INCLUDE_SUBDOMAINS: 'false' })).toThrow(
      'HSTS_INCLUDE_SUBDOMAINS=true',
    );
  });
});

describe('purge on publish settings', () => {
  it('has no hook and no Redis by default', () => {
    const config = loadConfig({});
    expect(config.publishHookToken).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
  });

  it('takes a long enough token and a Redis URL', () => {
    const token = 'a'.repeat(32);
    const config = loadConfig({ PUBLISH_HOOK_TOKEN: token, REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(config.publishHookToken).toBe(token);
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
  });

  it('refuses a Redis without a password in a real deployment, and says how to give one', () => {
    const deployment = {
      PUBLIC_ORIGIN: 'https://www.example.com',
      CMS_ORIGIN: 'https://cms.example.com',
      VIDEO_API_BASE: 'https://video.example.com/v3',
      VIDEO_PLAYER_BASE: 'https://video.example.com/embed',
      PODCAST_PLAYER_URL: 'https://podcasts.example.com/player',
      BETTING_WIDGET_URL: 'https://widget.example.com/widget.js',
    };
    expect(() => loadConfig({ ...deployment, REDIS_URL: 'redis://redis.internal:6379' })).toThrow(
      /REDIS_URL has no password: a real deployment/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        CMS_ORIGIN: 'https://cms.example.com',
        REDIS_URL: 'redis://redis.internal:6379',
      }),
    ).toThrow(/REDIS_URL has no password/);
    const withPassword = loadConfig({
      ...deployment,
      REDIS_URL: 'rediss://site:s3cret-pass@redis.internal:6380',
    });
    expect(withPassword.redisUrl).toBe('rediss://site:s3cret-pass@redis.internal:6380');
    // The embedded demo and development may use a local Redis as it comes.
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBeDefined();
  });

  it('bounds the caches in mebibytes, with defaults', () => {
    expect(loadConfig({}).cacheMaxBytes).toEqual({ pages: 64 * 2 ** 20, content: 32 * 2 ** 20 });
    expect(loadConfig({ PAGE_CACHE_MAX_MB: '8', CONTENT_CACHE_MAX_MB: '4' }).cacheMaxBytes).toEqual(
      { pages: 8 * 2 ** 20, content: 4 * 2 ** 20 },
    );
    expect(() => loadConfig({ PAGE_CACHE_MAX_MB: '0' })).toThrow(
      /PAGE_CACHE_MAX_MB="0": expected mebibytes/,
    );
  });

  it('refuses a short token or a bad URL without repeating either value', () => {
    const attempt = () =>
      loadConfig({ PUBLISH_HOOK_TOKEN: 'short-secret', REDIS_URL: 'http://:hunter2@cache' });
    expect(attempt).toThrow(
      /PUBLISH_HOOK_TOKEN=\(value not shown\): expected a secret of at least 32/,
    );
    expect(attempt).toThrow(/REDIS_URL=\(value not shown\): expected a Redis URL/);
    expect(attempt).not.toThrow(/short-secret|hunter2/);
  });
});

describe("the operator's consent manager", () => {
  const KEY = '7dd8ec4e-746c-455e-a610-99121b4148df';
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('is off unless CMP_API_KEY is set: the built-in consent store', () => {
    expect(loadConfig({}).cmp).toBeUndefined();
  });

  it("takes the key and each vendor's id, with Didomi's origins by default", () => {
    const c = loadConfig({
      CMP_API_KEY: KEY,
      CMP_VENDOR_VIDEO: 'c:youtube-AbCd1234',
      CMP_VENDOR_PODCAST: 'c:podcast-EfGh5678',
    });
    expect(c.cmp).toEqual({
      apiKey: KEY,
      sdkOrigin: 'https://sdk.privacy-center.org',
      apiOrigin: 'https://api.privacy-center.org',
      vendors: { video: 'c:youtube-AbCd1234', podcast: 'c:podcast-EfGh5678' },
    });
    const own = loadConfig({
      CMP_API_KEY: KEY,
      CMP_SDK_ORIGIN: 'https://privacy.example.com/',
      CMP_API_ORIGIN: 'https://privacy-api.example.com',
      CMP_VENDOR_VIDEO: 'google',
      CMP_VENDOR_PODCAST: 'c:pod',
    });
    expect(own.cmp?.sdkOrigin).toBe('https://privacy.example.com');
    expect(own.cmp?.apiOrigin).toBe('https://privacy-api.example.com');
  });

  it('refuses a key without the vendors’ ids, and its settings without the key, naming them', () => {
    expect(problems({ CMP_API_KEY: KEY, CMP_VENDOR_VIDEO: 'c:v' })).toEqual([
      expect.stringMatching(/^CMP_VENDOR_PODCAST is unset: with CMP_API_KEY set/),
    ]);
    expect(problems({ CMP_VENDOR_VIDEO: 'c:v', CMP_SDK_ORIGIN: 'https://p.example.com' })).toEqual([
      expect.stringMatching(/^CMP_SDK_ORIGIN and CMP_VENDOR_VIDEO set without CMP_API_KEY/),
    ]);
  });

  it('refuses bad forms, naming the variable and the expected form', () => {
    expect(problems({ CMP_API_KEY: 'a key/with spaces' })).toEqual([
      expect.stringMatching(/^CMP_API_KEY="a key\/with spaces": expected the consent manager's/),
    ]);
    expect(problems({ CMP_SDK_ORIGIN: 'https://sdk.example.com/v2/loader.js' })).toEqual([
      expect.stringMatching(/^CMP_SDK_ORIGIN=.*expected an origin alone/),
    ]);
    expect(problems({ CMP_VENDOR_VIDEO: 'c:"quoted"' })).toEqual([
      expect.stringMatching(/^CMP_VENDOR_VIDEO=.*expected a vendor id/),
    ]);
  });
});

describe('the CDN purged by tag', () => {
  const TOKEN = 'hook-token-0123456789abcdefghijklmnopqrstuvwxyz';
  const API_TOKEN = 'cdn-api-token-0123456789';
  const ZONE = '023e105f4ecef8ad9ca31a8372d0c353';

  it('sends no tag and purges nothing by default', () => {
    expect(loadConfig({}).cdn).toEqual({ tagHeader: undefined, purge: undefined });
  });

  it("takes either vendor's header, as spelt or in any case, alone or with its purge", () => {
    expect(loadConfig({ CDN_TAG_HEADER: 'surrogate-key' }).cdn.tagHeader).toBe('Surrogate-Key');
    expect(loadConfig({ CDN_TAG_HEADER: 'Cache-Tag' }).cdn.tagHeader).toBe('Cache-Tag');
    const fastly = loadConfig({
      CDN_TAG_HEADER: 'Surrogate-Key',
      CDN_PURGE: 'fastly:SU1Z0isxPaozGVKXdv0eY',
      CDN_API_TOKEN: API_TOKEN,
      PUBLISH_HOOK_TOKEN: TOKEN,
    }).cdn.purge;
    expect(fastly).toEqual({
      vendor: 'fastly',
      id: 'SU1Z0isxPaozGVKXdv0eY',
      token: API_TOKEN,
      apiUrl: 'https://api.fastly.com',
      soft: false,
    });
    const cloudflare = loadConfig({
      CDN_TAG_HEADER: 'Cache-Tag',
      CDN_PURGE: `cloudflare:${ZONE.toUpperCase()}`,
      CDN_API_TOKEN: API_TOKEN,
      PUBLISH_HOOK_TOKEN: TOKEN,
    }).cdn.purge;
    expect(cloudflare).toMatchObject({
      vendor: 'cloudflare',
      id: ZONE,
      apiUrl: 'https://api.cloudflare.com/client/v4',
    });
  });

  it('refuses bad forms, naming the variable and never repeating the token', () => {
    expect(() => loadConfig({ CDN_TAG_HEADER: 'X-Tags' })).toThrow(
      /CDN_TAG_HEADER="X-Tags": expected Surrogate-Key \(Fastly\) or Cache-Tag/,
    );
    for (const value of ['akamai:123', 'fastly:', 'cloudflare:1234', 'fastly:a:b'])
      expect(() => loadConfig({ CDN_PURGE: value })).toThrow(/CDN_PURGE=.*expected fastly:/);
    const short = () =>
      loadConfig({
        CDN_TAG_HEADER: 'Cache-Tag',
        CDN_PURGE: `cloudflare:${ZONE}`,
        CDN_API_TOKEN: 'short secret',
        PUBLISH_HOOK_TOKEN: TOKEN,
      });
    expect(short).toThrow(/CDN_API_TOKEN=\(value not shown\)/);
    expect(short).not.toThrow(/short secret/);
  });

  it('refuses a purge without its token, its header, or the hook that calls it', () => {
    let message = '';
    try {
      loadConfig({ CDN_PURGE: 'fastly:abc123', CDN_TAG_HEADER: 'Cache-Tag' });
    } catch (error) {
      message = (error as ConfigError).message;
    }
    expect(message).toMatch(/CDN_API_TOKEN is unset/);
    expect(message).toMatch(/CDN_TAG_HEADER=Cache-Tag: expected Surrogate-Key/);
    expect(message).toMatch(/PUBLISH_HOOK_TOKEN is unset/);
    expect(() => loadConfig({ CDN_API_TOKEN: API_TOKEN, CDN_SOFT_PURGE: 'true' })).toThrow(
      /CDN_API_TOKEN and CDN_SOFT_PURGE set without CDN_PURGE/,
    );
    const cloudflare = {
      CDN_TAG_HEADER: 'Cache-Tag',
      CDN_PURGE: `cloudflare:${ZONE}`,
      CDN_API_TOKEN: API_TOKEN,
      PUBLISH_HOOK_TOKEN: TOKEN,
    };
    expect(() => loadConfig({ ...cloudflare, CDN_SOFT_PURGE: 'true' })).toThrow(
      /CDN_SOFT_PURGE=true: expected false or unset with cloudflare/,
    );
    // In a real deployment the token goes over https, but to a stand-in on this machine.
    const real = { ...cloudflare, PUBLIC_ORIGIN: 'https://www.example.com', ...VENDORS };
    expect(() => loadConfig({ ...real, CDN_API_URL: 'http://cdn.example.com' })).toThrow(
      /CDN_API_URL="http:\/\/cdn.example.com": expected https:\/\//,
    );
    expect(loadConfig({ ...real, CDN_API_URL: 'http://127.0.0.1:8125' }).cdn.purge?.apiUrl).toBe(
      'http://127.0.0.1:8125',
    );
  });
});
