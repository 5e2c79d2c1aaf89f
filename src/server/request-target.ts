/**
 * A request's target as every answer reads it, written once: its path and query, the query kept
 * on a redirect, and the language the visitor chose last (the `sgdLocale` cookie).
 */
import type { FastifyRequest } from 'fastify';
import { LOCALE_STORAGE_KEY } from '../domain/locale';

/** A request target's path and query (undefined: none). */
export function splitTarget(target: string): [string, string | undefined] {
  const at = target.indexOf('?');
  return at < 0 ? [target, undefined] : [target.slice(0, at), target.slice(at + 1)];
}

/** A request target's path, without its query. */
export const pathOf = (target: string): string => splitTarget(target)[0];

/** A path with a query kept from a request: whatever is not plain printable ASCII escaped. */
export const withQuery = (path: string, query: string | undefined): string =>
  query === undefined ? path : `${path}?${query.replace(/[^\x21-\x7e]/gu, encodeURIComponent)}`;

function cookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

/** The language the visitor chose last, as its cookie says (unchecked). */
export const storedLocale = (request: FastifyRequest): string | undefined =>
  cookie(request, LOCALE_STORAGE_KEY);
