/**
 * `POST /_errors`: what visitors' browsers say went wrong (docs/operations.md "Errors in
 * visitors' browsers", docs/security.md "Error reports"). Each report is one warning line and one
 * count of `client_errors_total{kind,block}`; nothing a browser sends reaches either but values
 * from fixed lists and a cleaned, short message. A small token bucket per visitor address keeps
 * one client from flooding the log without silencing the others (src/server/rate-limit.ts), and
 * every refusal is counted by its reason (`client_errors_refused_total{reason}`).
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
import { createRateLimit, REPORT_LIMIT, type RateLimit } from './rate-limit';

/** A report is small: anything longer is refused (413) before it is read. */
const REPORT_BODY_LIMIT = 2048;

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

/** Why a report was refused: sent too often, not a report, or over its size. */
export type ReportRefusal = 'rate-limited' | 'malformed' | 'too-large';

/** What the route tells of each report (the metrics, when they are on). */
interface ReportObserver {
  counted(kind: BrowserErrorKind, block: string): void;
  refused(reason: ReportRefusal): void;
}

export function registerBrowserErrors(
  app: FastifyInstance,
  observer: ReportObserver | undefined,
  limit: RateLimit = createRateLimit(REPORT_LIMIT),
): PromiseLike<unknown> {
  return app.register((scope, _options, registered) => {
    refuseReads(scope, BROWSER_ERRORS_PATH);
    // A body over the limit or that does not parse: counted, no line (a flood of them would be a
    // flood of lines).
    scope.setErrorHandler(async (error, _request, reply) => {
      const status = (error as { statusCode?: unknown }).statusCode;
      if (typeof status !== 'number' || status < 400 || status > 499) throw error;
      const reason: ReportRefusal = status === 413 ? 'too-large' : 'malformed';
      observer?.refused(reason);
      return answer(reply, status === 413 ? 413 : 400);
    });
    scope.post(
      BROWSER_ERRORS_PATH,
      {
        bodyLimit: REPORT_BODY_LIMIT,
        // Before the body is read: a flood costs no parsing and no line, only a count.
        onRequest: async (request, reply) => {
          if (limit.take(request.ip)) return;
          observer?.refused('rate-limited');
          return answer(reply.header('retry-after', '60'), 429);
        },
      },
      async (request, reply) => {
        const parsed = reportSchema.safeParse(request.body);
        if (!parsed.success) {
          observer?.refused('malformed');
          return answer(reply, 400);
        }
        const { kind, page } = parsed.data;
        const block = blockLabel(parsed.data.block);
        const message = cleanReportMessage(parsed.data.message);
        observer?.counted(kind, block);
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
