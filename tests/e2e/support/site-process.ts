/**
 * The built site as a process of its own (`node dist/server/main.js`, production), on a free
 * loopback port, with its log kept: for what only a real process shows (signals, exit codes).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { startStandIns, type StandIns } from './stand-ins';
import { TEST_LOGICAL_DATE } from '../../../testing/today';

export interface SiteProcess {
  origin: string;
  port: number;
  child: ChildProcess;
  /** Everything written to standard output and error so far. */
  log(): string;
  /** Resolves when the process has exited, with its code and when it happened. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** Kills it if it still runs (clean-up after a failed test). */
  kill(): void;
}

export async function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const port = (probe.address() as AddressInfo).port;
      probe.close(() => resolve(port));
    });
  });
}

export async function startSiteProcess(env: Record<string, string> = {}): Promise<SiteProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // With a content service of the test's, it is a real deployment: PUBLIC_ORIGIN (required in
  // production with CMS_ORIGIN), and then every third party named (the production guard), the
  // ones the test leaves out on stand-ins of its own. Without one: the embedded defaults.
  let standIns: StandIns | undefined;
  let own: Record<string, string> = {};
  if (env.CMS_ORIGIN) {
    standIns = await startStandIns(env.LOGICAL_DATE ?? TEST_LOGICAL_DATE);
    own = standIns.complete({ PUBLIC_ORIGIN: origin, ...env });
  } else {
    own = env;
  }
  const child = spawn('node', ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOGICAL_DATE: TEST_LOGICAL_DATE,
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      ...own,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.once('exit', () => void standIns?.close());
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
    (resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const site: SiteProcess = {
    origin,
    port,
    child,
    log: () => output,
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
  try {
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`the site exited at start:\n${output}`);
          return (await fetch(`${origin}/date`).catch(() => null))?.status ?? 0;
        },
        { timeout: 30_000 },
      )
      .toBe(200);
  } catch (error) {
    site.kill();
    throw error;
  }
  return site;
}
