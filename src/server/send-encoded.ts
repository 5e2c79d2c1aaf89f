/**
 * Encoding negotiation, written once: an answer's body is sent compressed as the request's
 * Accept-Encoding allows (brotli, then gzip), off the event loop (src/server/pages.ts `Encoded`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Encoded, pickEncoding } from './pages';

/** Smaller answers are sent as they are: compressing them saves less than its own cost. */
const COMPRESS_MIN_BYTES = 1024;

interface SendOptions {
  /** Below this many bytes the body is sent as it is (0: always compressed when accepted). */
  minBytes?: number;
  /** The Vary header: what else than the encoding the answer depends on. */
  vary?: string;
  /** The body's compressed forms when they are kept (the page cache's). */
  encoded?: Encoded | undefined;
}

export async function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
  { minBytes = COMPRESS_MIN_BYTES, vary = 'accept-encoding', encoded }: SendOptions = {},
): Promise<FastifyReply> {
  const encoding =
    body.length < minBytes ? 'identity' : pickEncoding(request.headers['accept-encoding']);
  reply.header('vary', vary);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(await (encoded ?? new Encoded(body)).body(encoding));
}
