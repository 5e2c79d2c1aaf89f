/**
 * Child processes of the bench: each is started in its own process group and recorded, so that
 * the end of the run, a failure or an interrupt stops exactly what the bench started, by pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Started {
  name: string;
  pid: number;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal) once the process has exited. */
  exited: Promise<string>;
  /** Set once the process has exited. */
  exit?: string;
}

const running = new Map<number, Started>();

export interface StartOptions {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** File that receives the process's standard output and error. */
  logFile: string;
}

/** Starts a process in a new process group; its output goes to `logFile`. */
export function start(options: StartOptions): Started {
  // The child writes to the file itself: its output never passes through the bench's event loop.
  const log = openSync(options.logFile, 'a');
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  if (child.pid === undefined)
    throw new Error(`${options.name}: could not start ${options.command}`);
  const started: Started = {
    name: options.name,
    pid: child.pid,
    child,
    exited: new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        started.exit = signal ?? String(code);
        running.delete(started.pid);
        resolve(started.exit);
      });
      child.once('error', (error) => {
        started.exit = `error ${error.message}`;
        running.delete(started.pid);
        resolve(started.exit);
      });
    }),
  };
  running.set(started.pid, started);
  return started;
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    // The negative pid addresses the process group the child leads (it was started detached).
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
}

/** Stops one started process: `signal`, then SIGKILL after `graceMs`. */
export async function stop(
  started: Started,
  signal: NodeJS.Signals = 'SIGTERM',
  graceMs = 5000,
): Promise<void> {
  if (started.exit !== undefined) return;
  signalGroup(started.pid, signal);
  const timer = sleep(graceMs).then(() => 'timeout');
  if ((await Promise.race([started.exited, timer])) === 'timeout') {
    signalGroup(started.pid, 'SIGKILL');
    await Promise.race([started.exited, sleep(2000)]);
  }
}

/** Stops every process the bench started that is still running, newest first. */
export async function stopAll(): Promise<void> {
  const list = [...running.values()].reverse();
  for (const started of list) await stop(started);
}

/** Last resort when the bench process itself exits: SIGKILL whatever is left, synchronously. */
export function killAllNow(): void {
  for (const pid of running.keys()) signalGroup(pid, 'SIGKILL');
  running.clear();
}

/**
 * Runs a standalone bench script's `main`: every process it started is stopped at the end, on a
 * failure, on Ctrl-C, and after `minutes` at the latest.
 */
export function runBench(name: string, minutes: number, main: () => Promise<void>): void {
  const deadline = setTimeout(() => {
    console.error(`[${name}] over ${String(minutes)} minutes: stopping`);
    killAllNow();
    process.exit(1);
  }, minutes * 60_000);
  process.on('SIGINT', () => {
    killAllNow();
    process.exit(130);
  });
  main()
    .catch((error: unknown) => {
      console.error(`[${name}] failed:`, error);
      process.exitCode = 1;
    })
    .finally(async () => {
      await stopAll();
      clearTimeout(deadline);
    });
}

/** Throws when something already listens on 127.0.0.1:`port`. */
export async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', () =>
      reject(
        new Error(`port ${port} on 127.0.0.1 is in use (another bench run?); the bench needs it`),
      ),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

/**
 * Polls `url` until it answers 200, at most `timeoutMs`; fails early when `started` exits.
 */
export async function waitForUrl(url: string, started: Started, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.exit !== undefined) {
      throw new Error(`${started.name} exited (${started.exit}) before ${url} answered`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (${started.name})`);
}

/** Runs a command to completion (bounded by `timeoutMs`), returning its exit code and output. */
export async function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null | Error>((resolve) => {
    child.once('error', (error) => resolve(error));
    child.once('exit', (code) => resolve(code));
  });
  if (pid === undefined) throw new Error(`could not start ${command}`);
  // Recorded like a started process, so an interrupt stops it too.
  const entry: Started = {
    name: command,
    pid,
    child,
    exited: exited.then((value) => String(value)),
  };
  running.set(pid, entry);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), options.timeoutMs);
  });
  try {
    const result = await Promise.race([exited, timeout]);
    if (result === 'timeout') {
      signalGroup(pid, 'SIGKILL');
      await Promise.race([exited, sleep(2000)]);
      throw new Error(`${command} ${args.join(' ')} took more than ${options.timeoutMs} ms`);
    }
    if (result instanceof Error) throw result;
    return { code: result, output };
  } finally {
    clearTimeout(timer);
    entry.exit = 'done';
    running.delete(pid);
  }
}
