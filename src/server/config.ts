/**
 * The one typed configuration module (docs/requirements.md, "Settled points"). Every variable has a working
 * default; a bad value stops the process with a message naming the variable and its form.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { parseLifetimes, type CacheLifetimes } from '../content/cache';
import { parseWallClock } from '../domain/dates';
import type { TagHeader } from './cdn-tags';

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** `scheme://host[:port]` exactly (http or https), or null: a path or a query is not an origin. */
function originOnly(value: string): string | null {
  try {
    const u = new URL(value);
    const http = u.protocol === 'http:' || u.protocol === 'https:';
    return http && u.origin === value.replace(/\/$/, '') ? u.origin : null;
  } catch {
    return null;
  }
}

const httpUrl = (example: string) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    }, `an http(s) URL, e.g. ${example}`)
    .transform((v) => v.replace(/\/+$/, ''));

/** An origin alone, `scheme://host[:port]`, reduced to its canonical form. */
const webOrigin = (example: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => originOnly(v) !== null,
      `an origin alone, scheme://host[:port] with nothing after, e.g. ${example}`,
    )
    .transform((v) => originOnly(v) ?? v);

/** A vendor's id at the consent manager (Didomi: `c:name-AbCd1234` for a custom one, `google`). */
const cmpVendorId = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9:_.-]{1,100}$/,
    "a vendor id of the consent manager's notice: letters, digits, :, _, . or -, e.g. c:youtube-AbCd1234",
  );

/** An IP address or a DNS name: what `listen` takes, no scheme, port or brackets. */
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const HOST_NAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);
const isListenHost = (v: string): boolean =>
  isIP(v) !== 0 || (v.length <= 253 && HOST_NAME.test(v));

const boolText = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no'].includes(v), 'true or false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const int = (min: number, max: number, what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, what)
    .transform(Number)
    .refine((n) => n >= min && n <= max, what);

/** The tag headers a CDN reads (docs/decisions/0086-cdn-purged-by-tag.md), as spelt there. */
const TAG_HEADERS: readonly TagHeader[] = ['Surrogate-Key', 'Cache-Tag'];
const tagHeaderOf = (v: string): TagHeader | undefined =>
  TAG_HEADERS.find((name) => name.toLowerCase() === v.toLowerCase());

export type CdnVendor = 'fastly' | 'cloudflare';

/**
 * `fastly:<service id>` (letters and digits) or `cloudflare:<zone id>` (32 hex digits), or null.
 * The API's own forms: Fastly's service ids are alphanumeric, Cloudflare's zone ids hex.
 */
function cdnTargetOf(v: string): { vendor: CdnVendor; id: string } | null {
  const [vendor = '', id = '', ...rest] = v.split(':');
  if (rest.length > 0) return null;
  if (vendor.toLowerCase() === 'fastly' && /^[A-Za-z0-9]{1,64}$/.test(id))
    return { vendor: 'fastly', id };
  if (vendor.toLowerCase() === 'cloudflare' && /^[0-9a-fA-F]{32}$/.test(id))
    return { vendor: 'cloudflare', id: id.toLowerCase() };
  return null;
}

/** Where each vendor's API answers, unless `CDN_API_URL` says otherwise (a stand-in). */
const CDN_API_URLS: Record<CdnVendor, string> = {
  fastly: 'https://api.fastly.com',
  cloudflare: 'https://api.cloudflare.com/client/v4',
};

/** The header each vendor reads the tags from. */
const VENDOR_TAG_HEADER: Record<CdnVendor, TagHeader> = {
  fastly: 'Surrogate-Key',
  cloudflare: 'Cache-Tag',
};

/** Variables and their forms: unset or empty means "use the default". */
/** A list of proxies as written: entries separated by spaces or commas. */
const proxyList = (v: string): string[] => v.split(/[\s,]+/).filter(Boolean);

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`), or one of proxy-addr's named ranges. */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const schema = z.object({
  PORT: int(0, 65535, 'a port number from 0 to 65535').default(3000),
  HOST: z.string().trim().min(1, 'a host name or address, e.g. 127.0.0.1').default('127.0.0.1'),
  CMS_ORIGIN: httpUrl('https://cms.example.com').optional(),
  CMS_APP: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]+$/, 'a REST application segment of letters, digits, - or _')
    .default('pari-boreal'),
  CONTENT_CACHE_TTL: z
    .string()
    .trim()
    .refine(
      (v) => parseLifetimes(v) !== null,
      'seconds as N or N/N/N (fresh/stale-while-revalidate/stale-if-error), e.g. 30/300/86400; 0 turns the cache off',
    )
    .default('30/300/86400'),
  PROXY_FRESH_SECONDS: int(
    0,
    86_400,
    'seconds from 0 to 86400 that nginx in front keeps a shared page before revalidating it; 0 leaves it to Cache-Control',
  ).default(3),
  PAGE_CACHE_MAX_MB: int(
    1,
    65_536,
    'mebibytes from 1 to 65536 that the page cache may hold (pages and view answers)',
  ).default(64),
  CONTENT_CACHE_MAX_MB: int(
    1,
    65_536,
    'mebibytes from 1 to 65536 that the content cache may hold (content service answers)',
  ).default(32),
  CMS_TIMEOUT_MS: int(100, 60_000, 'a time-out in milliseconds from 100 to 60000').default(3000),
  CMS_MAX_BYTES: int(1024, 104_857_600, 'a size in bytes from 1024 to 104857600').default(
    2_097_152,
  ),
  RICH_TEXT_MAX_BYTES: int(256, 10_485_760, 'a size in bytes from 256 to 10485760').default(32_768),
  MEDIA_ORIGIN: httpUrl('https://media.example.com').optional(),
  VIDEO_API_BASE: httpUrl('https://video.example.com/v3').optional(),
  VIDEO_PLAYER_BASE: httpUrl('https://video.example.com/embed').optional(),
  BETTING_WIDGET_URL: httpUrl('https://widget.example.com/widget.js').optional(),
  PODCAST_PLAYER_URL: httpUrl('https://podcasts.example.com/player').optional(),
  CMP_API_KEY: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9-]{1,64}$/,
      "the consent manager's public API key, letters, digits and -, e.g. 7dd8ec4e-746c-455e-a610-99121b4148df",
    )
    .optional(),
  CMP_SDK_ORIGIN: webOrigin('https://sdk.privacy-center.org').default(
    'https://sdk.privacy-center.org',
  ),
  CMP_API_ORIGIN: webOrigin('https://api.privacy-center.org').default(
    'https://api.privacy-center.org',
  ),
  CMP_VENDOR_VIDEO: cmpVendorId.optional(),
  CMP_VENDOR_PODCAST: cmpVendorId.optional(),
  PODCAST_USER_ID: z
    .string()
    .trim()
    .regex(/^[\w.-]+$/, 'an account id of letters, digits, ., - or _')
    .default('pari-boreal'),
  APP_STORE_URL_ANDROID: httpUrl('https://play.google.com/store/apps/details?id=...').default(
    'https://play.google.com/store/apps/details?id=example.pari.boreal',
  ),
  APP_STORE_URL_IOS: httpUrl('https://apps.apple.com/app/...').default(
    'https://apps.apple.com/ca/app/pari-boreal/id0000000000',
  ),
  LOGICAL_DATE: z
    .string()
    .trim()
    .refine(
      (v) => parseWallClock(v) !== null,
      'a real date and time as YYYY-MM-DD HH:MM, e.g. 2026-03-01 09:30',
    )
    .optional(),
  SITE_TIMEZONE: z
    .string()
    .trim()
    .refine(isTimeZone, 'an IANA time zone, e.g. America/Toronto')
    .default('America/Toronto'),
  DEV_MODE: boolText.default(true),
  BRAND_NAME: z.string().trim().min(1, 'a non-empty brand name').default('Pari Boréal'),
  PUBLIC_ORIGIN: httpUrl('https://www.example.com')
    .refine((v) => {
      const u = new URL(v);
      return u.pathname === '/' && !u.search && !u.hash && !u.username && !u.password;
    }, 'an origin alone (scheme, host and port, no path), e.g. https://www.example.com')
    .transform((v) => new URL(v).origin)
    .optional(),
  HSTS_MAX_AGE: int(0, 100_000_000, 'seconds from 0 to 100000000, e.g. 63072000').default(
    63_072_000,
  ),
  HSTS_INCLUDE_SUBDOMAINS: boolText.default(true),
  HSTS_PRELOAD: boolText.default(false),
  BROWSER_ERROR_SAMPLE_RATE: z.coerce
    .number({ error: 'a share from 0 to 1, e.g. 0.1' })
    .min(0, 'a share from 0 to 1, e.g. 0.1')
    .max(1, 'a share from 0 to 1, e.g. 0.1')
    .default(1),
  RUM_SAMPLE_RATE: z.coerce
    .number({ error: 'a share from 0 to 1, e.g. 0.05' })
    .min(0, 'a share from 0 to 1, e.g. 0.05')
    .max(1, 'a share from 0 to 1, e.g. 0.05')
    .default(0),
  RUM_CONSENT_PURPOSE: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9][\w:.-]{0,63}$/,
      "a consent manager's purpose id, e.g. audience_measurement",
    )
    .optional(),
  MEDIA_WIDTH_PARAM: z
    .string()
    .trim()
    .regex(/^[A-Za-z][\w.-]{0,31}$/, 'a query parameter name, e.g. w')
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  ACCESS_LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  SHUTDOWN_DELAY_MS: int(
    0,
    600_000,
    'milliseconds from 0 to 600000 that /readyz answers 503 on SIGTERM before the listener closes',
  ).default(0),
  METRICS_PORT: int(
    0,
    65535,
    'a port number from 0 to 65535 for the metrics listener (unset: no metrics)',
  ).optional(),
  METRICS_HOST: z
    .string()
    .trim()
    .refine(isListenHost, 'an IP address or host name to listen on, e.g. 127.0.0.1')
    .default('127.0.0.1'),
  PUBLISH_HOOK_TOKEN: z
    .string()
    .regex(
      /^[\x21-\x7e]{32,}$/,
      'a secret of at least 32 printable characters without spaces, e.g. the output of `openssl rand -hex 32`',
    )
    .optional(),
  PREVIEW_TOKEN: z
    .string()
    .regex(
      /^[\x21-\x7e]{32,}$/,
      'a secret of at least 32 printable characters without spaces, e.g. the output of `openssl rand -hex 32`',
    )
    .optional(),
  CMS_PREVIEW_ORIGIN: httpUrl('https://author.cms.example.com').optional(),
  // A CDN purged by tag (docs/configuration.md, decision 0086).
  CDN_TAG_HEADER: z
    .string()
    .trim()
    .refine((v) => tagHeaderOf(v) !== undefined, 'Surrogate-Key (Fastly) or Cache-Tag (Cloudflare)')
    .transform((v) => tagHeaderOf(v) ?? 'Surrogate-Key')
    .optional(),
  CDN_PURGE: z
    .string()
    .trim()
    .refine(
      (v) => cdnTargetOf(v) !== null,
      'fastly:<service id> (letters and digits) or cloudflare:<zone id> (32 hex digits), e.g. fastly:SU1Z0isxPaozGVKXdv0eY',
    )
    .optional(),
  CDN_API_TOKEN: z
    .string()
    .regex(
      /^[\x21-\x7e]{16,}$/,
      "the CDN API's token, at least 16 printable characters without spaces (a Fastly API token with the purge scopes, a Cloudflare API token with Cache Purge on the zone)",
    )
    .optional(),
  CDN_API_URL: httpUrl('https://api.fastly.com').optional(),
  CDN_SOFT_PURGE: boolText.optional(),
  CMS_PREVIEW_CREDENTIALS: z
    .string()
    .regex(
      /^[^:\s]+:\S+$/,
      'user:password of the author instance account the preview reads with (write on website for annotations since Pages 6.3.5), e.g. editor-bridge:s3cret',
    )
    .optional(),
  PREVIEW_FRAME_ANCESTORS: z
    .string()
    .trim()
    .refine(
      (v) =>
        v
          .split(/[\s,]+/)
          .filter(Boolean)
          .every((o) => originOnly(o) !== null),
      'origins separated by spaces or commas, each scheme://host[:port] with nothing after, e.g. https://author.cms.example.com',
    )
    .transform((v) => v.split(/[\s,]+/).flatMap((o) => originOnly(o) ?? []))
    .optional(),
  REDIS_URL: z
    .string()
    .trim()
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'redis:' || u.protocol === 'rediss:') && u.hostname !== '';
      } catch {
        return false;
      }
    }, 'a Redis URL, e.g. redis://127.0.0.1:6379 or rediss://:password@redis.example.com:6380')
    .optional(),
  SHUTDOWN_GRACE_MS: int(
    0,
    600_000,
    'milliseconds from 0 to 600000 that requests in flight get to finish on SIGTERM',
  ).default(8000),
  // The proxies whose X-Forwarded-For the site believes (docs/configuration.md, decision 0082).
  TRUSTED_PROXIES: z
    .string()
    .trim()
    .refine(
      (v) => proxyList(v).every(isProxyEntry),
      'addresses or ranges separated by spaces or commas (IPv4 or IPv6, a CIDR suffix allowed; or loopback, linklocal, uniquelocal), e.g. 10.0.0.0/8,127.0.0.1',
    )
    .transform(proxyList)
    .default([]),
  MAX_CONNECTIONS: int(
    1,
    1_000_000,
    'a number of connections from 1 to 1000000 one process keeps open at once, e.g. 1024',
  ).default(1024),
  // Traces (docs/operations.md "Traces"): the standard OpenTelemetry names.
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl('http://127.0.0.1:4318').optional(),
  OTEL_SERVICE_NAME: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{1,128}$/, 'a service name of printable characters, e.g. pari-boreal')
    .default('pari-boreal'),
  OTEL_TRACES_SAMPLER_ARG: z.coerce
    .number({ error: 'a share from 0 to 1, e.g. 0.1' })
    .min(0, 'a share from 0 to 1, e.g. 0.1')
    .max(1, 'a share from 0 to 1, e.g. 0.1')
    .default(1),
});

export type Env = Record<string, string | undefined>;

export interface CmpConfig {
  apiKey: string;
  sdkOrigin: string;
  apiOrigin: string;
  vendors: { video: string; podcast: string };
}

/** Every variable the site reads (a tool that starts it clears them first: bench/lib/site.ts). */
export const CONFIG_VARIABLES: readonly string[] = [...Object.keys(schema.shape), 'NODE_ENV'];

export interface Config {
  port: number;
  host: string;
  /** Unset: the embedded content service is started and used. */
  cmsOrigin: string | undefined;
  cmsApp: string;
  cmsTimeoutMs: number;
  /** Largest answer read from the content service or a vendor API, in bytes. */
  cmsMaxBytes: number;
  /** Longest rich-text field sanitised, in bytes; a longer one is skipped with a warning. */
  richTextMaxBytes: number;
  /** Lifetimes of the content cache (fresh 0: off). */
  contentCache: CacheLifetimes;
  /** Bounds of the page cache and the content cache, in bytes (docs/operations.md "Memory"). */
  cacheMaxBytes: { pages: number; content: number };
  /** Seconds nginx in front keeps a shared page fresh (`X-Accel-Expires`); 0: no header. */
  proxyFreshSeconds: number;
  /** Unset: the content service origin. */
  mediaOrigin: string | undefined;
  videoApiBase: string | undefined;
  videoPlayerBase: string | undefined;
  bettingWidgetUrl: string | undefined;
  podcastPlayerUrl: string | undefined;
  /**
   * The operator's consent manager (Didomi's web SDK, docs/decisions/0075-operator-cmp.md): its
   * public API key, the origins its SDK loads from and talks to, and the site's vendors' ids in its
   * notice. Undefined when `CMP_API_KEY` is unset: the built-in consent store.
   */
  cmp: CmpConfig | undefined;
  /** The operator's account at the podcast platform (`user_id` of the player). */
  podcastUserId: string;
  /** Store pages of the mobile app (app banners). */
  appStoreUrlAndroid: string;
  appStoreUrlIos: string;
  /** Pinned `YYYY-MM-DD HH:MM`, or undefined for "now". */
  logicalDate: string | undefined;
  timeZone: string;
  devMode: boolean;
  brandName: string;
  /**
   * The site's public origin for every absolute URL it writes (canonical, hreflang, `og:url`,
   * sitemap, robots.txt, the state's origin): `PUBLIC_ORIGIN`, or one made from `HOST` and
   * `PORT`. Never the request's `Host` or forwarded headers (docs/configuration.md).
   */
  publicOrigin: string;
  /** `Strict-Transport-Security`, sent when the public origin is https. */
  hsts: { maxAge: number; includeSubDomains: boolean; preload: boolean };
  /** The media host's width query parameter, for `srcset`; unset: the host does not resize. */
  mediaWidthParam: string | undefined;
  /** The share of page views that report their errors (docs/operations.md). */
  browserErrorSampleRate: number;
  /**
   * Real-user Core Web Vitals (docs/operations.md "Speed in visitors' browsers"): the share of
   * documents whose page views send a beacon and, when set, the consent manager's purpose the
   * visitor must have accepted; undefined when off (`RUM_SAMPLE_RATE` 0, the default).
   */
  rum: { sampleRate: number; consentPurpose: string | undefined } | undefined;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  /** The level of the one access line per request (`silent`: none). */
  accessLogLevel: z.infer<typeof schema>['ACCESS_LOG_LEVEL'];
  /** On SIGTERM/SIGINT: how long `/readyz` answers 503 while the listener still accepts. */
  shutdownDelayMs: number;
  /** On SIGTERM/SIGINT: how long requests in flight may take before their connections are cut. */
  shutdownGraceMs: number;
  /** Open connections one process accepts at once; a new one past it is closed at once. */
  maxConnections: number;
  /**
   * The proxies in front whose `X-Forwarded-For` names the client (addresses, CIDR ranges, or
   * proxy-addr's names): the visitor's address is the last hop none of them is. Empty: the
   * connection's address, whatever the headers say (decision 0082).
   */
  trustedProxies: string[];
  /** The Prometheus listener (`GET /metrics`, src/server/metrics.ts); undefined: no metrics. */
  metrics: { host: string; port: number } | undefined;
  /**
   * A CDN in front (docs/decisions/0086-cdn-purged-by-tag.md): the header its tags go out in
   * (undefined: none), and the API a publication's purge by tag calls (undefined: none).
   */
  cdn: { tagHeader: TagHeader | undefined; purge: CdnPurge | undefined };
  /** The bearer token of `POST /_hooks/content-published`; unset: the hook does not exist. */
  publishHookToken: string | undefined;
  /** Where purges are shared with the other instances; unset: this instance purges alone. */
  redisUrl: string | undefined;
  /**
   * Spans exported as OTLP/HTTP to `endpoint` (`/v1/traces` added), named `serviceName`, a new
   * trace kept by the share `sampleRatio`; undefined: no span recorded, the SDK not loaded.
   */
  tracing: { endpoint: string; serviceName: string; sampleRatio: number } | undefined;
  /**
   * The editors' preview (`/_preview/…`, docs/preview.md): its token, the content origin it reads
   * (Magnolia's author instance; unset: the content origin) and the origins that may frame it.
   * Undefined when `PREVIEW_TOKEN` is unset: the route does not exist.
   */
  preview:
    | {
        token: string;
        cmsOrigin: string | undefined;
        frameAncestors: string[];
        /** `user:password` sent to the author instance (Basic), when it asks for it. */
        credentials?: string | undefined;
      }
    | undefined;
}

/** The CDN's purge API: its vendor, the service or zone, the token, where it answers. */
export interface CdnPurge {
  vendor: CdnVendor;
  /** Fastly's service id, or Cloudflare's zone id. */
  id: string;
  token: string;
  apiUrl: string;
  /** Fastly only: mark stale rather than drop (`Fastly-Soft-Purge: 1`). */
  soft: boolean;
}

/**
 * Never repeated in a message: a secret, or a URL that may hold one. Kept in a Secret, not a
 * ConfigMap, on Kubernetes (deploy/kubernetes/kubernetes.test.ts checks it).
 */
export const SECRET_VARIABLES: ReadonlySet<string> = new Set([
  'CDN_API_TOKEN',
  'PUBLISH_HOOK_TOKEN',
  'REDIS_URL',
  'PREVIEW_TOKEN',
  'CMS_PREVIEW_CREDENTIALS',
]);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Listening on every interface: the origin names this machine, which reaches any of them. */
const ANY_ADDRESS = new Set(['0.0.0.0', '::', '[::]', '::0']);

/** The origin a site listening on `host`:`port` is reached at, when none is configured. */
function listeningOrigin(host: string, port: number): string {
  const name = ANY_ADDRESS.has(host) ? 'localhost' : host;
  // An IPv6 address goes in brackets in a URL.
  const inUrl = name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
  return `http://${inUrl}:${port}`;
}

/** The third parties an embedded stand-in replaces when unset (`MEDIA_ORIGIN` follows `CMS_ORIGIN`). */
const THIRD_PARTY_ORIGINS = [
  'CMS_ORIGIN',
  'VIDEO_API_BASE',
  'VIDEO_PLAYER_BASE',
  'PODCAST_PLAYER_URL',
  'BETTING_WIDGET_URL',
] as const;

type Variables = z.infer<typeof schema>;

/** Each variable read against its schema; every one that does not fit is reported. */
function readVariables(env: Env): Variables {
  // An empty variable reads as unset, as in most deployment tools.
  const present = Object.fromEntries(
    Object.keys(schema.shape).flatMap((k) => {
      const v = env[k];
      return v === undefined || v.trim() === '' ? [] : [[k, v]];
    }),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '?');
        const value = SECRET_VARIABLES.has(name)
          ? '(value not shown)'
          : JSON.stringify(present[name] ?? '');
        return `${name}=${value}: expected ${issue.message}`;
      }),
    );
  }
  return parsed.data;
}

/** Settings that each fit but not together (docs/configuration.md). */
function combinationProblems(v: Variables, env: Env): string[] {
  const problems: string[] = [];
  // A production site with its own content service is a real deployment: its absolute URLs
  // must not be guessed (the embedded demo, `npm start` on defaults, may derive them).
  // The production guard (docs/configuration.md): PUBLIC_ORIGIN set by the operator (not derived)
  // means a real deployment, which must not fall back to an embedded stand-in without a word.
  if (v.PUBLIC_ORIGIN) {
    const unset = THIRD_PARTY_ORIGINS.filter((name) => v[name] === undefined);
    if (unset.length > 0) {
      problems.push(
        `${unset.join(', ')} ${unset.length > 1 ? 'are' : 'is'} unset: with PUBLIC_ORIGIN set (a real deployment) every third-party origin is required, or the site would use its embedded stand-ins`,
      );
    }
  }
  if (env.NODE_ENV === 'production' && v.CMS_ORIGIN && !v.PUBLIC_ORIGIN) {
    problems.push(
      'PUBLIC_ORIGIN is unset: with NODE_ENV=production and CMS_ORIGIN set it is required, the public https:// origin of the site, e.g. https://www.example.com',
    );
  }
  // Whoever can publish on the purge channel can purge every instance: a real deployment's Redis
  // asks for a password or an ACL user (docs/security.md "Who can purge").
  if ((v.PUBLIC_ORIGIN || (env.NODE_ENV === 'production' && v.CMS_ORIGIN)) && v.REDIS_URL) {
    const url = new URL(v.REDIS_URL);
    if (!url.password) {
      problems.push(
        'REDIS_URL has no password: a real deployment (PUBLIC_ORIGIN set, or NODE_ENV=production with CMS_ORIGIN) needs an authenticated Redis, e.g. rediss://site:password@redis.example.com:6380 (docs/security.md)',
      );
    }
  }
  // The preload list's own conditions (docs/configuration.md).
  if (v.HSTS_PRELOAD && (!v.HSTS_INCLUDE_SUBDOMAINS || v.HSTS_MAX_AGE < 31_536_000)) {
    problems.push(
      `HSTS_PRELOAD=true: expected HSTS_INCLUDE_SUBDOMAINS=true and HSTS_MAX_AGE of at least 31536000 with it`,
    );
  }
  // Metrics on the site's own port would put them in front of every visitor.
  if (v.METRICS_PORT !== undefined && v.METRICS_PORT !== 0 && v.METRICS_PORT === v.PORT) {
    problems.push(
      `METRICS_PORT=${v.METRICS_PORT}: expected a port other than PORT's, the metrics listener is separate`,
    );
  }
  problems.push(...cmpProblems(v, env));
  problems.push(...cdnProblems(v, env));
  // The preview's other settings mean nothing without its token: say so rather than ignore them.
  const previewOnly = (
    ['CMS_PREVIEW_ORIGIN', 'PREVIEW_FRAME_ANCESTORS', 'CMS_PREVIEW_CREDENTIALS'] as const
  ).filter((name) => v[name] !== undefined);
  if (!v.PREVIEW_TOKEN && previewOnly.length) {
    problems.push(
      `${previewOnly.join(' and ')} set without PREVIEW_TOKEN: the preview is on only with its token (docs/preview.md)`,
    );
  }
  return problems;
}

/** An API at a plain http:// URL is allowed on this machine only (a stand-in). */
const isLoopbackUrl = (url: string): boolean =>
  ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);

/**
 * The CDN's settings hold together: a purge needs its token, tags in the header its vendor reads
 * (or it would purge nothing) and the publish hook (nothing else calls it); its other settings
 * mean nothing without it.
 */
function cdnProblems(v: Variables, env: Env): string[] {
  const target = v.CDN_PURGE === undefined ? null : cdnTargetOf(v.CDN_PURGE);
  if (!target) {
    const without = (['CDN_API_TOKEN', 'CDN_API_URL', 'CDN_SOFT_PURGE'] as const).filter(
      (name) => v[name] !== undefined,
    );
    return without.length
      ? [`${without.join(' and ')} set without CDN_PURGE: they are the purge's settings`]
      : [];
  }
  const problems: string[] = [];
  const header = VENDOR_TAG_HEADER[target.vendor];
  if (!v.CDN_API_TOKEN)
    problems.push(`CDN_API_TOKEN is unset: CDN_PURGE=${target.vendor}:… needs the API's token`);
  if (v.CDN_TAG_HEADER !== header)
    problems.push(
      `CDN_TAG_HEADER=${v.CDN_TAG_HEADER ?? '(unset)'}: expected ${header} with CDN_PURGE=${target.vendor}:…, the header ${target.vendor} reads tags from (a purge by tag would find none)`,
    );
  if (!v.PUBLISH_HOOK_TOKEN)
    problems.push(
      'PUBLISH_HOOK_TOKEN is unset: CDN_PURGE is called on publication, through the publish hook',
    );
  if (v.CDN_SOFT_PURGE && target.vendor !== 'fastly')
    problems.push('CDN_SOFT_PURGE=true: expected false or unset with cloudflare, a Fastly setting');
  const real = v.PUBLIC_ORIGIN || (env.NODE_ENV === 'production' && v.CMS_ORIGIN);
  if (real && v.CDN_API_URL?.startsWith('http:') && !isLoopbackUrl(v.CDN_API_URL))
    problems.push(
      `CDN_API_URL=${JSON.stringify(v.CDN_API_URL)}: expected https:// in a real deployment (the token travels with every call)`,
    );
  return problems;
}

const CMP_VENDOR_VARIABLES = ['CMP_VENDOR_VIDEO', 'CMP_VENDOR_PODCAST'] as const;

/**
 * The consent manager's settings hold together: its vendors' ids come with its key (a wrong or
 * missing id would keep an embed locked for good), and nothing of it is set without the key.
 */
function cmpProblems(v: Variables, env: Env): string[] {
  const given = (name: string) => (env[name] ?? '').trim() !== '';
  if (v.CMP_API_KEY) {
    const missing = CMP_VENDOR_VARIABLES.filter((name) => v[name] === undefined);
    return missing.length
      ? [
          `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} unset: with CMP_API_KEY set, each gated vendor needs its id in the consent manager's notice, e.g. c:youtube-AbCd1234`,
        ]
      : [];
  }
  const without = ['CMP_SDK_ORIGIN', 'CMP_API_ORIGIN', ...CMP_VENDOR_VARIABLES].filter(given);
  return without.length
    ? [
        `${without.join(' and ')} set without CMP_API_KEY: the consent manager loads only with its key (docs/configuration.md)`,
      ]
    : [];
}

export function loadConfig(env: Env): Config {
  const v = readVariables(env);
  const problems = combinationProblems(v, env);
  if (problems.length) throw new ConfigError(problems);
  return configOf(v);
}

function cdnPurgeOf(v: Variables): CdnPurge | undefined {
  const target = v.CDN_PURGE === undefined ? null : cdnTargetOf(v.CDN_PURGE);
  if (!target || !v.CDN_API_TOKEN) return undefined;
  return {
    ...target,
    token: v.CDN_API_TOKEN,
    apiUrl: v.CDN_API_URL ?? CDN_API_URLS[target.vendor],
    soft: v.CDN_SOFT_PURGE ?? false,
  };
}

function configOf(v: Variables): Config {
  return {
    port: v.PORT,
    host: v.HOST,
    cmsOrigin: v.CMS_ORIGIN,
    cmsApp: v.CMS_APP,
    cmsTimeoutMs: v.CMS_TIMEOUT_MS,
    cmsMaxBytes: v.CMS_MAX_BYTES,
    richTextMaxBytes: v.RICH_TEXT_MAX_BYTES,
    contentCache: parseLifetimes(v.CONTENT_CACHE_TTL) ?? {
      fresh: 0,
      staleWhileRevalidate: 0,
      staleIfError: 0,
    },
    cacheMaxBytes: {
      pages: v.PAGE_CACHE_MAX_MB * 1024 * 1024,
      content: v.CONTENT_CACHE_MAX_MB * 1024 * 1024,
    },
    proxyFreshSeconds: v.PROXY_FRESH_SECONDS,
    mediaOrigin: v.MEDIA_ORIGIN,
    videoApiBase: v.VIDEO_API_BASE,
    videoPlayerBase: v.VIDEO_PLAYER_BASE,
    bettingWidgetUrl: v.BETTING_WIDGET_URL,
    podcastPlayerUrl: v.PODCAST_PLAYER_URL,
    cmp:
      v.CMP_API_KEY && v.CMP_VENDOR_VIDEO && v.CMP_VENDOR_PODCAST
        ? {
            apiKey: v.CMP_API_KEY,
            sdkOrigin: v.CMP_SDK_ORIGIN,
            apiOrigin: v.CMP_API_ORIGIN,
            vendors: { video: v.CMP_VENDOR_VIDEO, podcast: v.CMP_VENDOR_PODCAST },
          }
        : undefined,
    podcastUserId: v.PODCAST_USER_ID,
    appStoreUrlAndroid: v.APP_STORE_URL_ANDROID,
    appStoreUrlIos: v.APP_STORE_URL_IOS,
    logicalDate: v.LOGICAL_DATE,
    timeZone: v.SITE_TIMEZONE,
    // On when unset (docs/requirements.md); on phones it is one thin line (docs/configuration.md).
    devMode: v.DEV_MODE,
    brandName: v.BRAND_NAME,
    publicOrigin: v.PUBLIC_ORIGIN ?? listeningOrigin(v.HOST, v.PORT),
    hsts: {
      maxAge: v.HSTS_MAX_AGE,
      includeSubDomains: v.HSTS_INCLUDE_SUBDOMAINS,
      preload: v.HSTS_PRELOAD,
    },
    mediaWidthParam: v.MEDIA_WIDTH_PARAM,
    browserErrorSampleRate: v.BROWSER_ERROR_SAMPLE_RATE,
    rum:
      v.RUM_SAMPLE_RATE > 0
        ? { sampleRate: v.RUM_SAMPLE_RATE, consentPurpose: v.RUM_CONSENT_PURPOSE }
        : undefined,
    logLevel: v.LOG_LEVEL,
    accessLogLevel: v.ACCESS_LOG_LEVEL,
    shutdownDelayMs: v.SHUTDOWN_DELAY_MS,
    shutdownGraceMs: v.SHUTDOWN_GRACE_MS,
    maxConnections: v.MAX_CONNECTIONS,
    trustedProxies: v.TRUSTED_PROXIES,
    metrics:
      v.METRICS_PORT === undefined ? undefined : { host: v.METRICS_HOST, port: v.METRICS_PORT },
    cdn: { tagHeader: v.CDN_TAG_HEADER, purge: cdnPurgeOf(v) },
    publishHookToken: v.PUBLISH_HOOK_TOKEN,
    redisUrl: v.REDIS_URL,
    tracing: v.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          endpoint: v.OTEL_EXPORTER_OTLP_ENDPOINT,
          serviceName: v.OTEL_SERVICE_NAME,
          sampleRatio: v.OTEL_TRACES_SAMPLER_ARG,
        }
      : undefined,
    preview: v.PREVIEW_TOKEN
      ? {
          token: v.PREVIEW_TOKEN,
          cmsOrigin: v.CMS_PREVIEW_ORIGIN,
          frameAncestors: v.PREVIEW_FRAME_ANCESTORS ?? [],
          credentials: v.CMS_PREVIEW_CREDENTIALS,
        }
      : undefined,
  };
}
