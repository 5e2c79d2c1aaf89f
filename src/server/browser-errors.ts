/**
 * `POST /_errors`: what visitors' browsers say went wrong (docs/operations.md "Errors in
 * visitors' browsers", docs/security.md "Error reports"). Each report is one warning line and one
 * count of `client_errors_total{kind,block}`; nothing a browser sends reaches either but values
 * from fixed lists and a cleaned, short message. A small token bucket per address keeps one
 * client from flooding the log.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  BROWSER_ERROR_KINDS,
  BROWSER_ERRORS_PATH,
  cleanReportMessage,
  REPORT_PAGE_TYPES,
  type BrowserErrorKind,
} from '../domain/browser-errors';
import { isKnownKind } from '../content/schema/components';
import packageJson from '../../package.json';

/** A report is small: anything longer is refused (413) before it is read. */
const REPORT_BODY_LIMIT = 2048;

/** Per client address: a burst of this many reports, then one every REFILL_MS. */
const BUCKET_SIZE = 10;
const REFILL_MS = 6_000;
/** Addresses remembered at most: past it, the oldest are forgotten. */
const MAX_ADDRESSES = 10_000;

/** What the log and the metric name a build by. */
const RELEASE = packageJson.version;

const reportSchema = z.object({
  kind: z.enum(BROWSER_ERROR_KINDS),
  block: z.string().max(64),
  page: z.enum(REPORT_PAGE_TYPES),
  message: z.string().max(REPORT_BODY_LIMIT),
});

/** The block label: a known component kind, `none`, or `other` for anything else. */
function blockLabel(block: string): string {
  return block === 'none' || isKnownKind(block) ? block : 'other';
}

/** One token bucket per address, in memory: `take` says whether a report may go through. */
export function createRateLimit(now: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(address: string): boolean {
      const time = now();
      const bucket = buckets.get(address) ?? { tokens: BUCKET_SIZE, at: time };
      buckets.delete(address);
      bucket.tokens = Math.min(BUCKET_SIZE, bucket.tokens + (time - bucket.at) / REFILL_MS);
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

/** An answer without a body that nothing keeps. */
export const answer = (reply: FastifyReply, status: number) =>
  reply.code(status).header('cache-control', 'no-store').send();

/** A beacon's path is only posted to: a GET or HEAD there is told so (405, `Allow: POST`). */
export function refuseReads(scope: FastifyInstance, url: string): void {
  scope.route({
    method: ['GET', 'HEAD'],
    url,
    handler: async (_request, reply) =>
      reply
        .code(405)
        .header('allow', 'POST')
        .header('cache-control', 'no-store')
        .send({ error: 'method not allowed' }),
  });
}

export function registerBrowserErrors(
  app: FastifyInstance,
  counted: ((kind: BrowserErrorKind, block: string) => void) | undefined,
  limit = createRateLimit(),
): PromiseLike<unknown> {
  return app.register((scope, _options, registered) => {
    refuseReads(scope, BROWSER_ERRORS_PATH);
    scope.post(
      BROWSER_ERRORS_PATH,
      {
        bodyLimit: REPORT_BODY_LIMIT,
        // Before the body is read: a flood costs no parsing and no line.
        onRequest: async (request, reply) => {
          if (!limit.take(request.ip)) return answer(reply.header('retry-after', '60'), 429);
        },
      },
      async (request, reply) => {
        const parsed = reportSchema.safeParse(request.body);
        if (!parsed.success) return answer(reply, 400);
        const { kind, page } = parsed.data;
        const block = blockLabel(parsed.data.block);
        const message = cleanReportMessage(parsed.data.message);
        counted?.(kind, block);
        request.log.warn(
          { browserError: { kind, block, page, release: RELEASE, message } },
          `browser error (${kind}, block ${block}, page ${page}, release ${RELEASE}): ${message}`,
        );
        return answer(reply, 204);
      },
    );
    registered();
  });
}
