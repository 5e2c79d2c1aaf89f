/**
 * `POST /_vitals`: one beacon per page view with its Core Web Vitals (docs/operations.md "Speed in
 * visitors' browsers", docs/security.md "Beacons"). A beacon is checked whole: its page type, its
 * navigation kind and each metric's name from fixed lists, each value a number within its bound
 * and what a browser can measure, and its page view's token, given by `POST /_vitals/view` and
 * taken once (docs/decisions/0087-beacons-that-cannot-lie.md). It then feeds one histogram per
 * metric (src/server/metrics.ts). Anything else is refused (400, or 413 past 512 bytes, or 429
 * past its address's share: src/server/rate-limit.ts) and counted by reason. Nothing a browser
 * sends is logged.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  implausible,
  NAVIGATION_KINDS,
  VIEW_TOKEN,
  VIEWS_PATH,
  VITAL_LIMITS,
  VITALS_BODY_LIMIT,
  VITALS_PAGE_TYPES,
  VITALS_PATH,
  type VitalsBeacon,
} from '../domain/web-vitals';
import { answer, refuseReads } from './browser-errors';
import { pathOf } from './request-target';
import type { ViewOutcome, VitalsRefusal } from './metrics';
import type { PageViews } from './page-views';
import { BEACON_LIMIT, createRateLimit, VIEW_LIMIT, type RateLimit } from './rate-limit';

const within = (limit: number) => z.number().min(0).max(limit).optional();

const beaconSchema = z.strictObject({
  view: z.string().regex(VIEW_TOKEN),
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
  /** A page view's token given, or refused to its address, or not kept (Redis away). */
  view(outcome: ViewOutcome): void;
}

interface VitalsRoutes {
  views: PageViews;
  observer: VitalsObserver | undefined;
  /** Beacons per address, checked before a body is read. */
  beacons?: RateLimit;
  /** Page views per address: what one address weighs in the histograms at most. */
  viewsPerAddress?: RateLimit;
}

/** What a beacon that reads as one is worth: refused with its reason, or accepted. */
async function judge(beacon: VitalsBeacon, views: PageViews): Promise<VitalsRefusal | 'accepted'> {
  if (implausible(beacon) !== undefined) return 'implausible';
  const taken = await views.take(beacon.view);
  if (taken === undefined) return 'unverified';
  return taken ? 'accepted' : 'unknown-view';
}

export function registerWebVitals(
  app: FastifyInstance,
  {
    views,
    observer,
    beacons = createRateLimit(BEACON_LIMIT),
    viewsPerAddress = createRateLimit(VIEW_LIMIT),
  }: VitalsRoutes,
): PromiseLike<unknown> {
  return app.register((scope, _options, registered) => {
    refuseReads(scope, VITALS_PATH);
    refuseReads(scope, VIEWS_PATH);
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
      if (request.method !== 'POST') return;
      const limit = pathOf(request.url) === VIEWS_PATH ? viewsPerAddress : beacons;
      if (limit.take(request.ip)) return;
      if (limit === beacons) observer?.refused('rate-limited');
      else observer?.view('rate-limited');
      return answer(reply.header('retry-after', '60'), 429);
    });
    // A token for a page view: never stored by any cache, and worth one beacon.
    scope.post(VIEWS_PATH, { bodyLimit: VITALS_BODY_LIMIT }, async (_request, reply) => {
      const token = await views.issue();
      observer?.view(token === undefined ? 'unavailable' : 'issued');
      if (token === undefined) return answer(reply, 503);
      return reply.header('cache-control', 'no-store').type('text/plain').send(token);
    });
    scope.post(VITALS_PATH, { bodyLimit: VITALS_BODY_LIMIT }, async (request, reply) => {
      const beacon = readBeacon(request.body);
      if (!beacon) {
        observer?.refused('malformed');
        return answer(reply, 400);
      }
      const verdict = await judge(beacon, views);
      if (verdict !== 'accepted') {
        observer?.refused(verdict);
        return answer(reply, verdict === 'unverified' ? 503 : 400);
      }
      observer?.accepted(beacon);
      return answer(reply, 204);
    });
    registered();
  });
}
