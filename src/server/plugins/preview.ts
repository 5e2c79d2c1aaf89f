/**
 * The editors' preview (docs/preview.md) and edit mode (docs/editing.md): `/_preview/<path>`
 * for whoever holds the token, drawn from the author instance at any logical date, and the
 * bar's style sheet. Only when the preview is configured.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContentClient } from '../../content/client';
import { isLocale } from '../../domain/locale';
import { isSportsPath } from '../../domain/routes';
import { withAuthorVersion } from '../author-version';
import { missingAnnotationsNotice, pageOfNode, withEditMode } from '../edit-mode';
import { loggableUrl } from '../log-url';
import { requestLocale } from '../loader';
import { producePage } from '../page-render';
import type { PageResponse } from '../pages';
import {
  nodeEntry,
  PREVIEW_PREFIX,
  previewDate,
  previewLocation,
  siteEditLocation,
  tokenMatches,
  tokenOf,
  type PreviewRequest,
} from '../preview';
import {
  PREVIEW_BAR_CSS,
  PREVIEW_BAR_STYLES,
  renderPreviewBar,
  withPreviewBar,
} from '../preview-bar';
import { askedPreview } from '../preview-request';
import { pathOf, storedLocale } from '../request-target';
import { sendEncoded } from '../send-encoded';

const TEXT = 'text/plain; charset=utf-8';

/** A preview page, compressed as the browser accepts whatever its size. */
const sendPage = (request: FastifyRequest, reply: FastifyReply, html: string) =>
  sendEncoded(request, reply, Buffer.from(html), {
    minBytes: 0,
    vary: 'accept-encoding, authorization',
  });

/** The rendered page, with the bar, or in edit mode with the editor bridge. */
async function sendPreview(
  request: FastifyRequest,
  reply: FastifyReply,
  asked: PreviewRequest,
  logicalDate: string,
  response: PageResponse,
) {
  const { siteConfig, origins } = request.server;
  reply.code(response.status).type('text/html; charset=utf-8');
  if (!response.body) return reply.send();
  const previewOrigin = siteConfig.preview?.cmsOrigin ?? origins.cms;
  if (asked.edit) {
    const { editorBridge } = await request.server.renderer.getAssets();
    const author = new URL(previewOrigin).origin;
    const locale = requestLocale(asked.target, storedLocale(request));
    const notice = response.editMissing && missingAnnotationsNotice(locale, response.editMissing);
    const html = withEditMode(response.body.toString(), editorBridge, author, notice || '');
    return sendPage(request, reply, html);
  }
  const bar = renderPreviewBar({
    locale: requestLocale(asked.target, storedLocale(request)),
    origin: previewOrigin,
    target: asked.target,
    noWidget: isSportsPath(pathOf(asked.target)),
    logicalDate,
    queryToken: asked.queryToken,
    outOfWindow: response.outOfWindow,
    diagnostics: response.diagnostics ?? [],
  });
  return sendPage(request, reply, withPreviewBar(response.body.toString(), bar));
}

/** `/_preview/node/<lang><node path>`: where the Pages app's page is on the site, or a 404. */
async function redirectToNode(
  request: FastifyRequest,
  reply: FastifyReply,
  content: ContentClient,
  node: { lang: string; nodePath: string },
  asked: PreviewRequest,
  siteNodePath: string,
) {
  // The site node is no page: its header and footer are edited around the home.
  if (isLocale(node.lang) && node.nodePath === siteNodePath)
    return reply.redirect(siteEditLocation(node.lang, asked), 302);
  const found = isLocale(node.lang)
    ? await pageOfNode(content, node.lang, node.nodePath, (m) => request.log.warn(m))
    : null;
  if (!found) return reply.code(404).type(TEXT).send('No page has this node path.\n');
  return reply.redirect(previewLocation(found, asked), 302);
}

async function previewPage(request: FastifyRequest, reply: FastifyReply, token: string) {
  // Never kept, never indexed, whatever the answer (docs/preview.md).
  reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex, nofollow');
  const asked = askedPreview(request);
  const content = request.server.previewContent;
  if (!asked || !content) return reply.code(404).type(TEXT).send('Not found\n');
  if (!tokenMatches(token, tokenOf(request.headers.authorization, asked.queryToken))) {
    request.log.warn(`preview ${loggableUrl(request.url)}: no valid token, answered 401`);
    return reply
      .code(401)
      .header('www-authenticate', 'Bearer realm="preview"')
      .type(TEXT)
      .send('The preview needs its token: ?token= or Authorization: Bearer.\n');
  }
  const date = previewDate(asked.date);
  if (!date.ok) return reply.code(400).type(TEXT).send(`${date.message}\n`);
  const logicalDate = date.date ?? request.server.clock.current();
  // Every call to the author instance for this request asks for the version previewed, if any.
  const versioned = <T>(produce: () => Promise<T>) =>
    withAuthorVersion(asked.own, (m) => request.log.warn(m), produce);
  // The Pages app names a page by its node path (the templates' routeTemplate).
  const node = nodeEntry(asked.target);
  if (node) {
    const siteNode = `/${request.server.siteConfig.cmsApp}`;
    return versioned(() => redirectToNode(request, reply, content, node, asked, siteNode));
  }
  const response = await versioned(() =>
    producePage(request, false, asked.target, {
      content,
      logicalDate,
      edit: asked.edit,
      editSite: asked.editSite,
    }),
  );
  if (response.location) {
    return reply.redirect(previewLocation(response.location, asked), response.status);
  }
  return sendPreview(request, reply, asked, logicalDate, response);
}

export default function preview(app: FastifyInstance): void {
  const token = app.siteConfig.preview?.token;
  if (!token || !app.previewContent) return;
  app.get(PREVIEW_BAR_STYLES, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=300')
      .type('text/css; charset=utf-8')
      .send(PREVIEW_BAR_CSS),
  );
  const handler = (request: FastifyRequest, reply: FastifyReply) =>
    previewPage(request, reply, token);
  app.get(PREVIEW_PREFIX, handler);
  app.get(`${PREVIEW_PREFIX}/*`, handler);
}
