/** The production server of the site, started by the bench on 127.0.0.1. */
import path from 'node:path';
import { CONFIG_VARIABLES } from '../../src/server/config';
import { start, assertPortFree, waitForUrl, type Started } from './processes';

export const LOGICAL_DATE = '2026-11-21 12:00';

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
  // The site's own variables come from the bench alone, so the caller's shell cannot skew a run.
  for (const [key, value] of Object.entries(process.env)) {
    if (!CONFIG_VARIABLES.includes(key)) env[key] = value;
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
