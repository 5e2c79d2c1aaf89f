/**
 * `POST /_vitals`: one beacon per page view with its Core Web Vitals (docs/operations.md "Speed in
 * visitors' browsers", docs/security.md "Beacons"). A beacon is checked whole: its page type, its
 * navigation kind and each metric's name from fixed lists, each value a number within its bound.
 * It then feeds one histogram per metric (src/server/metrics.ts). Anything else is refused (400,
 * or 413 past 512 bytes, or 429 past its address's share: src/server/rate-limit.ts) and counted
 * by reason. Nothing a browser sends is logged.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  NAVIGATION_KINDS,
  VITAL_LIMITS,
  VITALS_BODY_LIMIT,
  VITALS_PAGE_TYPES,
  VITALS_PATH,
  type VitalsBeacon,
} from '../domain/web-vitals';
import { answer, refuseReads } from './browser-errors';
import type { VitalsRefusal } from './metrics';
import { BEACON_LIMIT, createRateLimit, type RateLimit } from './rate-limit';

const within = (limit: number) => z.number().min(0).max(limit).optional();

const beaconSchema = z.strictObject({
  page: z.enum(VITALS_PAGE_TYPES),
  navigation: z.enum(NAVIGATION_KINDS),
  metrics: z
    .strictObject({
      LCP: within(VITAL_LIMITS.LCP),
      INP: within(VITAL_LIMITS.INP),
      CLS: within(VITAL_LIMITS.CLS),
      FCP: within(VITAL_LIMITS.FCP),
      TTFB: within(VITAL_LIMITS.TTFB),
    })
    .refine((metrics) => Object.keys(metrics).length > 0),
});

/** The beacon a body holds, or undefined: not JSON, or not of the beacon's shape and bounds. */
function readBeacon(body: unknown): VitalsBeacon | undefined {
  if (typeof body !== 'string') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  const parsed = beaconSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** What the route tells of each beacon (the metrics, when they are on). */
interface VitalsObserver {
  accepted(beacon: VitalsBeacon): void;
  refused(reason: VitalsRefusal): void;
}

export function registerWebVitals(
  app: FastifyInstance,
  observer: VitalsObserver | undefined,
  limit: RateLimit = createRateLimit(BEACON_LIMIT),
): PromiseLike<unknown> {
  return app.register((scope, _options, registered) => {
    refuseReads(scope, VITALS_PATH);
    // Every body is read here as text, whatever type it claims (a beacon's Blob says JSON, a
    // string says text/plain), so that each refusal is this route's, and counted.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: VITALS_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    // A body over the limit (from its Content-Length, or as it streams) or that does not read;
    // no line: a flood of them would be a flood of lines.
    scope.setErrorHandler(async (error, _request, reply) => {
      const status = (error as { statusCode?: unknown }).statusCode;
      if (typeof status !== 'number' || status < 400 || status > 499) throw error;
      const reason: VitalsRefusal = status === 413 ? 'too-large' : 'malformed';
      observer?.refused(reason);
      return answer(reply, reason === 'too-large' ? 413 : 400);
    });
    // Before the body is read: one client's flood costs no parsing and leaves the others theirs.
    scope.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'POST' || limit.take(request.ip)) return;
      observer?.refused('rate-limited');
      return answer(reply.header('retry-after', '60'), 429);
    });
    scope.post(VITALS_PATH, { bodyLimit: VITALS_BODY_LIMIT }, async (request, reply) => {
      const beacon = readBeacon(request.body);
      if (!beacon) {
        observer?.refused('malformed');
        return answer(reply, 400);
      }
      observer?.accepted(beacon);
      return answer(reply, 204);
    });
    registered();
  });
}
