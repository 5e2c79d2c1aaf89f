/**
 * A real `redis-server` (Debian's; scripts/ensure-test-tools.sh installs it) on a loopback port,
 * keeping nothing on disk, stopped by its PID. `start` again on the same port is a Redis restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/sbin/redis-server'].find(existsSync);

export interface RedisServer {
  port: number;
  url: string;
  /** Starts it (again), resolving once it accepts connections. */
  start(): Promise<void>;
  /** Kills it at once, as a crash would (SIGKILL), and waits for its exit. */
  kill(): Promise<void>;
  /** Kills it if it runs and removes its working directory. */
  close(): Promise<void>;
}

export async function redisServer(port: number): Promise<RedisServer> {
  if (!REDIS_SERVER) throw new Error('redis-server is missing: run scripts/ensure-test-tools.sh');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-redis-'));
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const kill = async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    child = undefined;
  };

  // As a deployment's Redis: it asks for a password, made for this run (docs/security.md).
  const password = randomBytes(16).toString('hex');
  return {
    port,
    url: `redis://:${password}@127.0.0.1:${port}`,
    async start() {
      const started = spawn(
        REDIS_SERVER,
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
          '--requirepass',
          password,
        ],
        { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = started;
      exited = new Promise((resolve) => started.once('exit', () => resolve()));
      let output = '';
      await new Promise<void>((resolve, reject) => {
        started.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          output += chunk;
          if (output.includes('Ready to accept connections')) resolve();
        });
        started.once('exit', (code) =>
          reject(new Error(`redis-server exited (${String(code)}) at start:\n${output}`)),
        );
      });
    },
    kill,
    async close() {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
