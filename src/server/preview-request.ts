/** A request's reading as the preview's (src/server/preview.ts), made once per request. */
import type { FastifyRequest } from 'fastify';
import { previewRequest, type PreviewRequest } from './preview';

/** The preview's reading of the request's URL, null when it is not the preview's. */
export function askedPreview(request: FastifyRequest): PreviewRequest | null {
  if (request.previewAsked === undefined) request.previewAsked = previewRequest(request.url);
  return request.previewAsked;
}
