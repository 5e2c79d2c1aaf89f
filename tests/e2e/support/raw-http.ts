/**
 * A plain HTTP GET for the proxy specs: exactly the headers given (a made-up `Host` included,
 * which fetch would not send) and uncompressed, so a body and its headers can be read as nginx
 * or the site sent them.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export function get(
  origin: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const target = new URL(url, origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        headers: { 'accept-encoding': 'identity', ...headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}
