/**
 * Test tool, not used by the site: the MDN HTTP Observatory's score (its v2 rules: base 100,
 * one modifier per test, bonuses only when the score without them is 90 or more) computed over
 * one response. The Observatory scans a host once; here each kind of answer (page, asset, error
 * page, redirect) is scored on its own, so none of them can weaken the site. How to re-measure
 * it against the live site: docs/security.md.
 *
 * What a single response cannot show is left out: the HSTS preload list (a bonus that depends on
 * the list, not on the header) and the initial http → https redirection of the host, which the
 * TLS front does; a redirect answered by the site is checked to stay on https.
 */

export interface ObservedResponse {
  /** The absolute URL asked for (its scheme decides the HTTPS rules). */
  url: string;
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body?: string;
}

interface TestResult {
  test: string;
  result: string;
  modifier: number;
}

interface ObservatoryScore {
  score: number;
  grade: string;
  results: TestResult[];
}

const SIX_MONTHS = 15_552_000;
const BROAD = new Set([
  'ftp:',
  'http:',
  'https:',
  '*',
  'http://*',
  'http://*.*',
  'https://*',
  'https://*.*',
]);
const INLINE = new Set(["'unsafe-inline'", 'data:']);
const PASSIVE = new Set(['img-src', 'media-src']);
const PRIVATE_REFERRER = new Set([
  'no-referrer',
  'same-origin',
  'strict-origin',
  'strict-origin-when-cross-origin',
]);
const UNSAFE_REFERRER = new Set([
  'origin',
  'origin-when-cross-origin',
  'unsafe-url',
  'no-referrer-when-downgrade',
]);

/** Every value of a header, as the list it is on the wire. */
function values(headers: ObservedResponse['headers'], name: string): string[] {
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  if (found === undefined) return [];
  return (Array.isArray(found) ? found : [String(found)]).map(String);
}

const first = (headers: ObservedResponse['headers'], name: string): string | undefined =>
  values(headers, name)[0];

type Csp = Map<string, Set<string>>;

/** The directives of every policy of the header; null when it cannot be read. */
function parseCsp(raw: string[]): Csp | null {
  const csp: Csp = new Map();
  for (const policy of raw.flatMap((header) => header.split(','))) {
    for (const directive of policy.split(';')) {
      const [name, ...sources] = directive.trim().toLowerCase().split(/\s+/);
      if (!name) continue;
      if (!/^[a-z-]+$/.test(name)) return null;
      // The first occurrence of a directive wins, as in browsers.
      if (!csp.has(name)) csp.set(name, new Set(sources));
    }
  }
  return csp;
}

function cspTest(response: ObservedResponse, https: boolean): TestResult {
  const test = 'content-security-policy';
  const raw = values(response.headers, 'content-security-policy');
  if (!raw.length) return { test, result: 'csp-not-implemented', modifier: -25 };
  const csp = parseCsp(raw);
  if (!csp || csp.size === 0) return { test, result: 'csp-header-invalid', modifier: -25 };
  const fallback = (name: string) =>
    new Set(csp.get(name) ?? csp.get('default-src') ?? new Set(['*']));
  const script = fallback('script-src');
  const object = fallback('object-src');
  const style = fallback('style-src');
  // A nonce or a hash makes 'unsafe-inline' ignored by browsers.
  for (const list of [script, style]) {
    if ([...list].some((s) => /^'(?:nonce|sha256|sha384|sha512)-/.test(s))) {
      list.delete("'unsafe-inline'");
    }
  }
  const active = [
    ...[...csp.entries()]
      .filter(([name]) => !PASSIVE.has(name) && name !== 'script-src')
      .flatMap(([, sources]) => [...sources]),
    ...script,
  ];
  const passive = [...PASSIVE].flatMap((name) => [
    ...(csp.get(name) ?? csp.get('default-src') ?? []),
  ]);
  const insecure = (source: string) => source.startsWith('http:') || source.startsWith('ftp:');
  if (
    [...script].some((s) => BROAD.has(s) || INLINE.has(s)) ||
    [...object].some((s) => BROAD.has(s))
  )
    return { test, result: 'csp-implemented-with-unsafe-inline', modifier: -20 };
  if (https && active.some(insecure))
    return { test, result: 'csp-implemented-with-insecure-scheme', modifier: -20 };
  if (script.has("'unsafe-eval'") || style.has("'unsafe-eval'"))
    return { test, result: 'csp-implemented-with-unsafe-eval', modifier: -10 };
  if (https && passive.some(insecure))
    return {
      test,
      result: 'csp-implemented-with-insecure-scheme-in-passive-content-only',
      modifier: -10,
    };
  if ([...style].some((s) => BROAD.has(s) || INLINE.has(s)))
    return { test, result: 'csp-implemented-with-unsafe-inline-in-style-src-only', modifier: 0 };
  const defaults = csp.get('default-src');
  if (defaults?.size === 1 && defaults.has("'none'"))
    return { test, result: 'csp-implemented-with-no-unsafe-default-src-none', modifier: 10 };
  return { test, result: 'csp-implemented-with-no-unsafe', modifier: 5 };
}

function cookiesTest(response: ObservedResponse, hsts: boolean): TestResult {
  const test = 'cookies';
  const cookies = values(response.headers, 'set-cookie').map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const flags = new Map(
      attributes.map((a) => {
        const [key = '', value = ''] = a.split('=');
        return [key.trim().toLowerCase(), value.trim().toLowerCase()] as const;
      }),
    );
    const name = pair.split('=')[0] ?? '';
    return {
      session: /sess|login|auth|token|sid/i.test(name),
      secure: flags.has('secure'),
      httpOnly: flags.has('httponly'),
      sameSite: flags.get('samesite'),
    };
  });
  if (!cookies.length) return { test, result: 'cookies-not-found', modifier: 0 };
  if (
    cookies.some((c) => c.sameSite !== undefined && !['strict', 'lax', 'none'].includes(c.sameSite))
  )
    return { test, result: 'cookies-samesite-flag-invalid', modifier: -20 };
  if (cookies.some((c) => c.session && !c.secure))
    return hsts
      ? { test, result: 'cookies-session-without-secure-flag-but-protected-by-hsts', modifier: -10 }
      : { test, result: 'cookies-session-without-secure-flag', modifier: -40 };
  if (cookies.some((c) => c.session && !c.httpOnly))
    return { test, result: 'cookies-session-without-httponly-flag', modifier: -30 };
  if (cookies.some((c) => !c.secure))
    return hsts
      ? { test, result: 'cookies-without-secure-flag-but-protected-by-hsts', modifier: -5 }
      : { test, result: 'cookies-without-secure-flag', modifier: -20 };
  if (cookies.every((c) => c.sameSite === 'strict' || c.sameSite === 'lax'))
    return { test, result: 'cookies-secure-with-httponly-sessions-and-samesite', modifier: 5 };
  return { test, result: 'cookies-secure-with-httponly-sessions', modifier: 0 };
}

function corsTest(response: ObservedResponse, requestOrigin: string | undefined): TestResult {
  const test = 'cross-origin-resource-sharing';
  const allow = first(response.headers, 'access-control-allow-origin')?.trim().toLowerCase();
  const credentials = first(response.headers, 'access-control-allow-credentials');
  if (!allow) return { test, result: 'cross-origin-resource-sharing-not-implemented', modifier: 0 };
  if (allow === '*')
    return {
      test,
      result: 'cross-origin-resource-sharing-implemented-with-public-access',
      modifier: 0,
    };
  if (allow === requestOrigin?.toLowerCase() && credentials?.trim().toLowerCase() === 'true')
    return {
      test,
      result: 'cross-origin-resource-sharing-implemented-with-universal-access',
      modifier: -50,
    };
  return {
    test,
    result: 'cross-origin-resource-sharing-implemented-with-restricted-access',
    modifier: 0,
  };
}

function redirectionTest(response: ObservedResponse): TestResult {
  const test = 'redirection';
  const location = first(response.headers, 'location');
  if (response.status < 300 || response.status > 399 || !location)
    return { test, result: 'redirection-not-a-redirect', modifier: 0 };
  let target: URL;
  try {
    target = new URL(location, response.url);
  } catch {
    return { test, result: 'redirection-invalid', modifier: -20 };
  }
  return target.protocol === 'https:'
    ? { test, result: 'redirection-to-https', modifier: 0 }
    : { test, result: 'redirection-not-to-https', modifier: -20 };
}

function referrerTest(response: ObservedResponse): TestResult {
  const test = 'referrer-policy';
  const raw = first(response.headers, 'referrer-policy');
  if (raw === undefined) return { test, result: 'referrer-policy-not-implemented', modifier: 0 };
  // A list: browsers apply the last value they know.
  const known = raw
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter((v) => PRIVATE_REFERRER.has(v) || UNSAFE_REFERRER.has(v));
  const policy = known.at(-1);
  if (!policy) return { test, result: 'referrer-policy-header-invalid', modifier: -5 };
  return PRIVATE_REFERRER.has(policy)
    ? { test, result: 'referrer-policy-private', modifier: 5 }
    : { test, result: 'referrer-policy-unsafe', modifier: -5 };
}

function hstsTest(response: ObservedResponse, https: boolean): TestResult {
  const test = 'strict-transport-security';
  if (!https) return { test, result: 'hsts-not-implemented-no-https', modifier: -20 };
  const raw = first(response.headers, 'strict-transport-security');
  if (raw === undefined) return { test, result: 'hsts-not-implemented', modifier: -20 };
  const maxAge = /(?:^|;)\s*max-age=(\d+)\s*(?:;|$)/i.exec(raw)?.[1];
  if (raw.includes(',') || maxAge === undefined)
    return { test, result: 'hsts-header-invalid', modifier: -20 };
  return Number(maxAge) < SIX_MONTHS
    ? { test, result: 'hsts-implemented-max-age-less-than-six-months', modifier: -10 }
    : { test, result: 'hsts-implemented-max-age-at-least-six-months', modifier: 0 };
}

function sriTest(response: ObservedResponse): TestResult {
  const test = 'subresource-integrity';
  const type = first(response.headers, 'content-type') ?? '';
  if (!/text\/html/i.test(type) || response.body === undefined)
    return { test, result: 'sri-not-implemented-response-not-html', modifier: 0 };
  const own = new URL(response.url).origin;
  const scripts = [...response.body.matchAll(/<script\b([^>]*)>/gi)]
    .map((match) => match[1] ?? '')
    .flatMap((attributes) => {
      const src = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
      const value = src?.[1] ?? src?.[2] ?? src?.[3];
      if (value === undefined) return [];
      const url = new URL(value, response.url);
      return [
        {
          external: url.origin !== own,
          // Protocol-relative counts as insecure, whatever the page's scheme.
          secure: url.protocol === 'https:' && !value.startsWith('//'),
          integrity: /\bintegrity\s*=/i.test(attributes),
        },
      ];
    });
  if (!scripts.length)
    return { test, result: 'sri-not-implemented-but-no-scripts-loaded', modifier: 0 };
  const external = scripts.filter((s) => s.external);
  if (!external.length) {
    return scripts.every((s) => s.integrity)
      ? { test, result: 'sri-implemented-and-all-scripts-loaded-securely', modifier: 5 }
      : {
          test,
          result: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
          modifier: 0,
        };
  }
  const secure = external.every((s) => s.secure);
  if (external.every((s) => s.integrity)) {
    return secure
      ? { test, result: 'sri-implemented-and-external-scripts-loaded-securely', modifier: 5 }
      : { test, result: 'sri-implemented-but-external-scripts-not-loaded-securely', modifier: -20 };
  }
  return secure
    ? { test, result: 'sri-not-implemented-but-external-scripts-loaded-securely', modifier: -5 }
    : {
        test,
        result: 'sri-not-implemented-and-external-scripts-not-loaded-securely',
        modifier: -50,
      };
}

function contentTypeOptionsTest(response: ObservedResponse): TestResult {
  const test = 'x-content-type-options';
  const raw = first(response.headers, 'x-content-type-options');
  if (raw === undefined)
    return { test, result: 'x-content-type-options-not-implemented', modifier: -5 };
  return raw.trim().toLowerCase() === 'nosniff'
    ? { test, result: 'x-content-type-options-nosniff', modifier: 0 }
    : { test, result: 'x-content-type-options-header-invalid', modifier: -5 };
}

function frameOptionsTest(response: ObservedResponse): TestResult {
  const test = 'x-frame-options';
  const csp = parseCsp(values(response.headers, 'content-security-policy'));
  const ancestors = csp?.get('frame-ancestors');
  if (ancestors && ![...ancestors].some((s) => BROAD.has(s)))
    return { test, result: 'x-frame-options-implemented-via-csp', modifier: 5 };
  const raw = first(response.headers, 'x-frame-options')?.trim().toLowerCase();
  if (raw === undefined) return { test, result: 'x-frame-options-not-implemented', modifier: -20 };
  if (raw === 'deny' || raw === 'sameorigin')
    return { test, result: 'x-frame-options-sameorigin-or-deny', modifier: 0 };
  if (raw.startsWith('allow-from '))
    return { test, result: 'x-frame-options-allow-from-origin', modifier: 0 };
  return { test, result: 'x-frame-options-header-invalid', modifier: -20 };
}

function resourcePolicyTest(response: ObservedResponse): TestResult {
  const test = 'cross-origin-resource-policy';
  const raw = first(response.headers, 'cross-origin-resource-policy')?.trim().toLowerCase();
  switch (raw) {
    case undefined:
      return { test, result: 'corp-not-implemented', modifier: 0 };
    case 'same-origin':
      return { test, result: 'corp-implemented-with-same-origin', modifier: 10 };
    case 'same-site':
      return { test, result: 'corp-implemented-with-same-site', modifier: 10 };
    case 'cross-origin':
      return { test, result: 'corp-implemented-with-cross-origin', modifier: 0 };
    default:
      return { test, result: 'corp-header-invalid', modifier: -5 };
  }
}

/** The grade of a score: steps of 5, everything from 100 up is A+. */
export function gradeOf(score: number): string {
  const step = Math.min(100, Math.max(0, score - (score % 5)));
  const chart: [number, string][] = [
    [100, 'A+'],
    [90, 'A'],
    [85, 'A-'],
    [80, 'B+'],
    [70, 'B'],
    [65, 'B-'],
    [60, 'C+'],
    [50, 'C'],
    [45, 'C-'],
    [40, 'D+'],
    [30, 'D'],
    [25, 'D-'],
  ];
  return chart.find(([floor]) => step >= floor)?.[1] ?? 'F';
}

/** Scores one response; `requestOrigin` is the `Origin` the request carried, if any. */
export function observatoryScore(
  response: ObservedResponse,
  requestOrigin?: string,
): ObservatoryScore {
  const https = new URL(response.url).protocol === 'https:';
  const hsts = hstsTest(response, https);
  const results = [
    cspTest(response, https),
    cookiesTest(response, hsts.modifier === 0),
    corsTest(response, requestOrigin),
    redirectionTest(response),
    referrerTest(response),
    hsts,
    sriTest(response),
    contentTypeOptionsTest(response),
    frameOptionsTest(response),
    resourcePolicyTest(response),
  ];
  const penalties = results.reduce((sum, r) => sum + Math.min(0, r.modifier), 100);
  const bonuses = results.reduce((sum, r) => sum + Math.max(0, r.modifier), 0);
  const score = Math.max(0, penalties >= 90 ? penalties + bonuses : penalties);
  return { score, grade: gradeOf(score), results };
}
