/**
 * Token buckets per visitor address, in memory, for the endpoints browsers post to
 * (docs/decisions/0082-limits-per-visitor.md). The address is `request.ip`: the connection's, or
 * behind the proxies `TRUSTED_PROXIES` names, the last address of X-Forwarded-For that none of
 * them is. nginx in front keeps its own limits per address before the processes
 * (deploy/nginx/pari-boreal.conf.template); these hold for a process reached directly, and
 * across nginx's workers.
 */

interface RateLimitOptions {
  /** Requests one address may send at once. */
  burst: number;
  /** One more every this many milliseconds, up to the burst. */
  refillMs: number;
}

/** Error reports: a burst of 10, then one every 6 s (10 a minute). */
export const REPORT_LIMIT: RateLimitOptions = { burst: 10, refillMs: 6_000 };
/**
 * Web Vitals beacons: one per page view, so a burst of 20 page views, then one every 3 s (20 a
 * minute), more than a visitor reading pages sends.
 */
export const BEACON_LIMIT: RateLimitOptions = { burst: 20, refillMs: 3_000 };

/**
 * Page views whose Web Vitals count (tokens of `POST /_vitals/view`): 4 at once, then one every
 * 10 s, a reader's pace; all one address can weigh in the histograms
 * (docs/decisions/0087-beacons-that-cannot-lie.md).
 */
export const VIEW_LIMIT: RateLimitOptions = { burst: 4, refillMs: 10_000 };

/** Addresses remembered at most: past it, the one unheard of for longest is forgotten. */
const MAX_ADDRESSES = 10_000;

export interface RateLimit {
  /** Whether one more request from `address` may go through now (and counts it). */
  take(address: string): boolean;
}

export function createRateLimit(
  { burst, refillMs }: RateLimitOptions,
  now: () => number = Date.now,
): RateLimit {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(address) {
      const time = now();
      const bucket = buckets.get(address) ?? { tokens: burst, at: time };
      buckets.delete(address);
      bucket.tokens = Math.min(burst, bucket.tokens + (time - bucket.at) / refillMs);
      bucket.at = time;
      const allowed = bucket.tokens >= 1;
      if (allowed) bucket.tokens -= 1;
      // Kept in the order of last use: the first is the one unheard of for longest.
      buckets.set(address, bucket);
      if (buckets.size > MAX_ADDRESSES) {
        const oldest = buckets.keys().next().value;
        if (oldest !== undefined) buckets.delete(oldest);
      }
      return allowed;
    },
  };
}
