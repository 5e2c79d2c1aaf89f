/**
 * What Node's HTTP server answers before Fastify sees a request: a request line or headers that
 * do not parse (400), headers over Node's 16 KiB limit (431), a request that takes too long to
 * arrive (408). Written on the socket as Node's own answer is, but with the headers of every
 * other answer (docs/security.md "Headers on every answer").
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

const STATUS_OF_CODE: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/** The raw HTTP answer to a request Node refused, `headers` being the site's security headers. */
function clientErrorAnswer(code: string | undefined, headers: Record<string, string>) {
  const status = (code === undefined ? undefined : STATUS_OF_CODE[code]) ?? 400;
  const reason = STATUS_CODES[status] ?? 'Bad Request';
  const body = `${reason}\n`;
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    // No path is known here: what the site's own pages get.
    'cross-origin-resource-policy: same-origin',
    'cache-control: no-store',
    'content-type: text/plain; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
  ];
  return { status, raw: `${lines.join('\r\n')}\r\n\r\n${body}` };
}

/** Node's `clientError`: answers, then closes the connection (what Node itself does). */
export function answerClientError(
  error: Error & { code?: string },
  socket: Socket,
  headers: Record<string, string>,
): number | undefined {
  if (error.code === 'ECONNRESET' || socket.destroyed) return undefined;
  // As Node's own handler: nothing is written into an answer already under way on the socket.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })
    ._httpMessage;
  let status: number | undefined;
  if (socket.writable && !inFlight?.headersSent) {
    const answer = clientErrorAnswer(error.code, headers);
    socket.write(answer.raw);
    status = answer.status;
  }
  socket.destroy();
  return status;
}
