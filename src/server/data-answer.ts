/**
 * What the `/_data/*` answers share: their query's schemas, checked by Fastify before a handler
 * runs, the language check among them, written once; a refusal said in JSON; and the answer,
 * compressed as pages are.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sendEncoded } from './send-encoded';

/** Why each query parameter was refused, as the browser's and the operators' tools read it. */
const QUERY_RULES = {
  path: 'query "path" must be a path starting with /',
  lang: 'query "lang" must be fr or en',
  lists: 'query "lists" must name billet and/or gagnant, comma-separated',
} as const;

type Param = keyof typeof QUERY_RULES;

/** `?lang=fr` or `?lang=en`, given once. */
export const LANG = { type: 'string', enum: ['fr', 'en'] } as const;

/** The querystring schema of a data answer that reads `params`, each required but `optional`. */
export function querySchema(params: Partial<Record<Param, object>>, optional: Param[] = []) {
  return {
    querystring: {
      type: 'object',
      properties: params,
      required: Object.keys(params).filter((name) => !optional.includes(name as Param)),
    },
  } as const;
}

export const LANG_QUERY = querySchema({ lang: LANG });

/** A /_data/* request the site cannot answer: said in JSON, kept by no cache. */
export const dataError = (reply: FastifyReply, param: Param) =>
  reply.code(400).header('cache-control', 'no-store').send({ error: QUERY_RULES[param] });

/** The parameter a schema error is about: the missing one, or the one that failed. */
function paramOf(error: FastifyError): Param | undefined {
  const first = error.validation?.[0];
  const missing = (first?.params as { missingProperty?: unknown } | undefined)?.missingProperty;
  const name = typeof missing === 'string' ? missing : first?.instancePath.slice(1);
  return name !== undefined && Object.hasOwn(QUERY_RULES, name) ? (name as Param) : undefined;
}

/**
 * The error handler of the data answers: a query its schema refuses is a 400 saying which
 * parameter and what it must be; anything else goes on to the site's (src/server/plugins/errors.ts).
 */
export async function onBadQuery(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const param = error.validationContext === 'querystring' ? paramOf(error) : undefined;
  if (param === undefined) throw error;
  return dataError(reply, param);
}

/**
 * A JSON answer of /_data/*, compressed off the event loop as pages are when the browser
 * accepts it (a view's model is several times its page's compressed HTML otherwise).
 */
export function sendData(
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  return sendEncoded(request, reply, Buffer.from(JSON.stringify(body)));
}
