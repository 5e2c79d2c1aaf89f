/**
 * The header and footer alone on other systems' pages (CORS: public content, no credentials):
 * `/_data/frame`, the loader script, and in development or on the embedded defaults a demo page.
 */
import type { FastifyInstance } from 'fastify';
import {
  ANSWER_FORMAT,
  FRAME_ENDPOINT,
  FRAME_SCRIPT_PATH,
  type FrameData,
  type Versioned,
} from '../../app/state';
import type { Locale } from '../../domain/locale';
import { LANG_QUERY, onBadQuery, sendData } from '../data-answer';
import { frameHostPage, frameLoader } from '../frame';
import { siteFor } from '../page-render';

export default function frames(app: FastifyInstance): void {
  app.setErrorHandler(onBadQuery);

  app.get<{ Querystring: { lang: Locale } }>(
    FRAME_ENDPOINT,
    { schema: LANG_QUERY },
    async (request, reply) => {
      const { lang } = request.query;
      const logicalDate = app.clock.current();
      const data: Versioned<FrameData> = {
        format: ANSWER_FORMAT,
        config: app.publicConfig,
        logicalDate,
        site: await siteFor(request, lang, { logicalDate }),
      };
      return sendData(
        request,
        reply.header('access-control-allow-origin', '*').header('cache-control', 'no-store'),
        data,
      );
    },
  );

  app.get(FRAME_SCRIPT_PATH, async (_request, reply) =>
    reply
      .header('access-control-allow-origin', '*')
      .header('cache-control', 'public, max-age=300')
      .type('text/javascript; charset=utf-8')
      .send(frameLoader(await app.renderer.getFrameAssets())),
  );

  // Never in a real deployment (a CMS_ORIGIN set), where it is an unknown page like any other.
  if (app.renderer.dev || !app.siteConfig.cmsOrigin) {
    app.get('/demo/frame-host.html', async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(frameHostPage()),
    );
  }
}
