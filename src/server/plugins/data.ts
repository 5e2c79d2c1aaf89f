/**
 * `/_data/view`, `/_data/site`, `/_data/lots` and `/_data/chronicles`: what the browser reads
 * after the first page (docs/architecture.md "Answers the browser reads"). Their queries are
 * checked by their schemas (src/server/data-answer.ts); `/_data/frame` is the frame's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ANSWER_FORMAT,
  CHRONICLES_ENDPOINT,
  DATA_ENDPOINT,
  LOTS_ENDPOINT,
  SITE_ENDPOINT,
  type LoadResult,
  type SiteState,
  type Versioned,
} from '../../app/state';
import { isLotCaller } from '../../domain/lots';
import type { Locale } from '../../domain/locale';
import { canonicalPath, pageTarget } from '../../domain/routes';
import { dataError, LANG, LANG_QUERY, onBadQuery, querySchema, sendData } from '../data-answer';
import { loadChroniclesForPage, loadLotsForPage } from '../loader';
import { changesAtOf, loadFor, pageKey, serveCached, siteFor } from '../page-render';
import { cacheabilityOf, etagOf, type PageResponse } from '../pages';
import { viewTags } from '../cdn-tags';
import { splitTarget, withQuery } from '../request-target';

/** A view answer: what `loadView` gives for `path`, as the browser reads it. */
async function makeViewAnswer(request: FastifyRequest, path: string): Promise<PageResponse> {
  const reading = { logicalDate: request.server.clock.current(), changes: [] as number[] };
  const result = await loadFor(request, path, reading);
  const answer: Versioned<LoadResult> = { format: ANSWER_FORMAT, ...result };
  const body = Buffer.from(JSON.stringify(answer));
  return {
    status: 200,
    cacheability: cacheabilityOf(path, result, { internetExplorer: false }),
    body,
    etag: etagOf(body),
    changesAt: changesAtOf(request.server.siteConfig, reading),
    // Tagged as its page is, but for the site node, which it does not hold (/_data/site).
    ...(result.type === 'view' ? { tags: viewTags(result.state, path, false) } : {}),
  };
}

/** The loader's context for an answer that depends on the language asked, not on the visitor. */
const dataContext = (request: FastifyRequest) => ({
  content: request.server.content,
  logicalDate: request.server.clock.current(),
  timeZone: request.server.siteConfig.timeZone,
  storedLocale: undefined,
  videoApiBase: request.server.origins.videoApi,
  log: request.log,
});

type LangQuery = { Querystring: { lang: Locale } };

export default function data(app: FastifyInstance): void {
  app.setErrorHandler(onBadQuery);

  // A client-side navigation's view: cached as the page it describes is (docs/decisions/0062).
  app.get<{ Querystring: { path: string } }>(
    DATA_ENDPOINT,
    { schema: querySchema({ path: { type: 'string', pattern: '^/(?!/)' } }) },
    async (request, reply) => {
      const { path: asked } = request.query;
      const [path, query] = splitTarget(asked);
      const canonical = canonicalPath(path);
      if (canonical !== path) {
        // Another spelling of a page: the browser replaces its address, nothing is loaded.
        const moved: Versioned<LoadResult> = {
          format: ANSWER_FORMAT,
          type: 'redirect',
          status: 301,
          location: withQuery(canonical, query),
        };
        return sendData(request, reply.header('cache-control', 'no-store'), moved);
      }
      const { key, render, shareable } = pageKey(request, pageTarget(path, query), 'view');
      return serveCached(request, reply, {
        key,
        shareable,
        produce: () => makeViewAnswer(request, render),
        type: 'application/json; charset=utf-8',
      });
    },
  );

  // The chronique cards past a chroniques list's first block (docs/decisions/0041).
  app.get<LangQuery>(CHRONICLES_ENDPOINT, { schema: LANG_QUERY }, async (request, reply) => {
    const { lang } = request.query;
    const chronicles = await loadChroniclesForPage(lang, dataContext(request));
    const answer = { format: ANSWER_FORMAT, chronicles };
    return sendData(request, reply.header('cache-control', 'no-store'), answer);
  });

  app.get<LangQuery>(SITE_ENDPOINT, { schema: LANG_QUERY }, async (request, reply) => {
    const { lang } = request.query;
    const site = await siteFor(request, lang);
    const answer: Versioned<SiteState> = { format: ANSWER_FORMAT, ...site };
    return sendData(request, reply.header('cache-control', 'no-store'), answer);
  });

  // The lots a page left out after its lists' first blocks (`lists=billet,gagnant`), or with
  // no list named those a chronique's deep link may open (docs/decisions/0041).
  app.get<{ Querystring: { lang: Locale; lists?: string } }>(
    LOTS_ENDPOINT,
    { schema: querySchema({ lang: LANG, lists: { type: 'string' } }, ['lists']) },
    async (request, reply) => {
      const { lang, lists } = request.query;
      const named = lists === undefined ? [] : lists.split(',');
      if (!named.every(isLotCaller)) return dataError(reply, 'lists');
      const lots = await loadLotsForPage(lang, named, dataContext(request));
      const answer = { format: ANSWER_FORMAT, lots };
      return sendData(request, reply.header('cache-control', 'no-store'), answer);
    },
  );
}
