/**
 * Where the server's log lines go: standard output, through Node's own stream, which never
 * blocks the process nor retries a failed write (docs/operations.md "Stopping"). pino's default
 * destination flushes its buffer at exit, retrying a write that fails until it succeeds: with its
 * reader gone (EPIPE) or stuck, the process never ended. Here a reader that has gone ends the log;
 * a reader that stops reading makes lines wait in memory up to a bound, past which they are
 * dropped and counted; at exit nothing is written, so the reader cannot hold the process.
 */
import type { Writable } from 'node:stream';

interface LogDestination {
  write(line: string): void;
  /** Resolves once the lines written so far have left (at once if the output has failed). */
  settle(): Promise<void>;
}

/** Lines waiting for a reader that does not read are kept up to this many bytes. */
const PENDING_LIMIT = 1024 * 1024;

export function logDestination(
  out: Writable = process.stdout,
  pendingLimit = PENDING_LIMIT,
): LogDestination {
  let failed = false;
  let dropped = 0;
  // Also stops an EPIPE on standard output from becoming an uncaught exception.
  out.on('error', () => {
    failed = true;
  });
  out.on('drain', () => {
    if (dropped === 0 || failed) return;
    // pino's form, at warn (40), so that the log's reader sees the gap.
    const note = { level: 40, time: Date.now(), msg: `${dropped} log lines dropped: not read` };
    dropped = 0;
    out.write(`${JSON.stringify(note)}\n`);
  });
  return {
    write(line) {
      if (failed) return;
      if (out.writableLength >= pendingLimit) dropped += 1;
      else out.write(line);
    },
    settle() {
      if (failed || out.writableLength === 0) return Promise.resolve();
      // Written after everything before it: its callback comes once they have left (or failed).
      return new Promise((resolve) => out.write('', () => resolve()));
    },
  };
}
