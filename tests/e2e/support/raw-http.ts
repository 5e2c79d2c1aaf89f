/**
 * A plain HTTP GET for the proxy specs: exactly the headers given (a made-up `Host` included,
 * which fetch would not send) and uncompressed, so a body and its headers can be read as nginx
 * or the site sent them; a POST from a given loopback address (`postFrom`); and any bytes at all
 * as a request (`sendRaw`).
 */
import { request as httpRequest, type IncomingHttpHeaders, type RequestOptions } from 'node:http';
import { connect } from 'node:net';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request on its own connection, `body` sent if given; the answer read whole as text. */
function exchange(options: RequestOptions, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(options, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * POSTs `body` as JSON from `from`, a loopback address (Linux answers the whole 127.0.0.0/8), on a
 * connection of its own: so the proxy and the site tell clients apart by address.
 */
export function postFrom(
  origin: string,
  url: string,
  body: string,
  from: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const target = new URL(url, origin);
  return exchange(
    {
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'POST',
      localAddress: from,
      agent: false,
      headers: { 'content-type': 'application/json', ...headers },
    },
    body,
  );
}

export function get(
  origin: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const target = new URL(url, origin);
  return exchange({
    host: target.hostname,
    port: target.port,
    path: `${target.pathname}${target.search}`,
    headers: { 'accept-encoding': 'identity', ...headers },
  });
}

export interface RawAnswer {
  status: number;
  /** Every header line as sent, names in lower case, in order: a repeated header shows twice. */
  headers: [string, string][];
  body: string;
}

/**
 * Sends `request` byte for byte on a new connection (a malformed request, which no HTTP client
 * would send) and reads until the server closes it; `request` should ask for `Connection: close`.
 */
export function sendRaw(origin: string, request: string): Promise<RawAnswer> {
  const target = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(target.port), target.hostname);
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    // A server may reset a connection whose request it refused: what came before still counts.
    socket.on('error', (error) => (received ? undefined : reject(error)));
    socket.on('close', () => {
      const end = received.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = received.slice(0, end).split('\r\n');
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers: lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
        body: received.slice(end + 4),
      });
    });
    socket.write(request);
  });
}

/** The values of one header of a raw answer, in order. */
export const headerValues = (answer: RawAnswer, name: string): string[] =>
  answer.headers.filter(([n]) => n === name).map(([, value]) => value);
