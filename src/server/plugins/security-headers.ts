/**
 * The security headers of every answer, and its request id (docs/security.md); a preview's own
 * policy, whatever its status, the preview on or off (docs/preview.md "Never logged, never
 * handed on").
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { askedPreview } from '../preview-request';
import { editCsp, isPreviewTarget, previewCsp } from '../preview';
import { pathOf } from '../request-target';
import {
  contentSecurityPolicy,
  crossOriginResourcePolicy,
  referrerPolicy,
  securityHeaders,
  strictTransportSecurity,
} from '../security';

type CspSources = Parameters<typeof contentSecurityPolicy>[0];

declare module 'fastify' {
  interface FastifyInstance {
    /** Sets an answer's security headers: for answers no onSend hook sees (src/server/app.ts). */
    secureReply(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  }
}

interface SiteSecurity {
  /** The headers every answer carries. */
  headers: Record<string, string>;
  /** What the site's Content-Security-Policy allows (the preview's is made from it). */
  cspSources: CspSources;
}

/** The site's headers, from its configuration and its build's inline entry. */
export function siteSecurity(config: Config, cspSources: CspSources): SiteSecurity {
  const headers = securityHeaders(
    contentSecurityPolicy(cspSources),
    strictTransportSecurity(config.publicOrigin, config.hsts),
  );
  return { headers, cspSources };
}

/**
 * A preview answer's own headers. A preview runs no third party's script (neither the betting
 * widget's nor the consent manager's origin is in its policy) and may be framed by the author instance; public pages never;
 * its URL holds the token, so no request it leads to names it as a referrer.
 */
function previewHeaders(app: FastifyInstance, cspSources: CspSources) {
  const preview = app.siteConfig.preview;
  const policy = preview && {
    csp: previewCsp(
      contentSecurityPolicy({ ...cspSources, scripts: [], connect: [] }),
      preview.frameAncestors,
    ),
    frameOptions: preview.frameAncestors.length === 0,
  };
  /** The author instance's origin: the only one an edit-mode page lets in (docs/editing.md). */
  const authorOrigin = new URL(preview?.cmsOrigin ?? app.origins.cms).origin;
  const editPolicy = policy && editCsp(policy.csp, authorOrigin);
  return (request: FastifyRequest, reply: FastifyReply): void => {
    if (!isPreviewTarget(request.url)) return;
    reply.header('referrer-policy', 'no-referrer');
    if (!policy || !editPolicy) return;
    if (askedPreview(request)?.edit) {
      // Framed by the Pages app, which runs the page editor in it (docs/editing.md).
      reply.header('content-security-policy', editPolicy);
      reply.removeHeader('x-frame-options');
      return;
    }
    reply.header('content-security-policy', policy.csp);
    // X-Frame-Options knows no list of origins; CSP's frame-ancestors says it all.
    if (!policy.frameOptions) reply.removeHeader('x-frame-options');
  };
}

function securityHeadersPlugin(app: FastifyInstance, security: SiteSecurity): void {
  const forPreview = previewHeaders(app, security.cspSources);
  app.decorate('secureReply', (request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(security.headers);
    reply.header('x-request-id', request.id);
    const path = pathOf(request.url);
    reply.header('cross-origin-resource-policy', crossOriginResourcePolicy(path));
    reply.header('referrer-policy', referrerPolicy(path));
    forPreview(request, reply);
    return reply;
  });
  app.addHook('onSend', async (request, reply) => {
    app.secureReply(request, reply);
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers', dependencies: ['services'] });
