/** `/robots.txt` and `/sitemap.xml` (src/server/seo.ts writes them). */
import type { FastifyInstance } from 'fastify';
import { parseLogicalDate } from '../../domain/dates';
import { PAGES_TAG, pageTag, tagHeaderValue } from '../cdn-tags';
import { cacheHeaders } from '../page-render';
import { allPages, robotsTxt, sitemapXml } from '../seo';

const SITEMAP_TAGS = { broad: [pageTag('/sitemap.xml'), PAGES_TAG], items: [] };

export default function seo(app: FastifyInstance): void {
  const origin = app.siteConfig.publicOrigin;

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(origin)),
  );

  app.get('/sitemap.xml', async (request, reply) => {
    const pages = await allPages(app.content);
    if (!pages) {
      request.log.warn('sitemap.xml: the page listing failed');
      return reply.code(503).header('cache-control', 'no-store').header('retry-after', '60').send();
    }
    const now = parseLogicalDate(app.clock.current(), app.siteConfig.timeZone) ?? Date.now();
    cacheHeaders(reply, 'shared');
    // Purged with the page listing (src/server/cdn-tags.ts).
    const tagHeader = app.siteConfig.cdn.tagHeader;
    if (tagHeader) reply.header(tagHeader, tagHeaderValue(SITEMAP_TAGS, tagHeader));
    return reply.type('application/xml; charset=utf-8').send(sitemapXml(pages, origin, now));
  });
}
