/**
 * The command line of `npm run cms:check` (docs/editing.md, "Checking a live instance"): what to
 * check, or why the arguments are refused (exit 2, with the usage).
 */

export const USAGE = [
  'usage: npm run cms:check -- <public origin> [--author <origin> --credentials <user:password>]',
  '                            [--app <name>] [--webhook <site hook URL>] [--timeout <ms>]',
  '  <public origin>  the public instance as the site reaches it, context path included',
  '  --author         the author instance (template definitions, annotations)',
  '  --credentials    the preview account (CMS_PREVIEW_CREDENTIALS when left out)',
  '  --app            the REST application segment (default pari-boreal)',
  '  --webhook        the site publish hook URL, e.g. https://www.example.com/_hooks/content-published',
  '  --timeout        the longest wait for one answer, in milliseconds (default 10000)',
].join('\n');

export interface Credentials {
  user: string;
  password: string;
}

export interface CheckOptions {
  /** The public instance, context path included, without a trailing slash. */
  publicOrigin: string;
  app: string;
  author?: { origin: string; credentials: Credentials };
  webhook?: string;
  timeoutMs: number;
}

export type ParsedArgs = { ok: true; options: CheckOptions } | { ok: false; error: string };

const DEFAULT_TIMEOUT_MS = 10_000;
const VALUED = new Set(['--author', '--credentials', '--app', '--webhook', '--timeout']);

/** An http(s) URL without query or fragment, its trailing slashes cut; null when it is not. */
function baseUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.search || url.hash || url.username || url.password) return null;
  return url.href.replace(/\/+$/, '');
}

export function parseCredentials(value: string): Credentials | null {
  const colon = value.indexOf(':');
  if (colon <= 0) return null;
  return { user: value.slice(0, colon), password: value.slice(colon + 1) };
}

/** Reads `argv` (the arguments after the script's name); `env` for CMS_PREVIEW_CREDENTIALS. */
export function parseArgs(
  argv: readonly string[],
  env: Record<string, string | undefined> = {},
): ParsedArgs {
  const given = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg.startsWith('--')) {
      const [name = '', inline] = arg.split(/=(.*)/s, 2);
      if (!VALUED.has(name)) return { ok: false, error: `unknown option ${name}` };
      const value = inline ?? argv[++i];
      if (value === undefined || value === '') return { ok: false, error: `${name} needs a value` };
      if (given.has(name)) return { ok: false, error: `${name} given twice` };
      given.set(name, value);
    } else positional.push(arg);
  }
  if (positional.length !== 1) {
    return {
      ok: false,
      error: positional.length ? 'one public origin only' : 'the public origin is missing',
    };
  }
  const publicOrigin = baseUrl(positional[0] ?? '');
  if (!publicOrigin) return { ok: false, error: `"${positional[0]}" is no http(s) origin` };
  const app = given.get('--app') ?? 'pari-boreal';
  if (!/^[\w-]+$/.test(app)) return { ok: false, error: `--app "${app}": letters, digits, - or _` };
  const timeoutText = given.get('--timeout');
  const timeoutMs = timeoutText === undefined ? DEFAULT_TIMEOUT_MS : Number(timeoutText);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    return { ok: false, error: `--timeout "${timeoutText}": a whole number of milliseconds` };
  const options: CheckOptions = { publicOrigin, app, timeoutMs };

  const authorText = given.get('--author');
  const credentialsText = given.get('--credentials') ?? env.CMS_PREVIEW_CREDENTIALS;
  if (authorText !== undefined) {
    const origin = baseUrl(authorText);
    if (!origin) return { ok: false, error: `--author "${authorText}" is no http(s) origin` };
    if (credentialsText === undefined)
      return { ok: false, error: '--author needs --credentials (or CMS_PREVIEW_CREDENTIALS)' };
    const credentials = parseCredentials(credentialsText);
    if (!credentials) return { ok: false, error: '--credentials: expected user:password' };
    options.author = { origin, credentials };
  } else if (given.has('--credentials')) {
    return { ok: false, error: '--credentials is for --author' };
  }
  const webhookText = given.get('--webhook');
  if (webhookText !== undefined) {
    const webhook = baseUrl(webhookText);
    if (!webhook) return { ok: false, error: `--webhook "${webhookText}" is no http(s) URL` };
    options.webhook = webhook;
  }
  return { ok: true, options };
}
