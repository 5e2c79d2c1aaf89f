/** The production server of the site, started by the bench on 127.0.0.1. */
import path from 'node:path';
import { start, assertPortFree, waitForUrl, type Started } from './processes';

export const LOGICAL_DATE = '2026-11-21 12:00';

/** Variables of the site that the bench always sets itself (so the caller's shell cannot skew a run). */
const SITE_VARIABLES = [
  'PORT',
  'HOST',
  'CMS_ORIGIN',
  'CMS_APP',
  'CMS_TIMEOUT_MS',
  'MEDIA_ORIGIN',
  'VIDEO_API_BASE',
  'VIDEO_PLAYER_BASE',
  'PODCAST_PLAYER_URL',
  'BETTING_WIDGET_URL',
  'LOGICAL_DATE',
  'SITE_TIMEZONE',
  'DEV_MODE',
  'LOG_LEVEL',
  'ACCESS_LOG_LEVEL',
  'SHUTDOWN_DELAY_MS',
  'METRICS_PORT',
  'METRICS_HOST',
  'CONTENT_CACHE_TTL',
  'NODE_ENV',
  'PUBLIC_ORIGIN',
  'HSTS_MAX_AGE',
  'HSTS_INCLUDE_SUBDOMAINS',
  'HSTS_PRELOAD',
];

export interface Site {
  origin: string;
  port: number;
  process: Started;
}

export interface SiteOptions {
  root: string;
  port: number;
  logDir: string;
  /** Extra variables, e.g. `CONTENT_CACHE_TTL`. */
  env?: Record<string, string>;
  label: string;
}

/** Starts `node dist/server/main.js` with the embedded stand-ins and waits for `GET /date`. */
export async function startSite(options: SiteOptions): Promise<Site> {
  await assertPortFree(options.port);
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!SITE_VARIABLES.includes(key)) env[key] = value;
  }
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    LOGICAL_DATE,
    DEV_MODE: 'false',
    LOG_LEVEL: 'warn',
    ...options.env,
  });
  const started = start({
    name: `site ${options.label} :${options.port}`,
    command: process.execPath,
    args: ['dist/server/main.js'],
    cwd: options.root,
    env,
    logFile: path.join(options.logDir, `site-${options.label}-${options.port}.log`),
  });
  const origin = `http://127.0.0.1:${options.port}`;
  await waitForUrl(`${origin}/date`, started);
  return { origin, port: options.port, process: started };
}
