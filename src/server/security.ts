import { createHash } from 'node:crypto';
import { FRAME_ENDPOINT, FRAME_SCRIPT_PATH } from '../app/state';

/**
 * Security headers. The Content-Security-Policy lets one inline script run, the build's entry,
 * by the hash of its code: the same bytes on every page, so pages need no nonce and stay
 * cacheable (docs/decisions/0056-entry-in-the-page.md). The hydration data travels in a
 * non-executable JSON element; content can never add a script the hash allows.
 */
interface CspSources {
  media: string;
  frames: string[];
  scripts: string[];
  /** Origins the page's scripts may call besides the site (the consent manager's). */
  connect?: string[];
  /** The code of the inline scripts the pages carry (the production entry). */
  inlineScripts?: string[];
  /** Development only: Vite's client needs inline code and a socket. */
  dev: boolean;
}

/** A CSP hash source for an inline script's exact text. */
export function scriptHashSource(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

export function contentSecurityPolicy({
  media,
  frames,
  scripts,
  connect = [],
  inlineScripts = [],
  dev,
}: CspSources): string {
  const uniq = (list: (string | null)[]) => [...new Set(list.filter((v): v is string => !!v))];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...uniq(scripts.map(originOf)),
      // A hash source makes browsers ignore 'unsafe-inline': development has only the latter.
      ...(dev ? ["'unsafe-inline'"] : uniq(inlineScripts.map(scriptHashSource))),
    ],
    'style-src': ["'self'", ...(dev ? ["'unsafe-inline'"] : [])],
    // Editors' rich text and the video platform's thumbnails may come from other https hosts.
    'img-src': ["'self'", 'data:', 'https:', ...uniq([originOf(media)])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...uniq(connect.map(originOf)), ...(dev ? ['ws:', 'wss:'] : [])],
    'frame-src': uniq(frames.map(originOf)).length ? uniq(frames.map(originOf)) : ["'none'"],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

interface HstsOptions {
  maxAge: number;
  includeSubDomains: boolean;
  preload: boolean;
}

/**
 * `Strict-Transport-Security` for a site whose public origin is https; none for http (a browser
 * ignores it there, and a demo on http must stay reachable).
 */
export function strictTransportSecurity(
  publicOrigin: string,
  { maxAge, includeSubDomains, preload }: HstsOptions,
): string | undefined {
  if (!publicOrigin.startsWith('https:')) return undefined;
  return [
    `max-age=${maxAge}`,
    ...(includeSubDomains ? ['includeSubDomains'] : []),
    ...(preload ? ['preload'] : []),
  ].join('; ');
}

/**
 * Paths that other systems' pages load from this origin: the hashed assets (modules, styles and
 * fonts of the standalone header and footer) and its loader (docs/architecture.md, "The header
 * and footer on other systems' pages"). Everything else is for the site's own pages only.
 */
export function crossOriginResourcePolicy(path: string): 'cross-origin' | 'same-origin' {
  return path.startsWith('/assets/') || path === FRAME_SCRIPT_PATH || path === FRAME_ENDPOINT
    ? 'cross-origin'
    : 'same-origin';
}

/**
 * `Referrer-Policy` per path. A module's imports go out with the policy of the module's own answer
 * (HTML's module loading), not the page's: the site's code, under `/assets/`, answers
 * `no-referrer`, so that a page whose policy is `no-referrer` (an editor's preview, whose URL holds
 * its token: docs/preview.md) sends no Referer on any request. Every other answer:
 * `strict-origin-when-cross-origin` (the preview's own answers are set apart in app.ts).
 */
export function referrerPolicy(path: string): 'no-referrer' | 'strict-origin-when-cross-origin' {
  return path.startsWith('/assets/') ? 'no-referrer' : 'strict-origin-when-cross-origin';
}

/**
 * Headers of every response; `cross-origin-resource-policy` and `referrer-policy` are set per
 * path after them.
 */
export function securityHeaders(csp: string, hsts?: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': referrerPolicy('/'),
    'x-frame-options': 'SAMEORIGIN',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'cross-origin-opener-policy': 'same-origin',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
}
