/**
 * Every instance hears a publication (docs/decisions/0029-purge-across-instances-with-redis.md):
 * the instance that receives the webhook purges its own caches, then publishes the change on a
 * Redis channel; every other instance subscribed applies it to its caches. Each message carries
 * its sender's id, so the sender does not apply it twice. Redis is an option: without it, or while
 * it is down, pages keep coming from the local caches and the hook still purges locally.
 */
import { randomUUID } from 'node:crypto';
import { SpanKind } from '@opentelemetry/api';
import { Redis } from 'ioredis';
import type { Purge } from './publish';
import { traced, traceHeaders, type TraceFields } from './tracing';

interface PurgeMessage extends TraceFields {
  /** The instance that received the webhook. */
  from: string;
  /** The webhook's request id, to follow one publication through every instance's log. */
  requestId: string;
  purge: Purge;
}

interface Broadcast {
  /** Sends a purge to the other instances: null when Redis took it, else why it could not. */
  publish(purge: Purge, requestId: string): Promise<string | null>;
  close(): Promise<void>;
}

interface Log {
  info(message: string): void;
  warn(message: string): void;
}

interface BroadcastOptions {
  url: string;
  channel: string;
  /** Applies a purge another instance received (never one of this instance's own). */
  apply(message: PurgeMessage): void;
  /** The subscription came back after a loss: purges published meanwhile were missed. */
  resumed(): void;
  log: Log;
}

/** Reconnection: soon at first, then every 5 s at most, for as long as the process runs. */
const retryStrategy = (attempt: number): number => Math.min(attempt * 250, 5000);

function isPurge(value: unknown): value is Purge {
  if (typeof value !== 'object' || value === null) return false;
  const purge = value as { all?: unknown; change?: unknown };
  if (typeof purge.all === 'string') return true;
  if (typeof purge.change !== 'object' || purge.change === null) return false;
  const change = purge.change as { nodes?: unknown; pages?: unknown };
  return (
    Array.isArray(change.nodes) &&
    change.nodes.every((node) => typeof node === 'string') &&
    Array.isArray(change.pages) &&
    change.pages.every(
      (page: { lang?: unknown; path?: unknown }) =>
        (page.lang === 'fr' || page.lang === 'en') && typeof page.path === 'string',
    )
  );
}

/** A message of the channel, or null when it is not one (another program on the same channel). */
export function readMessage(text: string): PurgeMessage | null {
  try {
    const message = JSON.parse(text) as Partial<PurgeMessage>;
    if (typeof message.from !== 'string' || typeof message.requestId !== 'string') return null;
    // The sender's trace (docs/operations.md "Traces"), when it is text: the propagator checks it.
    const { traceparent, tracestate, ...rest } = message;
    const trace = {
      ...(typeof traceparent === 'string' ? { traceparent } : {}),
      ...(typeof tracestate === 'string' ? { tracestate } : {}),
    };
    return isPurge(rest.purge) ? ({ ...rest, ...trace } as PurgeMessage) : null;
  } catch {
    return null;
  }
}

/** Where the log may name the server: the URL without its password. */
export function redisForLog(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.username = '';
    return parsed.toString();
  } catch {
    return 'redis';
  }
}

export function connectBroadcast(options: BroadcastOptions): Broadcast {
  const { channel, log } = options;
  const self = randomUUID();
  const where = redisForLog(options.url);
  // Two connections: a subscribed one can send nothing else. The publisher queues nothing while
  // disconnected: a purge that cannot go now is reported as such, not sent minutes later.
  const publisher = new Redis(options.url, {
    retryStrategy,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectionName: 'site-publisher',
  });
  const subscriber = new Redis(options.url, {
    retryStrategy,
    autoResubscribe: true,
    // The first subscription waits for Redis however long it takes to come.
    maxRetriesPerRequest: null,
    connectionName: 'site-subscriber',
  });
  // Errors come with each lost connection and each failed retry: the loss and the return are
  // logged once each below, the rest would only repeat them.
  publisher.on('error', () => undefined);
  subscriber.on('error', () => undefined);

  let everSubscribed = false;
  let lost = false;
  const subscribe = () =>
    subscriber.subscribe(channel).then(
      () => {
        everSubscribed = true;
        if (lost) {
          lost = false;
          log.info(
            `Redis ${where} is back: purges are heard again (this instance purges everything, in case it missed one)`,
          );
          options.resumed();
        } else {
          log.info(`Redis ${where}: listening for purges on channel ${channel}`);
        }
      },
      (error: unknown) =>
        log.warn(`Redis ${where}: could not subscribe to ${channel}: ${String(error)}`),
    );
  void subscribe();
  subscriber.on('ready', () => {
    // The first subscription is the one above (it waits for the first connection); after a loss
    // the client subscribes again by itself, and this confirms it before saying so.
    if (lost && everSubscribed) void subscribe();
  });
  subscriber.on('close', () => {
    if (lost) return;
    lost = true;
    log.warn(
      `Redis ${where} is unreachable: purges from other instances are not heard until it returns; pages are still served from this instance's caches`,
    );
  });
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const message = readMessage(text);
    if (!message) {
      log.warn(`Redis ${where}: a message on ${channel} that is no purge was ignored`);
      return;
    }
    if (message.from !== self) options.apply(message);
  });

  return {
    publish(purge, requestId) {
      // The message carries the webhook's trace, to the span of each instance that applies it.
      return traced(
        'redis publish',
        async () => {
          const message: PurgeMessage = { from: self, requestId, ...traceHeaders(), purge };
          try {
            await publisher.publish(channel, JSON.stringify(message));
            return null;
          } catch (error) {
            return `Redis ${where}: ${(error as Error).message}`;
          }
        },
        { 'messaging.system': 'redis', 'messaging.destination.name': channel },
        SpanKind.PRODUCER,
      );
    },
    close() {
      publisher.disconnect();
      subscriber.disconnect();
      return Promise.resolve();
    },
  };
}
