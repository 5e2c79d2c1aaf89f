/**
 * The page views whose Web Vitals the site will hear (docs/decisions/0087-beacons-that-cannot-lie.md):
 * each page view in the sample asks for a token; its beacon carries it, and a token is taken once.
 * A token nobody was given, one already taken, or one past its lifetime counts for nothing. With
 * Redis (REDIS_URL), every process knows every token, so a beacon may reach any of them; without,
 * each process keeps its own in memory.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** How long a page view may stay open before its beacon: a long read, then a tab switch. */
export const VIEW_LIFETIME_MS = 4 * 60 * 60 * 1000;

/** Tokens one process keeps at most without Redis: past it, the oldest is forgotten. */
const MAX_MEMORY_VIEWS = 100_000;

const REDIS_PREFIX = 'site:vitals-view:';

export interface PageViews {
  /** A new page view's token, or undefined when the store cannot keep one now. */
  issue(): Promise<string | undefined>;
  /**
   * Whether `token` was given and not yet taken (and takes it); undefined when the store cannot
   * tell now (Redis lost).
   */
  take(token: string): Promise<boolean | undefined>;
  close(): Promise<void>;
}

const newToken = (): string => randomBytes(16).toString('base64url');

export function memoryPageViews(now: () => number = Date.now): PageViews {
  // In the order given: the first is the oldest.
  const views = new Map<string, number>();
  return {
    issue() {
      const token = newToken();
      views.set(token, now() + VIEW_LIFETIME_MS);
      if (views.size > MAX_MEMORY_VIEWS) {
        const oldest = views.keys().next().value;
        if (oldest !== undefined) views.delete(oldest);
      }
      return Promise.resolve(token);
    },
    take(token) {
      const until = views.get(token);
      views.delete(token);
      return Promise.resolve(until !== undefined && until > now());
    },
    close: () => Promise.resolve(),
  };
}

/**
 * Tokens kept in Redis with their lifetime: `SET … PX` gives one, `DEL` takes it (1 when it was
 * there). A command waits for no reconnection: while Redis is away, no token is given, and a beacon
 * cannot be checked.
 */
export function redisPageViews(url: string): PageViews {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectionName: 'site-vitals-views',
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  // A lost connection shows as refused beacons (`unverified`) and the publisher's own log line.
  redis.on('error', () => undefined);
  return {
    async issue() {
      const token = newToken();
      try {
        await redis.set(REDIS_PREFIX + token, '1', 'PX', VIEW_LIFETIME_MS);
        return token;
      } catch {
        return undefined;
      }
    },
    async take(token) {
      try {
        return (await redis.del(REDIS_PREFIX + token)) === 1;
      } catch {
        return undefined;
      }
    },
    close() {
      redis.disconnect();
      return Promise.resolve();
    },
  };
}
