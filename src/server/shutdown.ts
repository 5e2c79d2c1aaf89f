/**
 * A bounded drain of the HTTP server on SIGTERM/SIGINT (docs/operations.md "Stopping"): new
 * connections are refused, idle ones (keep-alive clients, a proxy's pool, sockets that never
 * sent a request) are closed at once, requests in flight finish and their connections close
 * after the answer. Whatever is still open after the grace is named in the log and cut.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface DrainLog {
  info(message: string): void;
  warn(message: string): void;
}

type DrainOutcome = 'drained' | 'forced';

interface ConnectionTracker {
  /**
   * Drains the server: `close` stops it (and whatever else must stop with it); resolves once
   * it has, or once the grace has run out and every remaining connection was cut. Idempotent.
   */
  drain(reason: string, close: () => Promise<void>): Promise<DrainOutcome>;
  /** During a drain: cuts the remaining connections now instead of at the end of the grace. */
  forceNow(): void;
}

/** How long a forced close may still take before the drain gives up waiting on `close`. */
const AFTER_FORCE_MS = 1000;

/** After a drain that took its whole bound, the time the last log lines still get to leave. */
const LOG_SETTLE_MS = 500;

/**
 * The longest a stop takes from the drain's start to the exit (docs/operations.md "Stopping"):
 * the grace, the wait after a forced close, the last log lines; whatever holds the process then
 * is cut. A service manager waits longer, SHUTDOWN_DELAY_MS and its own wait before SIGTERM added.
 */
export const exitBoundMs = (graceMs: number): number => graceMs + AFTER_FORCE_MS + LOG_SETTLE_MS;

/** At most this many connections are listed in the log line of a forced close. */
const LISTED = 20;
/** Request targets in log lines are cut to this length (a visitor chooses them). */
const URL_IN_LOG = 200;

interface InFlight {
  method: string;
  url: string;
}

type Connections = Map<Socket, Map<ServerResponse, InFlight>>;

/** The open connections and what each is doing, for a log line: at most LISTED of them. */
function describe(connections: Connections): string {
  return (
    [...connections]
      .slice(0, LISTED)
      .map(([socket, requests]) => {
        const peer = `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`;
        const doing = [...requests.values()].map((r) => `${r.method} ${r.url}`);
        return doing.length > 0 ? `${peer} (${doing.join(', ')})` : `${peer} (idle)`;
      })
      .join('; ') + (connections.size > LISTED ? `; and ${connections.size - LISTED} more` : '')
  );
}

/** Closes the idle connections; the busy ones answer with `Connection: close`. */
function closeIdle(connections: Connections): { idle: number; inFlight: number } {
  let idle = 0;
  let inFlight = 0;
  for (const [socket, requests] of connections) {
    if (requests.size === 0) {
      idle += 1;
      socket.destroy();
    } else {
      inFlight += requests.size;
      // Answered with `Connection: close`, so the client (or proxy) opens no further request here.
      for (const res of requests.keys()) if (!res.headersSent) res.setHeader('connection', 'close');
    }
  }
  return { idle, inFlight };
}

/** Starts counting connections and requests on `server`; call before it listens. */
export function trackConnections(
  server: Server,
  options: { graceMs: number; log: DrainLog },
): ConnectionTracker {
  const connections: Connections = new Map();
  let closing = false;
  let draining: Promise<DrainOutcome> | undefined;
  let force: (() => void) | undefined;

  /** Ends the connection once what was written has left; cut later if the peer lingers. */
  const closeConnection = (socket: Socket) => {
    socket.end(() => socket.destroy());
  };

  server.on('connection', (socket: Socket) => {
    // Accepted before the listening socket closed: refused all the same.
    if (closing) {
      socket.destroy();
      return;
    }
    connections.set(socket, new Map());
    socket.once('close', () => connections.delete(socket));
  });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const requests = connections.get(socket);
    if (!requests) return;
    requests.set(res, { method: req.method ?? '?', url: (req.url ?? '').slice(0, URL_IN_LOG) });
    if (closing && !res.headersSent) res.setHeader('connection', 'close');
    res.once('close', () => {
      requests.delete(res);
      if (closing && requests.size === 0) closeConnection(socket);
    });
  });

  async function run(reason: string, close: () => Promise<void>): Promise<DrainOutcome> {
    const started = Date.now();
    closing = true;
    const { idle, inFlight } = closeIdle(connections);
    options.log.info(
      `${reason}: draining: ${idle} idle connections closed, ${inFlight} requests in flight, at most ${options.graceMs} ms`,
    );
    const closed = close().then(
      () => 'closed' as const,
      (error: unknown) => {
        options.log.warn(`${reason}: closing failed: ${String(error)}`);
        return 'closed' as const;
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'late'>((resolve) => {
      force = () => resolve('late');
      timer = setTimeout(force, options.graceMs);
    });
    const first = await Promise.race([closed, deadline]);
    clearTimeout(timer);
    let outcome: DrainOutcome = 'drained';
    if (first === 'late') {
      outcome = 'forced';
      options.log.warn(
        `${reason}: ${connections.size} connections still open after ${Date.now() - started} ms, cut now: ${describe(connections) || 'none'}`,
      );
      for (const socket of connections.keys()) socket.destroy();
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([
        closed,
        new Promise<void>((resolve) => {
          wait = setTimeout(resolve, AFTER_FORCE_MS);
        }),
      ]);
      clearTimeout(wait);
    }
    options.log.info(`${reason}: ${outcome} in ${Date.now() - started} ms, exiting`);
    return outcome;
  }

  return {
    drain(reason, close) {
      draining ??= run(reason, close);
      return draining;
    },
    forceNow() {
      force?.();
    },
  };
}
