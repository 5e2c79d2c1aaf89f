import { createHash } from 'node:crypto';

/** What a handler answers; the server writes it. Keeping handlers pure makes them easy to test. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
  /** Sent without the CORS headers: an answer that holds a secret no other site may read. */
  noCors?: true;
}

export function jsonReply(status: number, value: unknown): Reply {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(value),
  };
}

export function textReply(status: number, body: string, contentType = 'text/plain'): Reply {
  return { status, headers: { 'content-type': `${contentType}; charset=utf-8` }, body };
}

export function notFound(): Reply {
  return textReply(404, 'Not found');
}

/** Media never changes for a given URL, so browsers may keep it; the ETag allows revalidation. */
export function cacheableReply(body: string | Buffer, contentType: string): Reply {
  const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
  return {
    status: 200,
    headers: {
      'content-type': contentType,
      'cache-control': 'public, max-age=86400',
      etag,
    },
    body,
  };
}

/** HTML text and attribute escaping for labels and echoed query values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
