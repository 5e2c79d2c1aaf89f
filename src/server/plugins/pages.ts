/**
 * The pages: every GET no other route answers reaches this catch-all (Fastify's not-found
 * handler), is sent to its one spelling, then answered from the page cache or rendered
 * (src/server/page-render.ts), with more of a list when a "show more" link asks for it
 * (docs/decisions/0078). A missing file is a 404; other methods are refused.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canonicalPath, pageTarget } from '../../domain/routes';
import { acceptsCount, readListCount } from '../../domain/show-more';
import { lookUpPage, pageKey, producePage, sendPage, type Found } from '../page-render';
import { pathOf, splitTarget, withQuery } from '../request-target';
import { isAssetPath } from '../seo';
import { refuseMethod } from './errors';

/** A missing file, or an address no page stands for: a short 404 nothing keeps. */
export const notFound = (reply: FastifyReply) =>
  reply.code(404).header('cache-control', 'no-store').type('text/plain').send('Not found');

async function renderPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const [path, query] = splitTarget(request.url);
  // Every other spelling of a page goes to its one path before any render or cache entry
  // (docs/security.md "One spelling per page"); nginx in front does not keep the redirect.
  const canonical = canonicalPath(path);
  if (canonical !== path) {
    return reply
      .header('cache-control', 'public, max-age=3600')
      .header('x-accel-expires', '0')
      .redirect(withQuery(canonical, query), 301);
  }
  const page = await findPage(request, path, query);
  return sendPage(request, reply, page.found, {
    shareable: page.shareable,
    type: 'text/html; charset=utf-8',
    proxyKeeps: page.proxyKeeps,
  });
}

/**
 * The page a canonical path and its query stand for, from the page cache (made if it is not
 * there); the page's hydration state beside it is found the same way (./state.ts).
 * `proxyKeeps: false`: the query asks for something the page does not show.
 */
export async function findPage(
  request: FastifyRequest,
  path: string,
  query: string | undefined,
): Promise<{ found: Found; shareable: boolean; proxyKeeps: boolean }> {
  // A shared page is the same whatever its query (the browser reads `?lot=` itself) but a list's
  // "show more" count: one render and one cache entry per path, so that made-up queries neither
  // go round the cache nor fill it. The key is the path alone: nothing in the page comes from
  // the request's host; an error page is made in the language its query names (pageTarget).
  const { key, render, shareable, internetExplorer } = pageKey(
    request,
    pageTarget(path, query),
    'page',
  );
  const produce = () => producePage(request, internetExplorer, render);
  const { wanted, named } = readListCount(path, query);
  const page = await lookUpPage(request, key, produce);
  if (!named) return { found: page, shareable, proxyKeeps: true };
  // But the count of a "show more" link (docs/decisions/0078): checked against the lists of the
  // page as it stands, so that only the counts its links ask for are made and kept, each once.
  if (wanted && acceptsCount(wanted, page.response.moreTotals?.[wanted.list])) {
    const more = pageKey(request, path, 'page', wanted);
    const found = await lookUpPage(request, more.key, () =>
      producePage(request, internetExplorer, render, undefined, wanted),
    );
    return { found, shareable, proxyKeeps: true };
  }
  // Anything else is ignored like any other query, and not kept by nginx under it.
  return { found: page, shareable, proxyKeeps: false };
}

function pages(app: FastifyInstance): void {
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuseMethod(reply);
    // A missing file is a 404, not a page (a redirect would hide the broken reference).
    if (isAssetPath(pathOf(request.url))) {
      return notFound(reply);
    }
    return renderPage(request, reply);
  });
}

export default fp(pages, { name: 'pages', dependencies: ['services'] });
