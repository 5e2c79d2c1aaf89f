/**
 * A request target as a log line may carry it (docs/operations.md "Access log", docs/preview.md
 * "Never logged, never handed on"). Targets are chosen by whoever sends the request, and a
 * preview's query holds its token: every line that names a request's URL names it through this.
 */
import { isPreviewTarget } from './preview';

/** Longer targets are cut: a line stays a line. */
const MAX_CHARS = 200;

const cut = (text: string): string =>
  text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}…` : text;

/** Whether a query may be logged: it decodes, and names no token anywhere. */
function harmlessQuery(query: string): boolean {
  try {
    return !/token/i.test(decodeURIComponent(query.replace(/\+/g, ' ')));
  } catch {
    return false;
  }
}

/**
 * `url` (path and query, as the request line has it) for a log line: the path, cut at 200
 * characters, and the query only when it can tell nothing secret. A preview's query is never
 * kept (its `?token=`), nor a query that names a token anywhere or does not decode.
 */
export function loggableUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return cut(url);
  const path = url.slice(0, mark);
  if (isPreviewTarget(path) || !harmlessQuery(url.slice(mark + 1))) return cut(path);
  return cut(url);
}
