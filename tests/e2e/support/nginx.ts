/**
 * The deploy/ nginx template in front of the site for the proxy specs, written once: a working
 * folder its workers can read (they drop root's privileges), and nginx started there from the
 * template (bench/lib/nginx.ts renders and runs it) on a free loopback port.
 */
import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureNginx, startNginx, type Nginx } from '../../../bench/lib/nginx';
import { freePort } from './site-process';

/** A new temporary folder for one spec's processes, readable by nginx's workers. */
export async function proxyWorkDir(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `pari-boreal-${name}-`));
  await chmod(dir, 0o755);
  return dir;
}

/** nginx with its cache in front of `upstreamPorts`, its files and log under `dir`. */
export async function nginxInFront(
  dir: string,
  upstreamPorts: number[],
  options: { serverName?: string; statusPort?: number } = {},
): Promise<Nginx> {
  return startNginx({
    binary: await ensureNginx(() => undefined),
    root: process.cwd(),
    prefix: path.join(dir, 'nginx'),
    port: await freePort(),
    upstreamPorts,
    variant: 'cache',
    logFile: path.join(dir, 'nginx.log'),
    ...options,
  });
}
