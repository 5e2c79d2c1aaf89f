/**
 * A steady load of GETs that records every answer with its start time, so that a run can be cut
 * into phases afterwards (before a restart, during it): keep-alive clients at a fixed pace, each
 * answer read to its end. A failure is what a visitor would see: a status outside 2xx–3xx, a
 * socket error, a body cut short or no answer within the time-out.
 */
import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Answer {
  /** When the request started (Date.now()). */
  at: number;
  ms: number;
  path: string;
  /** 0 when no answer came. */
  status: number;
  /** Why the answer failed; undefined when it did not. */
  failure: string | undefined;
}

export interface SteadyLoadOptions {
  origin: string;
  /** Asked in turn. */
  paths: string[];
  /** Clients, each with its own keep-alive connection. */
  connections: number;
  /** Requests per second, all clients together; a slow answer delays only its client. */
  ratePerS: number;
  headers?: Record<string, string>;
  /** No answer within this is a failure (a visitor would have given up). */
  timeoutMs?: number;
}

export interface SteadyLoad {
  /** Answers so far. */
  count(): number;
  /** Stops the clients once their current requests end; resolves with every answer. */
  stop(): Promise<Answer[]>;
}

function once(
  agent: Agent,
  url: URL,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; failure: string | undefined }> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (status: number, failure: string | undefined) => {
      if (settled) return;
      settled = true;
      resolve({ status, failure });
    };
    const req = request(url, { agent, headers }, (res) => {
      const status = res.statusCode ?? 0;
      res.on('data', () => undefined);
      res.on('end', () =>
        settle(status, status >= 200 && status < 400 ? undefined : `status ${status}`),
      );
      res.on('error', (error) => settle(status, `body: ${error.message}`));
      // Closed before its length (or its last chunk) arrived: the body was cut short.
      res.on('close', () => {
        if (!res.complete) settle(status, 'body cut short');
      });
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (error: NodeJS.ErrnoException) => settle(0, error.code ?? error.message));
    req.end();
  });
}

export function startSteadyLoad(options: SteadyLoadOptions): SteadyLoad {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const answers: Answer[] = [];
  const headers = options.headers ?? {};
  const timeoutMs = options.timeoutMs ?? 10_000;
  // Each client starts a request every `interval` ms; one whose answer came late starts the next
  // at once rather than catching up with a burst.
  const interval = (options.connections * 1000) / options.ratePerS;
  let stopped = false;
  // Read through a call: `stop` changes it while a client waits.
  const running = () => !stopped;

  async function client(index: number): Promise<void> {
    // The clients' starts spread over one interval, not all at once.
    let next = Date.now() + (index * interval) / options.connections;
    for (let turn = index; running(); turn += options.connections) {
      const wait = next - Date.now();
      if (wait > 0) await sleep(wait);
      if (!running()) break;
      const path = options.paths[turn % options.paths.length] ?? '/';
      const at = Date.now();
      const started = performance.now();
      const { status, failure } = await once(
        agent,
        new URL(path, options.origin),
        headers,
        timeoutMs,
      );
      answers.push({ at, ms: performance.now() - started, path, status, failure });
      next = Math.max(next + interval, Date.now());
    }
  }

  const clients = Array.from({ length: options.connections }, (_, i) => client(i));
  return {
    count: () => answers.length,
    async stop() {
      stopped = true;
      await Promise.all(clients);
      agent.destroy();
      return answers;
    },
  };
}

/** The value below which `q` (0–1) of the sorted `values` fall (nearest rank). */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? 0;
}
